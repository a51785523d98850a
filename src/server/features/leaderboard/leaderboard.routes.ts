import { Hono } from 'hono'
import { LeaderboardQuerySchema } from '#shared/schemas/leaderboard'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireUser } from '#server/auth/session'
import type { Database } from '#server/db/client'
import { validate } from '#server/middleware/validate'
import { getLeaderboard, getMyLeaderboardPosition } from './leaderboard.service'

/**
 * /api/leaderboard: for signed-in users (names and balances are not for the public). Reads only,
 * so they trust the signed session cache like placing a bet (decision 060, addendum): a session
 * revoked elsewhere can see the board for up to 5 minutes more.
 */
export function createLeaderboardRoutes({ db, auth }: { db: Database; auth: Auth }) {
  return new Hono<AppEnv>()
    .use(requireUser(auth, { acceptCachedSession: true }))
    .get('/', validate('query', LeaderboardQuerySchema), async (c) =>
      c.json(
        await getLeaderboard(db, { limit: c.req.valid('query').limit, userId: c.var.user.id }),
        200,
      ),
    )
    .get('/me', async (c) =>
      c.json(await getMyLeaderboardPosition(db, { userId: c.var.user.id }), 200),
    )
}
