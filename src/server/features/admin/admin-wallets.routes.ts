import { Hono } from 'hono'
import { WalletAdjustmentInputSchema, WalletListQuerySchema } from '#shared/schemas/admin'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { adjustWallet, listWallets } from './admin-wallets.service'

/** /api/admin/wallets (the admin check is made by the parent router). */
export function createAdminWalletRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>()
    .get('/', validate('query', WalletListQuerySchema), async (c) =>
      c.json(await listWallets(db, c.req.valid('query')), 200),
    )
    .post('/:userId/adjustments', validate('json', WalletAdjustmentInputSchema), async (c) => {
      const result = await adjustWallet(db, {
        actorId: c.var.user.id,
        userId: c.req.param('userId'),
        input: c.req.valid('json'),
      })
      return c.json(result, result.isReplay ? 200 : 201)
    })
}
