import { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { getMyPerformance, getTournamentResults } from './results.service'

/** Public settlement results under /api/tournaments (docs/product.md "Tournament results"). */
export function createResultsRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>()
    .get('/:id/results', async (c) =>
      c.json(await getTournamentResults(db, c.req.param('id')), 200),
    )
    .get('/:id/my-performance', requireUser(auth), async (c) =>
      c.json(
        await getMyPerformance(db, { userId: c.var.user.id, tournamentId: c.req.param('id') }),
        200,
      ),
    )
}
