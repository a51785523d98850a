// /api/leagues/:id/pots/:tournamentId (docs/product.md "Leagues", "League pots"): members only — a
// private league's pot is a 404 to anyone else, as the rest of the league (decision 105); the
// stake is the owner's (403 for other members).
import { Hono } from 'hono'
import { SetPotStakeInputSchema } from '#shared/schemas/league-pot'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { joinPot, readPot, setPotStake } from './league-pots.service'
import type { PotMailEnv } from './pot-notices'

export function createLeaguePotRoutes({
  db,
  auth,
  env,
}: {
  db: Database
  auth: Auth
  env: PotMailEnv
}) {
  const signedIn = requireUser(auth)
  const keyOf = (c: { req: { param: (name: 'id' | 'tournamentId') => string } }) => ({
    leagueId: c.req.param('id'),
    tournamentId: c.req.param('tournamentId'),
  })
  return new Hono<AppEnv>()
    .get('/:id/pots/:tournamentId', signedIn, async (c) =>
      c.json(await readPot(db, env, { ...keyOf(c), userId: c.var.user.id }), 200),
    )
    .put('/:id/pots/:tournamentId', signedIn, validate('json', SetPotStakeInputSchema), async (c) =>
      c.json(
        await setPotStake(db, env, { ...keyOf(c), ownerId: c.var.user.id }, c.req.valid('json')),
        200,
      ),
    )
    .post('/:id/pots/:tournamentId/join', signedIn, async (c) =>
      c.json(await joinPot(db, env, { ...keyOf(c), userId: c.var.user.id }), 201),
    )
}
