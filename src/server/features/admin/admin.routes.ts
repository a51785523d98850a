import { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Auth } from '#server/auth/auth'
import { requireAdmin } from '#server/auth/session'
import type { Database } from '#server/db/client'
import type { Mailer } from '#server/mail/mailer'
import { createAdminAuditRoutes } from './admin-audit.routes'
import { createAdminBetRoutes } from './admin-bets.routes'
import { createAdminMailOutboxRoutes } from './admin-mail-outbox.routes'
import { createAdminMatchRoutes } from './admin-matches.routes'
import { createAdminPlayerRoutes } from './admin-players.routes'
import { createAdminTeamRoutes } from './admin-teams.routes'
import { getAdminStats } from './admin-stats.service'
import { createAdminTournamentRoutes } from './admin-tournaments.routes'
import { createAdminUserRoutes } from './admin-users.routes'
import { createAdminWalletRoutes } from './admin-wallets.routes'
import type { SettlementJobs } from '#server/features/settlement/settlement-jobs'
import { createSettlementRoutes } from '#server/features/settlement/settlement.routes'
import { createAdminSecondChanceRoutes } from '#server/features/second-chance/second-chance.routes'
import { createAdminSeasonRoutes } from '#server/features/seasons/seasons-admin.routes'
import { createDrawRoutes } from '#server/features/draw/draw.routes'
import { createScheduleRoutes } from '#server/features/schedule/schedule.routes'

/**
 * /api/admin: every route checks the session and the role on the server first (401 without a
 * session, 403 for a non-admin), before any input is read.
 */
export function createAdminRoutes(deps: {
  db: Database
  auth: Auth
  settlementJobs: SettlementJobs
  mailer: Mailer
}) {
  const { db, auth } = deps
  return new Hono<AppEnv>()
    .use('*', requireAdmin(auth))
    .get('/stats', async (c) => c.json(await getAdminStats(db), 200))
    .route('/tournaments', createAdminTournamentRoutes(deps))
    .route('/tournaments', createSettlementRoutes(deps))
    .route('/tournaments', createAdminSecondChanceRoutes(deps))
    .route('/tournaments', createDrawRoutes(deps))
    .route('/tournaments', createScheduleRoutes(deps))
    .route('/players', createAdminPlayerRoutes(deps))
    .route('/teams', createAdminTeamRoutes(deps))
    .route('/matches', createAdminMatchRoutes(deps))
    .route('/users', createAdminUserRoutes(deps))
    .route('/wallets', createAdminWalletRoutes(deps))
    .route('/audit', createAdminAuditRoutes(deps))
    .route('/mail-outbox', createAdminMailOutboxRoutes(deps))
    .route('/bets', createAdminBetRoutes(deps))
    .route('/seasons', createAdminSeasonRoutes(deps))
}
