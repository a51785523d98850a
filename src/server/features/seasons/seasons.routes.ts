// The seasons API (docs/product.md "Seasons"). Fans' names are for signed-in fans only, as on the
// leaderboard and the standings; a league's table (?leagueId=) is a 404 to anyone not in it.
import { Hono } from 'hono'
import { SeasonStandingsQuerySchema } from '#shared/schemas/season'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { getMySeason } from './my-season.service'
import type { SeasonShareIds } from './season-share-ids'
import { getSeasonStandings } from './season-standings.service'
import { getSeasonDetail, listSeasons } from './seasons.service'

export function createSeasonRoutes({
  db,
  auth,
  seasonShareIds,
}: {
  db: Database
  auth: Auth
  seasonShareIds: SeasonShareIds
}) {
  const signedIn = requireUser(auth, { acceptCachedSession: true })
  return new Hono<AppEnv>()
    .get('/', signedIn, async (c) => c.json(await listSeasons(db), 200))
    .get('/:id', signedIn, async (c) => c.json(await getSeasonDetail(db, c.req.param('id')), 200))
    .get('/:id/standings', signedIn, validate('query', SeasonStandingsQuerySchema), async (c) =>
      c.json(
        await getSeasonStandings(db, c.req.param('id'), {
          ...c.req.valid('query'),
          userId: c.var.user.id,
        }),
        200,
      ),
    )
    .get('/:id/me', signedIn, async (c) =>
      c.json(
        await getMySeason(db, c.req.param('id'), {
          userId: c.var.user.id,
          shareIdOf: seasonShareIds.shareIdOf,
        }),
        200,
      ),
    )
}
