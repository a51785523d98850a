import { Hono } from 'hono'
import {
  OpenSecondChanceInputSchema,
  PlaceSecondChanceBetInputSchema,
} from '#shared/schemas/second-chance'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import type { ShareIds } from '#server/game/share-id'
import { findViewerId } from '#server/auth/viewer'
import { openSecondChance } from './open-second-chance.service'
import {
  getMySecondChanceBet,
  getSecondChance,
  placeSecondChanceBet,
} from './second-chance.service'

/**
 * /api/tournaments/:id/second-chance (docs/product.md §19). Its state and pool are open to
 * visitors (hasBet false); an entry and "my entry" need a session. Unknown ids are 404.
 */
export function createSecondChanceRoutes({
  db,
  auth,
  shareIds,
}: {
  db: Database
  auth: Auth
  shareIds: ShareIds
}) {
  return new Hono<AppEnv>()
    .get('/:id/second-chance', async (c) =>
      c.json(
        await getSecondChance(db, c.req.param('id'), { userId: await findViewerId(c, auth) }),
        200,
      ),
    )
    .get('/:id/second-chance/my-bet', requireUser(auth), async (c) => {
      const myBet = await getMySecondChanceBet(db, {
        userId: c.var.user.id,
        tournamentId: c.req.param('id'),
      })
      // The entry's share link, made as the main bracket's (docs/decisions/103).
      return c.json({ ...myBet, shareId: myBet.bet ? shareIds.shareIdOf(myBet.bet.id) : null }, 200)
    })
    .post(
      '/:id/second-chance/bets',
      requireUser(auth, { acceptCachedSession: true }),
      validate('json', PlaceSecondChanceBetInputSchema),
      async (c) =>
        c.json(
          await placeSecondChanceBet(db, {
            userId: c.var.user.id,
            tournamentId: c.req.param('id'),
            ...c.req.valid('json'),
          }),
          201,
        ),
    )
}

/** /api/admin/tournaments/:id/second-chance (the admin check is made by the parent router). */
export function createAdminSecondChanceRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>().post(
    '/:id/second-chance',
    validate('json', OpenSecondChanceInputSchema),
    async (c) =>
      c.json(
        await openSecondChance(db, {
          actorId: c.var.user.id,
          tournamentId: c.req.param('id'),
          input: c.req.valid('json'),
        }),
        201,
      ),
  )
}
