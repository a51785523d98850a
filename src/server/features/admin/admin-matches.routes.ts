import { Hono } from 'hono'
import { MatchInputSchema, TournamentFilterQuerySchema } from '#shared/schemas/admin'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { getMatch, listMatches } from './admin-match-reads.service'
import { createMatch, updateMatch } from './admin-matches.service'

/** /api/admin/matches (the admin check is made by the parent router). */
export function createAdminMatchRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>()
    .get('/', validate('query', TournamentFilterQuerySchema), async (c) =>
      c.json(await listMatches(db, c.req.valid('query')), 200),
    )
    .post('/', validate('json', MatchInputSchema), async (c) =>
      c.json(await createMatch(db, { actorId: c.var.user.id, input: c.req.valid('json') }), 201),
    )
    .get('/:id', async (c) => c.json(await getMatch(db, c.req.param('id')), 200))
    .put('/:id', validate('json', MatchInputSchema), async (c) =>
      c.json(
        await updateMatch(db, {
          actorId: c.var.user.id,
          id: c.req.param('id'),
          input: c.req.valid('json'),
        }),
        200,
      ),
    )
}
