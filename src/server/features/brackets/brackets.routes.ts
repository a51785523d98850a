import { Hono, type TypedResponse } from 'hono'
import type { AppEnv } from '../../app-env'
import type { Auth } from '../../auth/auth'
import { requireUser } from '../../auth/session'
import type { Database } from '../../db/client'
import { validate } from '../../middleware/validate'
import { ContestQuerySchema } from '../../../shared/schemas/contest'
import { getFanBracket } from './brackets.service'
import type { Popularity } from '../../../shared/schemas/brackets'
import { getPopularityJson } from './popularity.service'

/**
 * Fans' brackets under /api/tournaments (docs/product.md §16). A bracket needs a session and is
 * private to its owner until betting closes (docs/decisions/095); the People's Bracket names no
 * fan and is public once betting has closed (docs/decisions/096).
 */
export function createBracketRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return (
    new Hono<AppEnv>()
      .get('/:id/brackets/:username', requireUser(auth), async (c) =>
        c.json(
          await getFanBracket(db, {
            viewerId: c.var.user.id,
            tournamentId: c.req.param('id'),
            username: c.req.param('username'),
          }),
          200,
        ),
      )
      // The stored answer is sent as the JSON text it is kept as (no parse and re-serialise).
      .get(
        '/:id/popularity',
        validate('query', ContestQuerySchema),
        async (c) =>
          c.body(
            await getPopularityJson(
              db,
              c.req.param('id'),
              new Date(),
              c.req.valid('query').contest,
            ),
            200,
            {
              'Content-Type': 'application/json',
            },
          ) as unknown as TypedResponse<Popularity, 200, 'json'>,
      )
  )
}
