import { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { listNextMatches } from './next-matches.service'

/** GET /api/me/next-matches: the signed-in fan's own, never anyone else's (no id in the path). */
export function createNextMatchesRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>().get('/next-matches', requireUser(auth), async (c) =>
    c.json(await listNextMatches(db, { userId: c.var.user.id }), 200),
  )
}
