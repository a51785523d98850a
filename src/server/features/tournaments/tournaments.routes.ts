import { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import type { Database } from '#server/db/client'
import {
  getPrizePoolInfo,
  getTournamentDetail,
  listTournaments,
} from '#server/game/tournament-reads'
import { findViewerId } from '#server/auth/viewer'

/**
 * /api/tournaments. Reading is open to visitors (hasBet is then false). Unknown and malformed ids
 * are 404 NOT_FOUND. A fan's bet on a tournament: bets/bets.routes.ts.
 */
export function createTournamentRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>()
    .get('/', async (c) =>
      c.json(await listTournaments(db, { userId: await findViewerId(c, auth) }), 200),
    )
    .get('/:id', async (c) =>
      c.json(
        await getTournamentDetail(db, c.req.param('id'), { userId: await findViewerId(c, auth) }),
        200,
      ),
    )
    .get('/:id/prize-pool', async (c) => c.json(await getPrizePoolInfo(db, c.req.param('id')), 200))
}
