// /api/admin/seasons (the admin check is made by the parent router): seasons and their
// tournaments (docs/product.md "Seasons").
import { Hono } from 'hono'
import { CreateSeasonInputSchema, UpdateSeasonInputSchema } from '#shared/schemas/season'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import {
  createSeason,
  deleteSeason,
  listAdminSeasons,
  putSeasonTournament,
  removeSeasonTournament,
  updateSeason,
} from './seasons-admin.service'

export function createAdminSeasonRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await listAdminSeasons(db), 200))
    .post('/', validate('json', CreateSeasonInputSchema), async (c) =>
      c.json(await createSeason(db, c.var.user.id, c.req.valid('json')), 201),
    )
    .patch('/:id', validate('json', UpdateSeasonInputSchema), async (c) =>
      c.json(await updateSeason(db, c.var.user.id, c.req.param('id'), c.req.valid('json')), 200),
    )
    .delete('/:id', async (c) => {
      await deleteSeason(db, c.var.user.id, c.req.param('id'))
      return c.body(null, 204)
    })
    .put('/:id/tournaments/:tournamentId', async (c) =>
      c.json(
        await putSeasonTournament(
          db,
          c.var.user.id,
          c.req.param('id'),
          c.req.param('tournamentId'),
        ),
        200,
      ),
    )
    .delete('/:id/tournaments/:tournamentId', async (c) =>
      c.json(
        await removeSeasonTournament(
          db,
          c.var.user.id,
          c.req.param('id'),
          c.req.param('tournamentId'),
        ),
        200,
      ),
    )
}
