// The fast session-row read (decision 114) answers exactly as better-auth's getSession does in
// the common case, cookie for cookie, and leaves every other case to it.
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signInAs } from '#tests/game-factories'
import { createTestApp, createTestEnv } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { session } from '#server/db/auth-schema'
import { createLogger } from '#server/logger'
import { createMailer } from '#server/mail/mailer'
import { createAuth } from './auth'
import { readSessionUser } from './session'
import { readSessionRow } from './session-row'

const TOKEN_COOKIE = 'golden-point.session_token'
const DATA_COOKIE = 'golden-point.session_data'
const DAY_MS = 24 * 60 * 60 * 1000

describe.each(testDatabaseKinds)('reading the session row on %s', (kind) => {
  const database = useTestDatabase(kind)

  afterEach(() => {
    vi.useRealTimers()
  })

  async function signedIn() {
    const { db } = database()
    const env = createTestEnv()
    const logger = createLogger(env)
    const mailer = createMailer({ env, db, logger })
    const auth = createAuth({ env, db, mailer, logger })
    const fan = await signInAs(createTestApp(database(), { auth, mailer }), db)
    const cookieHeader = [...fan.browser.cookies]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ')
    return { auth, fan, cookieHeader }
  }

  /** better-auth's own answer: the user and the Set-Cookie lines. */
  async function betterAuthAnswer(auth: ReturnType<typeof createAuth>, cookieHeader: string) {
    const { headers, response } = await auth.api.getSession({
      headers: new Headers({ Cookie: cookieHeader }),
      query: { disableCookieCache: true },
      returnHeaders: true,
    })
    return { userId: response?.user.id ?? null, cookies: headers.getSetCookie() }
  }

  async function fastAnswer(auth: ReturnType<typeof createAuth>, cookieHeader: string) {
    const cookies: string[] = []
    const user = await readSessionRow(auth, cookieHeader, (cookie) => cookies.push(cookie))
    return { user, cookies }
  }

  it('answers the user and sets the same cache cookie as better-auth, byte for byte', async () => {
    const { auth, fan, cookieHeader } = await signedIn()
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] })

    const fast = await fastAnswer(auth, cookieHeader)
    const reference = await betterAuthAnswer(auth, cookieHeader)

    expect(fast.user).toMatchObject({ id: fan.userId, email: fan.email, role: 'user' })
    expect(reference.userId).toBe(fan.userId)
    expect(reference.cookies).toHaveLength(1)
    expect(reference.cookies[0]).toMatch(new RegExp(`^${DATA_COOKIE}=`))
    expect(fast.cookies).toEqual(reference.cookies)
  })

  it('answers "no session" where better-auth does before reading anything', async () => {
    const { auth, cookieHeader } = await signedIn()
    const token = decodeURIComponent(cookieHeader.match(/session_token=([^;]+)/)![1]!)
    const forged = `${TOKEN_COOKIE}=${encodeURIComponent(`${token.split('.')[0]}.${'A'.repeat(43)}=`)}`

    for (const header of [`${DATA_COOKIE}=x`, forged, `${TOKEN_COOKIE}=unsigned`]) {
      expect((await fastAnswer(auth, header)).user).toBeNull()
      expect((await betterAuthAnswer(auth, header)).userId).toBeNull()
    }
  })

  it('leaves a deleted, an expired or a day-old session and the rarer cookies to better-auth', async () => {
    const { auth, fan, cookieHeader } = await signedIn()
    const { db } = database()
    const withRow = async (expiresAt: Date) =>
      db.update(session).set({ expiresAt }).where(eq(session.userId, fan.userId))

    // Due for better-auth's daily refresh (7-day sessions, refreshed after a day).
    await withRow(new Date(Date.now() + 5 * DAY_MS))
    expect((await fastAnswer(auth, cookieHeader)).user).toBeUndefined()
    const refreshed: string[] = []
    const user = await readSessionUser(auth, new Headers({ Cookie: cookieHeader }), (cookie) =>
      refreshed.push(cookie),
    )
    expect(user?.id).toBe(fan.userId)
    expect(refreshed.some((cookie) => cookie.startsWith(`${TOKEN_COOKIE}=`))).toBe(true)

    await withRow(new Date(Date.now() + 7 * DAY_MS - 1000))
    expect((await fastAnswer(auth, cookieHeader)).user).toMatchObject({ id: fan.userId })
    expect((await fastAnswer(auth, `${cookieHeader}; golden-point.dont_remember=x`)).user).toBe(
      undefined,
    )
    expect((await fastAnswer(auth, `${cookieHeader}; ${DATA_COOKIE}.0=x`)).user).toBeUndefined()

    await withRow(new Date(Date.now() - 1000))
    expect((await fastAnswer(auth, cookieHeader)).user).toBeUndefined()
    expect(await readSessionUser(auth, new Headers({ Cookie: cookieHeader }))).toBeNull()

    await db.delete(session).where(eq(session.userId, fan.userId))
    expect((await fastAnswer(auth, cookieHeader)).user).toBeUndefined()
    expect(await readSessionUser(auth, new Headers({ Cookie: cookieHeader }))).toBeNull()
  })
})
