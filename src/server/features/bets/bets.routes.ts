import { Hono } from 'hono'
import { PlaceBetInputSchema } from '#shared/schemas/bet'
import type { Contest } from '#shared/schemas/contest'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { countBetOutcome } from '#server/metrics/metrics'
import { validate } from '#server/middleware/validate'
import type { ShareIds } from '#server/game/share-id'
import { getMyBet } from './bets.service'
import { changeBet } from './change-bet.service'
import { placeBet } from './place-bet.service'

interface BetRouteDeps {
  db: Database
  auth: Auth
  shareIds: ShareIds
}

/**
 * A fan's bet on a tournament, under /api/tournaments/:id: placing it and reading it in either
 * contest (the main bracket's at /:id, the second chance's at /:id/second-chance, decision 156),
 * and changing the main bracket. Every route needs a session. Unknown and malformed ids are 404.
 */
export function createBetRoutes(deps: BetRouteDeps) {
  const { db, auth } = deps
  return (
    new Hono<AppEnv>()
      .route('/:id', createContestBetRoutes(deps, 'main'))
      .route('/:id/second-chance', createContestBetRoutes(deps, 'second_chance'))
      // Changing the bracket of the user's bet (docs/product.md "Changing a bracket and quick fill"): the body of placing a bet.
      .put('/:id/my-bet', requireUser(auth), validate('json', PlaceBetInputSchema), async (c) =>
        c.json(
          await changeBet(db, {
            userId: c.var.user.id,
            tournamentId: c.req.param('id'),
            ...c.req.valid('json'),
          }),
          200,
        ),
      )
  )
}

/** POST …/bets and GET …/my-bet of one contest, mounted below the tournament's id. */
function createContestBetRoutes({ db, auth, shareIds }: BetRouteDeps, contest: Contest) {
  return new Hono<AppEnv>()
    .get('/my-bet', requireUser(auth), async (c) => {
      const myBet = await getMyBet(db, {
        userId: c.var.user.id,
        tournamentId: tournamentIdOf(c.req.param()),
        contest,
      })
      // The bracket's share link (docs/decisions/103): computed from the bet id, never stored.
      return c.json({ ...myBet, shareId: myBet.bet ? shareIds.shareIdOf(myBet.bet.id) : null }, 200)
    })
    .post(
      '/bets',
      requireUser(auth, { acceptCachedSession: true }),
      validate('json', PlaceBetInputSchema),
      async (c) =>
        c.json(
          await countBetOutcome(
            placeBet(db, {
              userId: c.var.user.id,
              tournamentId: tournamentIdOf(c.req.param()),
              contest,
              ...c.req.valid('json'),
            }),
          ),
          201,
        ),
    )
}

/** The :id of the path these routes are mounted under. */
function tournamentIdOf(params: Record<string, string>): string {
  return params.id ?? ''
}
