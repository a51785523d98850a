import { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import type { Mailer } from '#server/mail/mailer'
import { createAdminAuditRoutes } from './admin-audit.routes'
import { createAdminBetRoutes } from './admin-bets.routes'
import { createAdminMailOutboxRoutes } from './admin-mail-outbox.routes'
import { createAdminMatchRoutes } from './admin-matches.routes'
import { createAdminPlayerRoutes } from './admin-players.routes'
import { createAdminTeamRoutes } from './admin-teams.routes'
import { getAdminStats } from './admin-stats.service'
import { createAdminScheduleRoutes } from './admin-schedule.routes'
import { createAdminTournamentRoutes } from './admin-tournaments.routes'
import { createAdminUserRoutes } from './admin-users.routes'
import { createAdminWalletRoutes } from './admin-wallets.routes'

/**
 * /api/admin: the admin feature's own screens. app.ts checks the session and the role for all of
 * /api/admin/* first (401 without a session, 403 for a non-admin), before any input is read, and
 * mounts there too the admin routes other features own (settlement, second chance, draw, seasons).
 */
export function createAdminRoutes(deps: { db: Database; mailer: Mailer }) {
  const { db } = deps
  return new Hono<AppEnv>()
    .get('/stats', async (c) => c.json(await getAdminStats(db), 200))
    .route('/tournaments', createAdminTournamentRoutes(deps))
    .route('/tournaments', createAdminScheduleRoutes(deps))
    .route('/players', createAdminPlayerRoutes(deps))
    .route('/teams', createAdminTeamRoutes(deps))
    .route('/matches', createAdminMatchRoutes(deps))
    .route('/users', createAdminUserRoutes(deps))
    .route('/wallets', createAdminWalletRoutes(deps))
    .route('/audit', createAdminAuditRoutes(deps))
    .route('/mail-outbox', createAdminMailOutboxRoutes(deps))
    .route('/bets', createAdminBetRoutes(deps))
}
