import { Hono } from 'hono'
import { OpenSecondChanceInputSchema } from '#shared/schemas/second-chance'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { findViewerId } from '#server/auth/viewer'
import { openSecondChance } from './open-second-chance.service'
import { getSecondChance } from './second-chance.service'

/**
 * GET /api/tournaments/:id/second-chance (docs/product.md "Second chance"): its state and pool, open to
 * visitors (hasBet false). An entry and "my entry" are the bets feature's routes. Unknown ids 404.
 */
export function createSecondChanceRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>().get('/:id/second-chance', async (c) =>
    c.json(
      await getSecondChance(db, c.req.param('id'), { userId: await findViewerId(c, auth) }),
      200,
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
