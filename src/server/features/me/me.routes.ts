import { Hono } from 'hono'
import { TransactionsQuerySchema } from '../../../shared/schemas/transaction'
import type { AppEnv } from '../../app-env'
import type { Auth } from '../../auth/auth'
import { requireUser } from '../../auth/session'
import type { Database } from '../../db/client'
import { validate } from '../../middleware/validate'
import { getMe, listMyTransactions } from './me.service'

export function createMeRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>()
    .use(requireUser(auth))
    .get('/', async (c) => c.json(await getMe(db, c.var.user), 200))
    .get('/transactions', validate('query', TransactionsQuerySchema), async (c) =>
      c.json(await listMyTransactions(db, c.var.user.id, c.req.valid('query')), 200),
    )
}
