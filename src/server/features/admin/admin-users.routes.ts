import { Hono } from 'hono'
import type { AppEnv } from '../../app-env'
import type { Database } from '../../db/client'
import { listUserTransactions, listUsers } from './admin-users.service'

/** /api/admin/users (the admin check is made by the parent router). */
export function createAdminUserRoutes({ db }: { db: Database }) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await listUsers(db), 200))
    .get('/:id/transactions', async (c) =>
      c.json(await listUserTransactions(db, c.req.param('id')), 200),
    )
}
