import { Hono } from 'hono'
import { UserListQuerySchema } from '#shared/schemas/admin'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { listUserTransactions, listUsers } from './admin-users.service'

/** /api/admin/users (the admin check is made by the parent router). */
export function createAdminUserRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>()
    .get('/', validate('query', UserListQuerySchema), async (c) =>
      c.json(await listUsers(db, c.req.valid('query')), 200),
    )
    .get('/:id/transactions', async (c) =>
      c.json(await listUserTransactions(db, c.req.param('id')), 200),
    )
}
