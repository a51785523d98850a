import { Hono } from 'hono'
import { PlaceBetInputSchema } from '#shared/schemas/bet'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { countBetOutcome } from '#server/metrics/metrics'
import { validate } from '#server/middleware/validate'
import type { ShareIds } from '#server/game/share-id'
import { getMyBet, placeBet } from './bets.service'
import { changeBet } from './change-bet.service'

/**
 * A fan's bet on a tournament, under /api/tournaments/:id: placing it, reading it and changing its
 * bracket. Every route needs a session. Unknown and malformed ids are 404 NOT_FOUND.
 */
export function createBetRoutes({
  db,
  auth,
  shareIds,
}: {
  db: Database
  auth: Auth
  shareIds: ShareIds
}) {
  return (
    new Hono<AppEnv>()
      .get('/:id/my-bet', requireUser(auth), async (c) => {
        const myBet = await getMyBet(db, { userId: c.var.user.id, tournamentId: c.req.param('id') })
        // The bracket's share link (docs/decisions/103): computed from the bet id, never stored.
        return c.json(
          { ...myBet, shareId: myBet.bet ? shareIds.shareIdOf(myBet.bet.id) : null },
          200,
        )
      })
      // Changing the bracket of the user's bet (docs/product.md §20): the body of placing a bet.
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
      .post(
        '/:id/bets',
        requireUser(auth, { acceptCachedSession: true }),
        validate('json', PlaceBetInputSchema),
        async (c) =>
          c.json(
            await countBetOutcome(
              placeBet(db, {
                userId: c.var.user.id,
                tournamentId: c.req.param('id'),
                ...c.req.valid('json'),
              }),
            ),
            201,
          ),
      )
  )
}
