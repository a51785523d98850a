import { Hono } from 'hono'
import { SetMvpInputSchema, TournamentInputSchema } from '../../../shared/schemas/admin'
import type { AppEnv } from '../../app-env'
import type { Database } from '../../db/client'
import { validate } from '../../middleware/validate'
import { cancelTournament, previewSettlement } from '../settlement/settlement.service'
import { generateBracket } from './admin-bracket-draw.service'
import { createTournament, setMvp, updateTournament } from './admin-tournament-edits.service'
import { getAdminTournament, listAdminTournaments } from './admin-tournaments.service'
import type { SettlementJobs } from '../settlement/settlement-jobs'
import { getSettlementProgress } from '../settlement/settlement-progress.service'

/**
 * /api/admin/tournaments (the admin check is made by the parent router). Settle answers 200 with
 * the result when the settlement ends within a moment, else 202 with the progress while the
 * chunks go on in the background (docs/decisions/056).
 */
export function createAdminTournamentRoutes({
  db,
  settlementJobs,
}: {
  db: Database
  settlementJobs: SettlementJobs
}) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await listAdminTournaments(db), 200))
    .post('/', validate('json', TournamentInputSchema), async (c) =>
      c.json(
        await createTournament(db, { actorId: c.var.user.id, input: c.req.valid('json') }),
        201,
      ),
    )
    .get('/:id', async (c) => c.json(await getAdminTournament(db, c.req.param('id')), 200))
    .put('/:id', validate('json', TournamentInputSchema), async (c) =>
      c.json(
        await updateTournament(db, {
          actorId: c.var.user.id,
          id: c.req.param('id'),
          input: c.req.valid('json'),
        }),
        200,
      ),
    )
    .post('/:id/bracket', async (c) =>
      c.json(
        await generateBracket(db, { actorId: c.var.user.id, tournamentId: c.req.param('id') }),
        201,
      ),
    )
    .post('/:id/mvp', validate('json', SetMvpInputSchema), async (c) =>
      c.json(
        await setMvp(db, {
          actorId: c.var.user.id,
          tournamentId: c.req.param('id'),
          playerId: c.req.valid('json').playerId,
        }),
        200,
      ),
    )
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
