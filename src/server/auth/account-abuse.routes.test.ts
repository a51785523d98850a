// Mail bombing and lock-out (issue #14, item 7; docs/decisions/067): an hourly cap of account
// mails per address whoever asks, a browser that signed in before kept out of the account's
// throttle, and forgot-password answering in the same time whether the account exists or not.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createVerifiedAccount,
  readMailbox,
  signUp,
  STRONG_PASSWORD,
  uniqueEmail,
} from '#tests/accounts'
import { createTestApp, type TestSetup } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { TRUSTED_DEVICE_COOKIE } from './trusted-device'

const forgot = (setup: TestSetup, email: string) =>
  new TestBrowser(setup.app).post('/api/auth/request-password-reset', { email })
const resend = (setup: TestSetup, email: string) =>
  new TestBrowser(setup.app).post('/api/auth/send-verification-email', { email })
const signIn = (browser: TestBrowser, email: string, password: string) =>
  browser.post('/api/auth/sign-in/email', { email, password })

describe.each(testDatabaseKinds)('mail bombing and lock-out on %s', (kind) => {
  const database = useTestDatabase(kind)
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sends at most 5 account mails an hour to one address, from any number of clients, answering alike', async () => {
    const setup = createTestApp(database(), { env: { AUTH_MAIL_REQUEST_MIN_MS: '0' } })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-05-01T10:00:00Z'))
    const { email } = await createVerifiedAccount(setup, database())
    const answers = []
    for (let i = 0; i < 12; i++) {
      const res = await forgot(setup, email)
      answers.push([res.status, await res.json()])
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1)
    expect(answers[0]![0]).toBe(200)
    // The confirmation mail of the sign-up was the first of the hour.
    expect(await readMailbox(setup, database(), email)).toHaveLength(5)

    vi.setSystemTime(new Date('2030-05-01T11:00:01Z'))
    expect((await forgot(setup, email)).status).toBe(200)
    expect(await readMailbox(setup, database(), email)).toHaveLength(6)
  })

  it('counts confirmation mails, resends and repeated sign-ups of one address under the same cap', async () => {
    const setup = createTestApp(database(), { env: { AUTH_MAIL_REQUEST_MIN_MS: '0' } })
    const { input } = await signUp(new TestBrowser(setup.app))
    for (let i = 0; i < 4; i++) {
      expect((await resend(setup, input.email)).status).toBe(200)
      const again = await signUp(new TestBrowser(setup.app), { email: input.email.toUpperCase() })
      expect(again.res.status).toBe(200)
      expect((await forgot(setup, input.email)).status).toBe(200)
    }
    expect(await readMailbox(setup, database(), input.email)).toHaveLength(5)
    // Another address is not held up by it.
    const other = await signUp(new TestBrowser(setup.app))
    expect(await readMailbox(setup, database(), other.input.email)).toHaveLength(1)
  })

  it('holds the cap when 20 requests for one address arrive at once', async () => {
    const setup = createTestApp(database(), { env: { AUTH_MAIL_REQUEST_MIN_MS: '0' } })
    const { email } = await createVerifiedAccount(setup, database())
    const answers = await Promise.all(Array.from({ length: 20 }, () => forgot(setup, email)))
    expect(answers.every((res) => res.status === 200)).toBe(true)
    expect(await readMailbox(setup, database(), email)).toHaveLength(5)
  })

  it('lets the owner in from a browser that signed in before while an attacker keeps the account throttled', async () => {
    const setup = createTestApp(database())
    const { email } = await createVerifiedAccount(setup, database())
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-05-02T09:59:00Z'))
    const laptop = new TestBrowser(setup.app)
    expect((await signIn(laptop, email, STRONG_PASSWORD)).status).toBe(200)
    const deviceCookie = laptop.lastSetCookies.find((c) => c.startsWith(TRUSTED_DEVICE_COOKIE))
    expect(deviceCookie).toMatch(/; HttpOnly/)
    expect(deviceCookie).toMatch(/; Path=\/api\/auth/)
    expect(deviceCookie).toMatch(/; SameSite=Strict/)

    vi.setSystemTime(new Date('2030-05-02T10:00:00Z'))
    // The attacker, from 120 addresses, runs into the account's throttle…
    const statuses = []
    for (let i = 0; i < 120; i++) {
      statuses.push((await signIn(new TestBrowser(setup.app), email, `guess-${i}`)).status)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual(Array(110).fill(429))
    // …and stays throttled for any new browser, the owner's right password included…
    expect((await signIn(new TestBrowser(setup.app), email, STRONG_PASSWORD)).status).toBe(429)
    // …but the owner's laptop signs in.
    expect((await signIn(laptop, email, STRONG_PASSWORD)).status).toBe(200)
    expect((await laptop.get('/api/me')).status).toBe(200)
    // The owner's success does not reopen the account to the attacker.
    expect((await signIn(new TestBrowser(setup.app), email, 'guess-more')).status).toBe(429)
  })

  it('throttles a trusted browser on its own count, and trusts it for its own account only', async () => {
    // One browser makes many attempts here: its address's own limit is not what is tested.
    const setup = createTestApp(database(), { env: { AUTH_RATE_LIMIT_SIGN_IN_MAX: '1000' } })
    const owner = await createVerifiedAccount(setup, database())
    const other = await createVerifiedAccount(setup, database())
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2030-05-03T10:00:00Z'))
    const laptop = new TestBrowser(setup.app)
    expect((await signIn(laptop, other.email, STRONG_PASSWORD)).status).toBe(200)

    // The laptop's device cookie is for the other account: for this one it is a stranger.
    for (let i = 0; i < 10; i++) {
      expect((await signIn(laptop, owner.email, `guess-${i}`)).status).toBe(401)
    }
    expect((await signIn(laptop, owner.email, STRONG_PASSWORD)).status).toBe(429)

    // The other account throttled by strangers; a forged device cookie is a stranger too.
    for (let i = 0; i < 10; i++) await signIn(new TestBrowser(setup.app), other.email, `x-${i}`)
    expect((await signIn(new TestBrowser(setup.app), other.email, STRONG_PASSWORD)).status).toBe(
      429,
    )
    const [id, expires] = laptop.cookies.get(TRUSTED_DEVICE_COOKIE)!.split('.')
    const forged = new TestBrowser(setup.app)
    forged.cookies.set(TRUSTED_DEVICE_COOKIE, `${id}.${Number(expires) + 1}.${'A'.repeat(43)}`)
    expect((await signIn(forged, other.email, STRONG_PASSWORD)).status).toBe(429)
    expect((await signIn(laptop, other.email, STRONG_PASSWORD)).status).toBe(200)

    // The laptop's own typos have a burst of their own.
    for (let i = 0; i < 10; i++) {
      expect((await signIn(laptop, other.email, `typo-${i}`)).status).toBe(401)
    }
    expect((await signIn(laptop, other.email, STRONG_PASSWORD)).status).toBe(429)
  })

  it('answers forgot-password no sooner than AUTH_MAIL_REQUEST_MIN_MS, account or not', async () => {
    const setup = createTestApp(database(), {
      env: { AUTH_MAIL_REQUEST_MIN_MS: '300', AUTH_MAIL_PER_ADDRESS_HOURLY_MAX: '100' },
    })
    const { email } = await createVerifiedAccount(setup, database())
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 5; i++) {
      for (const [address, times] of [
        [email, known],
        [uniqueEmail('nobody'), unknown],
      ] as const) {
        const started = performance.now()
        const res = await forgot(setup, address)
        times.push(performance.now() - started)
        expect(res.status).toBe(200)
      }
    }
    // The floor hides the work an existing account causes (a token, the mail cap's count) as long
    // as that work takes less; how close the two come is measured over HTTP against the built
    // server (reliability/account-abuse.test.ts), where a loaded test runner does not add to it.
    expect(Math.min(...known, ...unknown)).toBeGreaterThanOrEqual(299)
  })
})
