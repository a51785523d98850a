import { Hono } from 'hono'
import type { SessionAnswer } from '#shared/schemas/me'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { readSessionUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { getMe } from './me.service'

/**
 * GET /api/session: the web app's one question per page load, "who is signed in?". A visitor
 * gets 200 { me: null } rather than GET /api/me's 401, which every browser logs as an error. The
 * session row is read like GET /api/me does (no cached session), and only the caller's own.
 */
export function createSessionRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const user = await readSessionUser(auth, c.req.raw.headers, (cookie) =>
      c.header('Set-Cookie', cookie, { append: true }),
    )
    const answer: SessionAnswer = { me: user ? await getMe(db, user) : null }
    return c.json(answer, 200)
  })
}
