import { Hono } from 'hono'
import { TeamInputSchema, TournamentFilterQuerySchema } from '#shared/schemas/admin'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { createTeam, getTeam, listTeams, updateTeam } from './admin-teams.service'

/** /api/admin/teams (the admin check is made by the parent router). */
export function createAdminTeamRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>()
    .get('/', validate('query', TournamentFilterQuerySchema), async (c) =>
      c.json(await listTeams(db, c.req.valid('query')), 200),
    )
    .post('/', validate('json', TeamInputSchema), async (c) =>
      c.json(await createTeam(db, { actorId: c.var.user.id, input: c.req.valid('json') }), 201),
    )
    .get('/:id', async (c) => c.json(await getTeam(db, c.req.param('id')), 200))
    .put('/:id', validate('json', TeamInputSchema), async (c) =>
      c.json(
        await updateTeam(db, {
          actorId: c.var.user.id,
          id: c.req.param('id'),
          input: c.req.valid('json'),
        }),
        200,
      ),
    )
}
