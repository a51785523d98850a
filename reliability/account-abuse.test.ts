// Account abuse over HTTP against the built server (issue #14, items 5–7; docs/decisions/067):
// display names that impersonate, passwords an attacker tries first, mail bombing of one address,
// an attacker locking an account's owner out, and forgot-password timing that tells whether an
// account exists. Every client is 127.0.0.1, so the per-address limits are lifted
// (server-process.ts) and what is measured is the per-account rules.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmedAccount, CookieBrowser, mailboxOf, tokenIn } from '#tests/http-client'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import { createServerPglite, createServerPostgres } from '#tests/server-database'
import type { ServerProcess } from '#tests/server-process'
import { startReliabilityServer } from './support/reliability-server'

const PASSWORD = 'reliability-Fan-Password-2026'
const MAIL_CAP = 5
const MIN_MS = 400
const TIMING_PAIRS = 20

const kinds = TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)

function newUser(prefix: string) {
  const id = randomUUID().replaceAll('-', '').slice(0, 10)
  return { username: `${prefix}_${id}`, email: `${prefix}-${id}@example.test`, password: PASSWORD }
}

const reasonOf = (body: unknown) =>
  (body as { error?: { code?: string; details?: { reason?: string } } }).error

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

describe.each(kinds)('account abuse over HTTP on %s', (kind) => {
  let server: ServerProcess
  let cleanUp: () => Promise<void> = async () => {}
  const origin = () => server.origin

  beforeAll(async () => {
    if (kind === 'postgres') {
      const database = await createServerPostgres()
      server = await startReliabilityServer({ databaseUrl: database.url })
      cleanUp = () => database.drop()
    } else {
      const folder = createServerPglite()
      // Migrated before the server starts, as the other suites do: start-up then only opens it.
      await (await folder.open()).close()
      server = await startReliabilityServer({ dataDir: folder.dataDir })
      cleanUp = async () => folder.remove()
    }
  })
  afterAll(async () => {
    await server?.kill9()
    await cleanUp()
  })

  it('refuses display names that are not the username, and a sign-up without a username', async () => {
    const victim = newUser('victim')
    await confirmedAccount(origin(), victim)
    const attempts = [
      victim.username,
      'Admin Team',
      `${victim.username}\u200B`,
      `\u202E${victim.username}`,
      'x'.repeat(300),
    ]
    for (const displayUsername of attempts) {
      const user = newUser('mallory')
      const answer = await new CookieBrowser(origin()).request('/api/auth/sign-up/email', {
        ...user,
        displayUsername,
      })
      expect(answer.status).toBe(400)
      expect(reasonOf(answer.body)).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { reason: 'INVALID_DISPLAY_USERNAME' },
      })
      expect(await mailboxOf(origin(), user.email)).toEqual([])
    }
    const nameless = newUser('nameless')
    const answer = await new CookieBrowser(origin()).request('/api/auth/sign-up/email', {
      email: nameless.email,
      password: PASSWORD,
    })
    expect(reasonOf(answer.body)?.details?.reason).toBe('USERNAME_REQUIRED')

    const mallory = newUser('mallory')
    const browser = await confirmedAccount(origin(), mallory)
    for (const body of [
      ...attempts.map((displayUsername) => ({ displayUsername })),
      { name: 'n'.repeat(300) },
      { image: 'https://evil.example/admin.png' },
    ]) {
      const refused = await browser.request('/api/auth/update-user', body)
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400)
    }
    const me = await browser.request('/api/me')
    expect((me.body as { user: { username: string } }).user.username).toBe(mallory.username)
  })

  it('refuses common passwords and the username at sign-up and reset', async () => {
    const user = newUser('weak')
    for (const password of ['password', '12345678', 'iloveyou1', user.username]) {
      const answer = await new CookieBrowser(origin()).request('/api/auth/sign-up/email', {
        ...user,
        password,
      })
      expect(reasonOf(answer.body)?.details?.reason, password).toBe('PASSWORD_TOO_WEAK')
    }
    expect(await mailboxOf(origin(), user.email)).toEqual([])

    await confirmedAccount(origin(), user)
    await new CookieBrowser(origin()).request('/api/auth/request-password-reset', {
      email: user.email,
    })
    const [mail] = await mailboxOf(origin(), user.email)
    const token = tokenIn(mail!)
    const weak = await new CookieBrowser(origin()).request('/api/auth/reset-password', {
      token,
      newPassword: 'password1',
    })
    expect(reasonOf(weak.body)?.details?.reason).toBe('PASSWORD_TOO_WEAK')
    const good = await new CookieBrowser(origin()).request('/api/auth/reset-password', {
      token,
      newPassword: 'another-Reliable-Padel-2027',
    })
    expect(good.status).toBe(200)
  })

  it(`sends at most ${MAIL_CAP} account mails an hour to one address, however asked`, async () => {
    const user = newUser('bombed')
    await confirmedAccount(origin(), user)
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        new CookieBrowser(origin()).request(
          i % 2 === 0 ? '/api/auth/request-password-reset' : '/api/auth/send-verification-email',
          { email: i % 3 === 0 ? user.email.toUpperCase() : user.email },
        ),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200))
    expect(await mailboxOf(origin(), user.email)).toHaveLength(MAIL_CAP)
  })

  it('lets the owner in from a browser used before while an attacker keeps the account throttled', async () => {
    const user = newUser('owner')
    await confirmedAccount(origin(), user)
    const laptop = new CookieBrowser(origin())
    const first = await laptop.request('/api/auth/sign-in/email', user)
    expect(first.status).toBe(200)

    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        new CookieBrowser(origin()).request('/api/auth/sign-in/email', {
          email: user.email,
          password: `guess-${i}`,
        }),
      ),
    )
    const statuses = guesses.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(30)

    const stranger = await new CookieBrowser(origin()).request('/api/auth/sign-in/email', user)
    expect(stranger.status).toBe(429)
    const owner = await laptop.request('/api/auth/sign-in/email', user)
    expect(owner.status).toBe(200)
    expect((await laptop.request('/api/me')).status).toBe(200)
  })

  it(`answers forgot-password in the same time, account or not (no sooner than ${MIN_MS} ms)`, async () => {
    // Accounts enough that each gets two requests: with its confirmation, under the mail cap.
    const known: string[] = []
    for (let i = 0; i < TIMING_PAIRS / 2; i++) {
      const user = newUser('timed')
      await confirmedAccount(origin(), user)
      known.push(user.email, user.email)
    }
    const times = { known: [] as number[], unknown: [] as number[] }
    for (let i = 0; i < TIMING_PAIRS; i++) {
      for (const [which, email] of [
        ['known', known[i]!],
        ['unknown', newUser('nobody').email],
      ] as const) {
        const answer = await new CookieBrowser(origin()).request(
          '/api/auth/request-password-reset',
          { email },
        )
        expect(answer.status).toBe(200)
        times[which].push(answer.ms)
      }
    }
    const difference = Math.abs(median(times.known) - median(times.unknown))
    console.info(`[account-abuse] forgot-password on ${kind}`, {
      knownMedianMs: Math.round(median(times.known)),
      unknownMedianMs: Math.round(median(times.unknown)),
      differenceMs: Math.round(difference),
    })
    expect(Math.min(...times.known, ...times.unknown)).toBeGreaterThanOrEqual(MIN_MS - 1)
    expect(difference).toBeLessThan(25)
  })
})
