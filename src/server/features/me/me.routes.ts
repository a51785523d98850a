import { Hono } from 'hono'
import { TransactionsQuerySchema } from '#shared/schemas/transaction'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import type { Env } from '#server/env'
import { getMe, listMyTransactions } from './me.service'
import { claimTopUp, getTopUpStatus } from './top-up.service'

export function createMeRoutes({ db, auth, env }: { db: Database; auth: Auth; env: Env }) {
  return new Hono<AppEnv>()
    .use(requireUser(auth))
    .get('/', async (c) => c.json(await getMe(db, c.var.user), 200))
    .get('/top-up', async (c) =>
      c.json(await getTopUpStatus(db, { userId: c.var.user.id, amount: env.DAILY_TOP_UP }), 200),
    )
    .post('/top-up', async (c) =>
      c.json(await claimTopUp(db, { userId: c.var.user.id, amount: env.DAILY_TOP_UP }), 201),
    )
    .get('/transactions', validate('query', TransactionsQuerySchema), async (c) =>
      c.json(await listMyTransactions(db, c.var.user.id, c.req.valid('query')), 200),
    )
}
