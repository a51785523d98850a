import { Hono, type TypedResponse } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { ContestQuerySchema } from '#shared/schemas/contest'
import { getFanBracket } from './brackets.service'
import type { Popularity } from '#shared/schemas/brackets'
import { getPopularPicks } from './popular-picks.service'
import { getPopularityAnswer } from './popularity.service'

/**
 * Fans' brackets under /api/tournaments (docs/product.md "Fans' brackets and the People's Bracket"). A bracket needs a session and is
 * private to its owner until its contest closes (docs/decisions/095; ?contest=second_chance, §19); the People's Bracket names no
 * fan and is public once betting has closed (docs/decisions/096); the popular picks, the quick
 * fill's most-picked winners, are public from 50 brackets on, shares only after the deadline
 * (docs/decisions/163).
 */
export function createBracketRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return (
    new Hono<AppEnv>()
      .get(
        '/:id/brackets/:username',
        requireUser(auth),
        validate('query', ContestQuerySchema),
        async (c) =>
          c.json(
            await getFanBracket(db, {
              viewerId: c.var.user.id,
              tournamentId: c.req.param('id'),
              username: c.req.param('username'),
              contest: c.req.valid('query').contest,
            }),
            200,
          ),
      )
      // The stored answer is sent as the JSON text it is kept as (no parse and re-serialise),
      // with an ETag made once per answer: a browser that has it revalidates for a 304 and no
      // body. no-cache, so a reopened betting window is seen at the next request.
      .get('/:id/popularity', validate('query', ContestQuerySchema), async (c) => {
        const { contest } = c.req.valid('query')
        const answer = await getPopularityAnswer(db, c.req.param('id'), new Date(), contest)
        const headers = { ETag: answer.etag, 'Cache-Control': 'public, no-cache' }
        if (c.req.header('If-None-Match') === answer.etag) {
          return c.body(null, 304, headers) as unknown as TypedResponse<Popularity, 200, 'json'>
        }
        return c.body(answer.json, 200, {
          ...headers,
          'Content-Type': 'application/json',
        }) as unknown as TypedResponse<Popularity, 200, 'json'>
      })
      .get('/:id/popular-picks', async (c) =>
        c.json(await getPopularPicks(db, c.req.param('id')), 200),
      )
  )
}
