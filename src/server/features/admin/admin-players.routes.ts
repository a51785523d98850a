import { Hono } from 'hono'
import { PlayerInputSchema, PlayerListQuerySchema } from '#shared/schemas/admin'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { createPlayer, getPlayer, listPlayers, updatePlayer } from './admin-players.service'

/** /api/admin/players (the admin check is made by the parent router). */
export function createAdminPlayerRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>()
    .get('/', validate('query', PlayerListQuerySchema), async (c) =>
      c.json(await listPlayers(db, c.req.valid('query')), 200),
    )
    .post('/', validate('json', PlayerInputSchema), async (c) =>
      c.json(await createPlayer(db, { actorId: c.var.user.id, input: c.req.valid('json') }), 201),
    )
    .get('/:id', async (c) => c.json(await getPlayer(db, c.req.param('id')), 200))
    .put('/:id', validate('json', PlayerInputSchema), async (c) =>
      c.json(
        await updatePlayer(db, {
          actorId: c.var.user.id,
          id: c.req.param('id'),
          input: c.req.valid('json'),
        }),
        200,
      ),
    )
}
