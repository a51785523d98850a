import { Hono } from 'hono'
import { MyBetsQuerySchema } from '#shared/schemas/bet'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { getMyStats, listMyBets } from './bets.service'

/**
 * GET /api/me/bets and /api/me/stats. Mounted at /me before the account routes: the session is
 * checked per route here, so a request is looked up once.
 */
export function createMyBetsRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>()
    .get('/bets', requireUser(auth), validate('query', MyBetsQuerySchema), async (c) =>
      c.json(await listMyBets(db, { userId: c.var.user.id, ...c.req.valid('query') }), 200),
    )
    .get('/stats', requireUser(auth), async (c) =>
      c.json(await getMyStats(db, { userId: c.var.user.id }), 200),
    )
}
