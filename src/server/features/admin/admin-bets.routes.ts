import { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { getBetHistory } from './admin-bet-history.service'

/** /api/admin/bets (the admin check is made by the parent router). */
export function createAdminBetRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>().get('/:betId/history', async (c) =>
    c.json(await getBetHistory(db, c.req.param('betId')), 200),
  )
}
