import { Hono } from 'hono'
import { MyInsightQuerySchema } from '#shared/schemas/insight'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { getMyInsight } from './insight.service'

/** The signed-in fan's insight for their own bracket, under /api/tournaments (decision 098). */
export function createInsightRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>().get(
    '/:id/my-insight',
    requireUser(auth),
    validate('query', MyInsightQuerySchema),
    async (c) =>
      c.json(
        await getMyInsight(db, {
          userId: c.var.user.id,
          tournamentId: c.req.param('id'),
          ...c.req.valid('query'),
        }),
        200,
      ),
  )
}
