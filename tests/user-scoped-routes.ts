// The routes outside /api/admin and /api/auth that need a session. Each acts for the signed-in
// user only; src/server/route-table.test.ts checks that this list matches the app's routes, and
// src/server/user-scoped.routes.test.ts that none of them shows one user another's data.
export const SIGNED_IN_ROUTES = [
  'GET /api/me',
  'GET /api/me/transactions',
  'GET /api/me/bets',
  'GET /api/me/stats',
  'GET /api/me/brackets',
  'GET /api/me/next-matches',
  'GET /api/me/top-up',
  'POST /api/me/top-up',
  'GET /api/me/preferences',
  'PUT /api/me/preferences',
  'POST /api/me/push-subscriptions',
  'DELETE /api/me/push-subscriptions',
  'GET /api/me/calendar-feed',
  'POST /api/me/calendar-feed',
  'GET /api/tournaments/:id/my-bet',
  'PUT /api/tournaments/:id/my-bet',
  'POST /api/tournaments/:id/bets',
  'GET /api/tournaments/:id/second-chance/my-bet',
  'POST /api/tournaments/:id/second-chance/bets',
  'GET /api/tournaments/:id/my-performance',
  'GET /api/tournaments/:id/my-insight',
  'GET /api/tournaments/:id/standings',
  'GET /api/leaderboard',
  'GET /api/leaderboard/me',
  'GET /api/seasons',
  'GET /api/seasons/:id',
  'GET /api/seasons/:id/standings',
  'GET /api/seasons/:id/me',
  'GET /api/notifications',
  'POST /api/notifications/read',
  'GET /api/leagues',
  'POST /api/leagues',
  'GET /api/leagues/public',
  'POST /api/leagues/join',
  'GET /api/leagues/:id',
  'PATCH /api/leagues/:id',
  'DELETE /api/leagues/:id',
  'POST /api/leagues/:id/invite',
  'POST /api/leagues/:id/leave',
  'GET /api/leagues/:id/members',
  'DELETE /api/leagues/:id/members/:userId',
  'DELETE /api/leagues/:id/removals/:userId',
  'POST /api/leagues/:id/nudge',
  'GET /api/leagues/:id/pots/:tournamentId',
  'PUT /api/leagues/:id/pots/:tournamentId',
  'POST /api/leagues/:id/pots/:tournamentId/join',
] as const

/**
 * Signed-in routes that name another fan on purpose, by username: a fan's bracket, private to its
 * owner until betting closes (docs/decisions/095). They have their own tests of owner, other fan,
 * admin and visitor (src/server/features/brackets), not the BOLA test's "only one's own".
 */
export const NAMED_FAN_ROUTES = ['GET /api/tournaments/:id/brackets/:username'] as const

/**
 * better-auth's endpoints that act on the signed-in user's own sessions: reliability/bola.test.ts
 * checks that none of them reaches another user's, whatever ids or tokens the request names.
 */
export const AUTH_SELF_ROUTES = [
  'GET /api/auth/get-session',
  'GET /api/auth/list-sessions',
  'POST /api/auth/revoke-session',
  'POST /api/auth/revoke-sessions',
  'POST /api/auth/revoke-other-sessions',
] as const

/** Where a request might try to name another user: query parameters and headers. */
export function namingUser(ids: { userId: string; walletId: string; email: string }) {
  const query = new URLSearchParams()
  for (const name of ['userId', 'user_id', 'user', 'id', 'uid', 'owner', 'accountId']) {
    query.append(name, ids.userId)
  }
  query.append('walletId', ids.walletId)
  query.append('email', ids.email)
  const headers = {
    'X-User-Id': ids.userId,
    'X-Forwarded-User': ids.userId,
    'X-Impersonate-User': ids.userId,
    'X-Wallet-Id': ids.walletId,
  }
  return { query: query.toString(), headers }
}
