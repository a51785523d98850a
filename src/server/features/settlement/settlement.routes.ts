import { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { cancelTournament } from './cancel.service'
import { previewSettlement } from './preview.service'
import type { SettlementJobs } from './settlement-jobs'
import { getSettlementProgress } from './settlement-progress.service'

/**
 * The admin's settlement routes under /api/admin/tournaments (the admin check is made by the
 * parent router, admin.routes.ts). Settle answers 200 with the result when the settlement ends
 * within a moment, else 202 with the progress while the chunks go on in the background
 * (docs/decisions/056).
 */
export function createSettlementRoutes({
  db,
  settlementJobs,
}: {
  db: Database
  settlementJobs: SettlementJobs
}) {
  return new Hono<AppEnv>()
    .get('/:id/settlement-preview', async (c) =>
      c.json(await previewSettlement(db, c.req.param('id')), 200),
    )
    .post('/:id/settle', async (c) => {
      const tournamentId = c.req.param('id')
      const result = await settlementJobs.settle({ actorId: c.var.user.id, tournamentId })
      if (result) return c.json(result, 200)
      return c.json(await getSettlementProgress(db, tournamentId), 202)
    })
    .get('/:id/settlement', async (c) =>
      c.json(await getSettlementProgress(db, c.req.param('id')), 200),
    )
    .post('/:id/cancel', async (c) =>
      c.json(
        await cancelTournament(db, { actorId: c.var.user.id, tournamentId: c.req.param('id') }),
        200,
      ),
    )
}
