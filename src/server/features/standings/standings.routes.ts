import { Hono } from 'hono'
import { ContestQuerySchema } from '#shared/schemas/contest'
import { StandingsQuerySchema } from '#shared/schemas/standings'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { listMyBrackets } from './my-brackets.service'
import { getStandings } from './standings.service'

/**
 * GET /api/tournaments/:id/standings?contest=main|second_chance (main by default): for signed-in users, like the leaderboard (fans' names are
 * not for the public); before the deadline only the number of entries. A read trusts the signed
 * session cache (decision 060, addendum).
 */
export function createStandingsRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>().get(
    '/:id/standings',
    requireUser(auth, { acceptCachedSession: true }),
    validate('query', StandingsQuerySchema.extend(ContestQuerySchema.shape)),
    async (c) =>
      c.json(
        await getStandings(db, c.req.param('id'), {
          ...c.req.valid('query'),
          userId: c.var.user.id,
        }),
        200,
      ),
  )
}

/** GET /api/me/brackets: the signed-in fan's brackets with their live places. */
export function createMyBracketsRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>().get('/brackets', requireUser(auth), async (c) =>
    c.json(await listMyBrackets(db, { userId: c.var.user.id }), 200),
  )
}
