// The signed session cache cookie (docs/decisions/060, 066): placing a bet and reading the
// leaderboard trust it for SESSION_CACHE_SECONDS unless its session has been revoked since; every
// other route reads the session row. A revocation (reset, ban, sign-out, sign out everywhere)
// holds at once in the process that made it and within SESSION_REVOCATION_SYNC_MS in the others.
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readMailbox, tokenFromMail } from '#tests/accounts'
import {
  betBody,
  getBalance,
  insertBracketTournament,
  signInAs,
  type BracketTournament,
} from '#tests/game-factories'
import { createTestApp, createTestEnv, type TestSetup } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { session } from '#server/db/auth-schema'
import { bets } from '#server/db/schema'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import { createLogger } from '#server/logger'
import { createMailer } from '#server/mail/mailer'
import { createAuth, SESSION_CACHE_SECONDS } from './auth'

const SESSION_DATA_COOKIE = 'golden-point.session_data'

describe.each(testDatabaseKinds)('session cache cookie on %s', (kind) => {
  const database = useTestDatabase(kind)

  afterEach(() => {
    vi.useRealTimers()
  })

  async function signedInFanWithRevokedSession() {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    expect(fan.browser.cookies.has(SESSION_DATA_COOKIE)).toBe(true)
    // Revoked elsewhere (a password reset, a ban): the row is gone, the browser keeps its cookies.
    await db.delete(session).where(eq(session.userId, fan.userId))
    return { fan, bracket: await insertBracketTournament(db) }
  }

  /** Another device holding a copy of the fan's cookies, fresh cache included. */
  function copyOfBrowser(setup: TestSetup, browser: TestBrowser): TestBrowser {
    const copy = new TestBrowser(setup.app)
    for (const [name, value] of browser.cookies) copy.cookies.set(name, value)
    return copy
  }

  async function expectNoBetPlaced(
    device: TestBrowser,
    account: { userId: string },
    bracket: BracketTournament,
  ) {
    const { db } = database()
    const before = await getBalance(db, account.userId)
    const res = await device.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket),
    )
    expect(res.status).toBe(401)
    expect(await getBalance(db, account.userId)).toBe(before)
    expect((await device.get('/api/leaderboard?limit=10')).status).toBe(401)
    expect((await device.get('/api/leaderboard/me')).status).toBe(401)
  }

  async function signedInFanWithOtherDevice() {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    expect(fan.browser.cookies.has(SESSION_DATA_COOKIE)).toBe(true)
    const otherDevice = copyOfBrowser(setup, fan.browser)
    // The other device's cache is good: it bets on it while nothing is revoked.
    const warmUp = await insertBracketTournament(db)
    const placed = await otherDevice.post(
      `/api/tournaments/${warmUp.tournament.id}/bets`,
      betBody(warmUp),
    )
    expect(placed.status).toBe(201)
    return { setup, fan, otherDevice, bracket: await insertBracketTournament(db) }
  }

  it('refuses bets and the leaderboard at once after a password reset', async () => {
    const { setup, fan, otherDevice, bracket } = await signedInFanWithOtherDevice()
    const visitor = new TestBrowser(setup.app)
    await visitor.post('/api/auth/request-password-reset', { email: fan.email })
    const [mail] = await readMailbox(setup, database(), fan.email)
    const reset = await visitor.post('/api/auth/reset-password', {
      token: tokenFromMail(mail!),
      newPassword: 'a-brand-new-Password-42',
    })
    expect(reset.status).toBe(200)

    await expectNoBetPlaced(otherDevice, fan, bracket)
  })

  it('refuses bets at once after a ban', async () => {
    const { setup, fan, otherDevice, bracket } = await signedInFanWithOtherDevice()
    const admin = await signInAdmin(setup, database().db)
    const banned = await admin.browser.post('/api/auth/admin/ban-user', { userId: fan.userId })
    expect(banned.status).toBe(200)

    await expectNoBetPlaced(otherDevice, fan, bracket)
  })

  it('refuses bets at once after "sign out everywhere" and after a sign-out', async () => {
    const { fan, otherDevice, bracket } = await signedInFanWithOtherDevice()
    expect((await fan.browser.post('/api/auth/revoke-sessions', {})).status).toBe(200)
    await expectNoBetPlaced(otherDevice, fan, bracket)

    // A sign-out ends that session for every copy of its cookies, not only the browser's own.
    const setup = createTestApp(database())
    const again = await signInAs(setup, database().db)
    const stolen = copyOfBrowser(setup, again.browser)
    expect((await again.browser.post('/api/auth/sign-out', {})).status).toBe(200)
    await expectNoBetPlaced(stolen, again, bracket)
  })

  it('sees a session deleted by another process within SESSION_REVOCATION_SYNC_MS', async () => {
    const { fan, otherDevice, bracket } = await signedInFanWithOtherDevice()
    vi.useFakeTimers({ toFake: ['Date'] })
    await database().db.delete(session).where(eq(session.userId, fan.userId))
    vi.setSystemTime(Date.now() + createTestEnv().SESSION_REVOCATION_SYNC_MS + 1)

    await expectNoBetPlaced(otherDevice, fan, bracket)
  })

  it("never lets better-auth's own routes trust the cache of a deleted session", async () => {
    const { fan, otherDevice } = await signedInFanWithOtherDevice()
    await database().db.delete(session).where(eq(session.userId, fan.userId))

    const res = await otherDevice.get('/api/auth/get-session')
    expect(res.status).toBe(200)
    expect(await res.json()).toBeNull()
    expect((await otherDevice.get('/api/auth/list-sessions')).status).toBe(401)
  })

  it('places a bet on a valid cache without asking better-auth (no session read)', async () => {
    const { db } = database()
    const env = createTestEnv()
    const logger = createLogger(env)
    const mailer = createMailer({ env, db, logger })
    const auth = createAuth({ env, db, mailer, logger })
    const setup = createTestApp(database(), { auth, mailer })
    const fan = await signInAs(setup, db)
    const bracket = await insertBracketTournament(db)
    const getSession = vi.spyOn(auth.api, 'getSession')

    const res = await fan.browser.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket),
    )
    expect(res.status).toBe(201)
    expect(getSession).not.toHaveBeenCalled()
  })

  it('never trusts a cache whose content was changed: the session row decides', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    const victim = await signInAs(setup, db)
    const bracket = await insertBracketTournament(db)
    const cache = decodeCache(fan.browser.cookies.get(SESSION_DATA_COOKIE)!)
    cache.session.user.id = victim.userId
    fan.browser.cookies.set(SESSION_DATA_COOKIE, encodeCache(cache))

    const res = await fan.browser.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket),
    )
    expect(res.status).toBe(201)
    const placed = await db.select().from(bets).where(eq(bets.tournamentId, bracket.tournament.id))
    expect(placed.map((bet) => bet.userId)).toEqual([fan.userId])
  })

  it("refuses another session's cache next to a revoked session's token", async () => {
    const { fan, bracket } = await signedInFanWithRevokedSession()
    const other = await signInAs(createTestApp(database()), database().db)
    fan.browser.cookies.set(SESSION_DATA_COOKIE, other.browser.cookies.get(SESSION_DATA_COOKIE)!)

    const res = await fan.browser.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket),
    )
    expect(res.status).toBe(401)
  })

  it('refuses a bet once the cache is older than SESSION_CACHE_SECONDS', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { fan, bracket } = await signedInFanWithRevokedSession()
    vi.setSystemTime(Date.now() + (SESSION_CACHE_SECONDS + 1) * 1000)

    const res = await fan.browser.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket),
    )
    expect(res.status).toBe(401)
  })

  it('refuses a bet without the cache cookie once the session is revoked', async () => {
    const { fan, bracket } = await signedInFanWithRevokedSession()
    fan.browser.cookies.delete(SESSION_DATA_COOKIE)

    const res = await fan.browser.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket),
    )
    expect(res.status).toBe(401)
  })
})

interface CacheCookie {
  session: { user: { id: string } }
}

function decodeCache(value: string): CacheCookie {
  return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as CacheCookie
}

function encodeCache(cache: CacheCookie): string {
  return Buffer.from(JSON.stringify(cache)).toString('base64url')
}
