// The signed session cache cookie (docs/decisions/060): placing a bet and reading the leaderboard
// trust it for SESSION_CACHE_SECONDS, every other route reads the session row and so sees a
// revocation at once.
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { betBody, insertBracketTournament, signInAs } from '../../../tests/game-factories'
import { createTestApp, createTestEnv } from '../../../tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/test-database'
import { session } from '../db/auth-schema'
import { bets } from '../db/schema'
import { createLogger } from '../logger'
import { createMailer } from '../mail/mailer'
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

  it('lets a bet through on the cache until it expires, while /api/me refuses at once', async () => {
    const { fan, bracket } = await signedInFanWithRevokedSession()
    const path = `/api/tournaments/${bracket.tournament.id}/bets`

    expect((await fan.browser.post(path, betBody(bracket))).status).toBe(201)
    expect((await fan.browser.get('/api/me')).status).toBe(401)
  })

  it('shows the leaderboard on the cache of a revoked session, and nothing else', async () => {
    const { fan } = await signedInFanWithRevokedSession()

    expect((await fan.browser.get('/api/leaderboard?limit=10')).status).toBe(200)
    expect((await fan.browser.get('/api/leaderboard/me')).status).toBe(200)
    expect((await fan.browser.get('/api/me/bets')).status).toBe(401)
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
