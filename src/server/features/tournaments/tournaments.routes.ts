import { Hono } from 'hono'
import { PlaceBetInputSchema } from '#shared/schemas/bet'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { getMyBet, placeBet } from '#server/features/bets/bets.service'
import { changeBet } from '#server/features/bets/change-bet.service'
import type { ShareIds } from '#server/game/share-id'
import {
  getPrizePoolInfo,
  getTournamentDetail,
  listTournaments,
} from '#server/game/tournament-reads'
import { findViewerId } from '#server/auth/viewer'

/**
 * /api/tournaments. Reading is open to visitors (hasBet is then false); a bet and "my bet" need
 * a session. Unknown and malformed ids are 404 NOT_FOUND.
 */
export function createTournamentRoutes({
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
      .get('/', async (c) =>
        c.json(await listTournaments(db, { userId: await findViewerId(c, auth) }), 200),
      )
      .get('/:id', async (c) =>
        c.json(
          await getTournamentDetail(db, c.req.param('id'), { userId: await findViewerId(c, auth) }),
          200,
        ),
      )
      .get('/:id/prize-pool', async (c) =>
        c.json(await getPrizePoolInfo(db, c.req.param('id')), 200),
      )
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
            await placeBet(db, {
              userId: c.var.user.id,
              tournamentId: c.req.param('id'),
              ...c.req.valid('json'),
            }),
            201,
          ),
      )
  )
}
