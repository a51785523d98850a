// Signing in: unconfirmed accounts, wrong passwords, the per-account throttle and the per-address
// rate limit (docs/decisions/033).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createVerifiedAccount, signUp, STRONG_PASSWORD, uniqueEmail } from '#tests/accounts'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { expectWalletInvariants } from '#tests/wallet-invariants'

const signIn = (browser: TestBrowser, email: string, password: string) =>
  browser.post('/api/auth/sign-in/email', { email, password })

describe.each(testDatabaseKinds)('signing in on %s', (kind) => {
  const database = useTestDatabase(kind)
  afterEach(() => {
    vi.useRealTimers()
  })

  it('signs a confirmed user in with an httpOnly session cookie and no token in the body', async () => {
    const setup = createTestApp(database())
    const { email } = await createVerifiedAccount(setup, database())
    const browser = new TestBrowser(setup.app)
    const res = await signIn(browser, email.toUpperCase(), STRONG_PASSWORD)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.token).toBeUndefined()
    expect(body.user).toMatchObject({ email, role: 'user', emailVerified: true })
    const cookie = browser.lastSetCookies.find((c) => c.startsWith('golden-point.session_token='))
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).not.toMatch(/; Secure/)
    expect((await browser.get('/api/me')).status).toBe(200)
    await expectWalletInvariants(database().db, { everyWalletHasBonus: true })
  })

  it('refuses an unconfirmed account with 403 EMAIL_NOT_VERIFIED, but only with the right password', async () => {
    const setup = createTestApp(database())
    const { input } = await signUp(new TestBrowser(setup.app))
    const right = await signIn(new TestBrowser(setup.app), input.email, STRONG_PASSWORD)
    expect(right.status).toBe(403)
    expect(await right.json()).toEqual({
      error: {
        code: 'EMAIL_NOT_VERIFIED',
        message: 'Confirm your e-mail address before signing in.',
      },
    })
    const wrong = await signIn(new TestBrowser(setup.app), input.email, 'not-the-password')
    expect(wrong.status).toBe(401)
    expect((await wrong.json()).error.code).toBe('INVALID_CREDENTIALS')
  })

  it('answers an unknown address like a wrong password', async () => {
    const setup = createTestApp(database())
    const res = await signIn(new TestBrowser(setup.app), uniqueEmail('ghost'), STRONG_PASSWORD)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'The e-mail or password is not correct.' },
    })
  })

  it('throttles 150 wrong passwords from 150 addresses with 429, and lets the right one in after the cool-down', async () => {
    const setup = createTestApp(database())
    const { email } = await createVerifiedAccount(setup, database())
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-03-01T10:00:00Z'))

    const statuses: number[] = []
    let retryAfter = ''
    for (let attempt = 0; attempt < 150; attempt++) {
      const res = await signIn(new TestBrowser(setup.app), email, `wrong-password-${attempt}`)
      statuses.push(res.status)
      if (res.status === 429) {
        retryAfter = res.headers.get('Retry-After') ?? ''
        const body = await res.json()
        expect(body.error.code).toBe('RATE_LIMITED')
        expect(body.error.details.retryAfterSeconds).toBe(Number(retryAfter))
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual(Array(140).fill(429))
    expect(Number(retryAfter)).toBeGreaterThan(0)
    expect(Number(retryAfter)).toBeLessThanOrEqual(60)

    // While throttled even the right password waits: the answer must not reveal it.
    const early = await signIn(new TestBrowser(setup.app), email, STRONG_PASSWORD)
    expect(early.status).toBe(429)

    vi.setSystemTime(new Date('2030-03-01T10:01:01Z'))
    const owner = new TestBrowser(setup.app)
    expect((await signIn(owner, email, STRONG_PASSWORD)).status).toBe(200)
    expect((await owner.get('/api/me')).status).toBe(200)
    await expectWalletInvariants(database().db, { everyWalletHasBonus: true })
  })

  it('caps failures at 100 an hour per account, across cool-downs', async () => {
    const setup = createTestApp(database())
    const { email } = await createVerifiedAccount(setup, database())
    const start = new Date('2030-03-02T10:00:00Z').getTime()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(start)

    let failures = 0
    while (failures < 100) {
      const res = await signIn(new TestBrowser(setup.app), email, 'wrong-password')
      if (res.status === 401) failures++
      else {
        expect(res.status).toBe(429)
        vi.setSystemTime(Date.now() + Number(res.headers.get('Retry-After')) * 1000)
      }
    }
    // Ten bursts of ten, a minute apart: the hourly cap now holds well beyond a cool-down.
    const capped = await signIn(new TestBrowser(setup.app), email, STRONG_PASSWORD)
    expect(capped.status).toBe(429)
    const wait = Number(capped.headers.get('Retry-After'))
    expect(wait).toBeGreaterThan(60)
    expect(Date.now() + wait * 1000).toBeLessThanOrEqual(start + 60 * 60 * 1000 + 1000)

    vi.setSystemTime(Date.now() + wait * 1000)
    expect((await signIn(new TestBrowser(setup.app), email, STRONG_PASSWORD)).status).toBe(200)
  })

  it('lets no more than the burst through when 50 wrong guesses arrive at once', async () => {
    const setup = createTestApp(database())
    const { email } = await createVerifiedAccount(setup, database())
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(new TestBrowser(setup.app), email, `guess-${i}`)),
    )
    const statuses = answers.map((res) => res.status).sort()
    expect(statuses.filter((status) => status === 401)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(40)
  })

  it('clears the count after a successful sign-in', async () => {
    const setup = createTestApp(database())
    const { email } = await createVerifiedAccount(setup, database())
    for (let i = 0; i < 9; i++) {
      expect((await signIn(new TestBrowser(setup.app), email, 'wrong-password')).status).toBe(401)
    }
    expect((await signIn(new TestBrowser(setup.app), email, STRONG_PASSWORD)).status).toBe(200)
    for (let i = 0; i < 9; i++) {
      expect((await signIn(new TestBrowser(setup.app), email, 'wrong-password')).status).toBe(401)
    }
  })

  it('rate-limits per socket address, whatever forwarding headers the client sends', async () => {
    const setup = createTestApp(database(), { env: { AUTH_RATE_LIMIT_SIGN_IN_MAX: '3' } })
    const attacker = new TestBrowser(setup.app, { address: '203.0.113.7' })
    const statuses = []
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await attacker.post(
        '/api/auth/sign-in/email',
        { email: uniqueEmail('spray'), password: 'whatever-123' },
        {
          'X-Forwarded-For': `198.51.100.${attempt}`,
          'X-Golden-Point-Client-Ip': `198.51.100.${attempt}`,
          'X-Real-Ip': `198.51.100.${attempt}`,
        },
      )
      statuses.push(res.status)
      if (res.status === 429) {
        expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0)
        expect((await res.json()).error.code).toBe('RATE_LIMITED')
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429])
    const neighbour = new TestBrowser(setup.app, { address: '203.0.113.8' })
    const res = await signIn(neighbour, uniqueEmail('other'), 'whatever-123')
    expect(res.status).toBe(401)
  })

  it('offers no sign-in by username, nor admin endpoints that create, delete or impersonate', async () => {
    const setup = createTestApp(database())
    const { email, username, browser } = await createVerifiedAccount(setup, database())
    const byUsername = await new TestBrowser(setup.app).post('/api/auth/sign-in/username', {
      username,
      password: STRONG_PASSWORD,
    })
    expect(byUsername.status).toBe(404)
    for (const path of ['create-user', 'remove-user', 'impersonate-user', 'set-user-password']) {
      const res = await browser.post(`/api/auth/admin/${path}`, { email, userId: 'x' })
      expect(res.status, path).toBe(404)
      expect((await res.json()).error.code).toBe('NOT_FOUND')
    }
  })

  it('marks the session cookie Secure in production', async () => {
    const setup = createTestApp(database(), {
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
        SMTP_URL: 'smtp://127.0.0.1:1',
        PUBLIC_URL: 'https://golden-point.test',
      },
    })
    // Production mails over SMTP: create the account directly instead of through the mailbox.
    const { insertUser } = await import('#tests/factories')
    const email = uniqueEmail('prod')
    await insertUser(database().db, { email, password: STRONG_PASSWORD })
    const browser = new TestBrowser(setup.app, { origin: 'https://golden-point.test' })
    const res = await signIn(browser, email, STRONG_PASSWORD)
    expect(res.status).toBe(200)
    const cookie = browser.lastSetCookies.find((c) => c.includes('golden-point.session_token='))
    expect(cookie).toMatch(/^__Secure-golden-point\.session_token=/)
    expect(cookie).toMatch(/; Secure/)
    expect(cookie).toMatch(/; HttpOnly/)
  })
})
