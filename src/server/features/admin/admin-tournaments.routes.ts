import { Hono } from 'hono'
import { SetMvpInputSchema, TournamentInputSchema } from '#shared/schemas/admin'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { generateBracket } from './admin-bracket-draw.service'
import { createTournament, setMvp, updateTournament } from './admin-tournament-edits.service'
import { getAdminTournament, listAdminTournaments } from './admin-tournaments.service'

/**
 * /api/admin/tournaments (the admin check is made by the parent router). Settling, cancelling
 * and their preview and progress are the settlement feature's (settlement/settlement.routes.ts).
 */
export function createAdminTournamentRoutes({ db }: { db: Database }) {
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
}
