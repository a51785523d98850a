// The routes outside /api/admin and /api/auth that need a session. Each acts for the signed-in
// user only; src/server/route-table.test.ts checks that this list matches the app's routes, and
// src/server/user-scoped.routes.test.ts that none of them shows one user another's data.
export const SIGNED_IN_ROUTES = [
  'GET /api/me',
  'GET /api/me/transactions',
  'GET /api/me/bets',
  'GET /api/me/stats',
  'GET /api/tournaments/:id/my-bet',
  'POST /api/tournaments/:id/bets',
  'GET /api/tournaments/:id/my-performance',
  'GET /api/leaderboard',
  'GET /api/leaderboard/me',
] as const
