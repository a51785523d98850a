import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import { timeout } from 'hono/timeout'
import type { AppEnv } from './app-env'
import { createAuth, trustedOriginsFor, type Auth } from './auth/auth'
import { createAuthRoutes } from './auth/auth.routes'
import { provideSessionRevocations } from './auth/provide-session-revocations'
import { createSessionRevocations } from './auth/session-revocations'
import { requireAdmin } from './auth/session'
import { createSignInThrottle } from './auth/sign-in-throttle'
import type { Database } from './db/client'
import type { Env } from './env'
import { createAdminRoutes } from './features/admin/admin.routes'
import {
  createAdminSecondChanceRoutes,
  createSecondChanceRoutes,
} from './features/second-chance/second-chance.routes'
import { createBracketRoutes } from './features/brackets/brackets.routes'
import { createResultsRoutes } from './features/settlement/results.routes'
import { createSettlementJobs, type SettlementJobs } from './features/settlement/settlement-jobs'
import { createSettlementRoutes } from './features/settlement/settlement.routes'
import { createDevMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes'
import {
  createDrawRoutes,
  DRAW_UPLOAD_MAX_BYTES,
  DRAW_UPLOAD_PATH,
} from './features/draw/draw.routes'
import { createBetRoutes } from './features/bets/bets.routes'
import { createMyBetsRoutes } from './features/bets/me-bets.routes'
import { createHealthRoutes } from './features/health/health.routes'
import { createInsightRoutes } from './features/insight/insight.routes'
import { createLeaderboardRoutes } from './features/leaderboard/leaderboard.routes'
import { createLeagueRoutes } from './features/leagues/leagues.routes'
import { createLeaguePotRoutes } from './features/league-pots/league-pots.routes'
import { createDatabaseListener } from '#server/game/live-listener'
import { createLiveRoutes } from './features/live/live.routes'
import { createLiveStreams, type LiveStreams } from './features/live/live-streams'
import { createNotificationRoutes } from './features/notifications/notifications.routes'
import { createMeRoutes } from './features/me/me.routes'
import {
  createPreferencesRoutes,
  createUnsubscribeRoutes,
} from './features/preferences/preferences.routes'
import { createSessionRoutes } from './features/me/session.routes'
import { createShareIds, type ShareIds } from '#server/game/share-id'
import { serveSharePage } from './features/share/share-page'
import { serveSeasonSharePage } from './features/share/season-share-page'
import { createSeasonShareRoutes } from './features/share/season-share.routes'
import { createShareRoutes } from './features/share/share.routes'
import {
  createMyBracketsRoutes,
  createStandingsRoutes,
} from './features/standings/standings.routes'
import { createNextMatchesRoutes } from './features/schedule/next-matches.routes'
import { createStatsRoutes } from './features/stats/stats.routes'
import { createPushKeys, type PushKeys } from './features/push/push-keys'
import {
  createCalendarFeedRoutes,
  createMyCalendarFeedRoutes,
  createTournamentCalendarRoutes,
} from './features/calendar/calendar.routes'
import { createPushRoutes, createPushSubscriptionRoutes } from './features/push/push.routes'
import { createAdminSeasonRoutes } from './features/seasons/seasons-admin.routes'
import { createSeasonRoutes } from './features/seasons/seasons.routes'
import { createSeasonShareIds, type SeasonShareIds } from './features/seasons/season-share-ids'
import { createTournamentRoutes } from './features/tournaments/tournaments.routes'
import { createCardDrawer } from './images/card-drawer'
import { createCardImages, type CardImages } from './images/card-images'
import type { Logger } from './logger'
import { UNSUBSCRIBE_PATH } from '#server/mail/unsubscribe-links'
import { createMailer, type Mailer } from './mail/mailer'
import { measureRequests } from './metrics/http-metrics'
import { enableMetrics } from './metrics/metrics'
import type { PoolCounts } from './metrics/metrics-sampler'
import { createMetricsRoutes } from './metrics/metrics.routes'
import { createOpenApiRoutes } from './openapi/openapi.routes'
import { limitBodySize } from './middleware/body-limit'
import { recordClientAddress } from './middleware/client-address'
import { handleErrors, sendNotFound } from './middleware/error-handler'
import { limitJsonDepth } from './middleware/json-depth'
import { rejectCrossOrigin, requireJsonBody } from './middleware/request-guards'
import { logRequests } from './middleware/request-logger'
import { setSecurityHeaders } from './middleware/security-headers'
import { serveClientApp } from './middleware/static-client'

export interface AppDeps {
  env: Env
  db: Database
  /** `select 1` against the database; /api/ready turns a rejection into 503. */
  pingDatabase: () => Promise<void>
  logger: Logger
  /** The built web app (dist/client); null or a missing folder serves no static files. */
  clientDir?: string | null
  /** Default: SMTP when SMTP_URL is set, else the local mailbox in the database. */
  mailer?: Mailer
  /** Default: better-auth on `db` (env.BETTER_AUTH_SECRET must be set; start-server sees to it). */
  auth?: Auth
  /** Background settlement runner; start-server passes its own to resume and stop it. */
  settlementJobs?: SettlementJobs
  /** The live streams and their database listener; start-server passes its own to close them. */
  live?: LiveStreams
  /** The VAPID keys (decision 130); start-server passes the ones its push worker signs with. */
  pushKeys?: PushKeys
  /**
   * Cards drawn off the request thread and kept (docs/decisions/104): share images today.
   * start-server passes its own to end the workers; tests pass theirs to count the drawings.
   */
  cardImages?: CardImages
  /** The PostgreSQL pool, whose use GET /metrics reports; none on PGlite. */
  databasePool?: PoolCounts
}

/** What the API routes need: the app's dependencies with the mailer and auth resolved. */
export interface ApiDeps extends AppDeps {
  mailer: Mailer
  auth: Auth
  settlementJobs: SettlementJobs
  live: LiveStreams
  shareIds: ShareIds
  pushKeys: PushKeys
  seasonShareIds: SeasonShareIds
  cardImages: CardImages
}

/** The JSON API as one chained route set, so its type carries every route to hc<AppType>. */
export function createApiRoutes(deps: ApiDeps) {
  // The bets' /me routes come before the account routes, whose session middleware covers /me/*.
  // One guard checks the role for every /admin route, whichever feature owns it.
  return new Hono<AppEnv>()
    .basePath('/api')
    .route('/', createHealthRoutes(deps))
    .route('/stats', createStatsRoutes(deps))
    .route('/session', createSessionRoutes(deps))
    .route('/me/preferences', createPreferencesRoutes(deps))
    .route('/me/push-subscriptions', createPushSubscriptionRoutes(deps))
    .route('/me/calendar-feed', createMyCalendarFeedRoutes(deps))
    .route('/me', createMyBetsRoutes(deps))
    .route('/me', createMyBracketsRoutes(deps))
    .route('/me', createNextMatchesRoutes(deps))
    .route('/me', createMeRoutes(deps))
    .route('/tournaments', createTournamentRoutes(deps))
    .route('/tournaments', createBetRoutes(deps))
    .route('/tournaments', createResultsRoutes(deps))
    .route('/tournaments', createLiveRoutes(deps))
    .route('/tournaments', createInsightRoutes(deps))
    .route('/tournaments', createStandingsRoutes(deps))
    .route('/tournaments', createBracketRoutes(deps))
    .route('/tournaments', createSecondChanceRoutes(deps))
    .route('/tournaments', createTournamentCalendarRoutes(deps))
    .route('/calendar', createCalendarFeedRoutes(deps))
    .route('/leaderboard', createLeaderboardRoutes(deps))
    .route('/seasons', createSeasonRoutes(deps))
    .route('/leagues', createLeagueRoutes(deps))
    .route('/leagues', createLeaguePotRoutes(deps))
    .route('/share', createShareRoutes(deps))
    .route('/season-share', createSeasonShareRoutes(deps))
    .route('/notifications', createNotificationRoutes(deps))
    .use('/admin/*', requireAdmin(deps.auth))
    .route('/admin', createAdminRoutes(deps))
    .route('/admin/tournaments', createSettlementRoutes(deps))
    .route('/admin/tournaments', createAdminSecondChanceRoutes(deps))
    .route('/admin/tournaments', createDrawRoutes(deps))
    .route('/admin/seasons', createAdminSeasonRoutes(deps))
    .route('/dev/mailbox', createDevMailboxRoutes(deps))
    .route('/unsubscribe', createUnsubscribeRoutes(deps))
    .route('/push', createPushRoutes(deps))
    .route('/', createOpenApiRoutes({ publicUrl: deps.env.PUBLIC_URL }))
}

/** For the web: `hc<AppType>('/')` from hono/client (import it with `import type`). */
export type AppType = ReturnType<typeof createApiRoutes>

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { env, logger } = deps
  const app = new Hono<AppEnv>()

  // Order matters: the outer ones also see (and decorate) error responses made by onError.
  app.use(requestId())
  // Only a server that serves metrics measures its requests (docs/decisions/159).
  if (env.METRICS_TOKEN !== undefined) {
    enableMetrics()
    app.use(measureRequests())
  }
  app.use(logRequests(logger))
  app.use(setSecurityHeaders(env))
  app.use('/api/*', async (c, next) => {
    await next()
    // API answers are per user and per moment: never stored by browsers or proxies.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  })
  // The draw import takes a file of up to 1 MiB (decision 140); every other body is small.
  app.use(
    limitBodySize(env.BODY_LIMIT_BYTES, [
      { path: DRAW_UPLOAD_PATH, maxBytes: DRAW_UPLOAD_MAX_BYTES },
    ]),
  )
  app.use('/api/*', timeout(env.REQUEST_TIMEOUT_MS))
  // CSRF and content-type rules for every JSON route, better-auth's included (decision 033).
  app.use('/api/*', recordClientAddress(env.TRUSTED_PROXIES))
  // The one-click unsubscribe is posted by mail clients (RFC 8058, decision 100): as a form, and
  // from a sandboxed view with Origin: null.
  app.use(
    '/api/*',
    rejectCrossOrigin(trustedOriginsFor(env), { nullOriginAllowed: [UNSUBSCRIBE_PATH] }),
  )
  app.use(
    '/api/*',
    requireJsonBody({ formAllowed: [UNSUBSCRIBE_PATH], uploadsAllowed: [DRAW_UPLOAD_PATH] }),
  )
  app.use('/api/*', limitJsonDepth())

  const mailer = deps.mailer ?? createMailer(deps)
  const auth = deps.auth ?? createAuth({ ...deps, mailer })
  const throttle = createSignInThrottle(deps.db, env)
  app.use(
    '/api/*',
    provideSessionRevocations(createSessionRevocations(deps.db, env.SESSION_REVOCATION_SYNC_MS)),
  )
  const mailRequestMinMs = env.AUTH_MAIL_REQUEST_MIN_MS
  app.route(
    '/api/auth',
    createAuthRoutes({ auth, db: deps.db, throttle, logger, mailRequestMinMs }),
  )
  const settlementJobs = deps.settlementJobs ?? createSettlementJobs(deps)
  // Tests get one listening lazily, on the first stream; start-server passes its own.
  const live =
    deps.live ?? createLiveStreams({ listener: createDatabaseListener(deps.db, logger), logger })
  const shareIds = createShareIds(env.BETTER_AUTH_SECRET)
  const cardImages = deps.cardImages ?? createCardImagesFor(env)
  const pushKeys = deps.pushKeys ?? createPushKeys(deps.db, env)
  const seasonShareIds = createSeasonShareIds(env.BETTER_AUTH_SECRET)
  app.route(
    '/',
    createApiRoutes({
      ...deps,
      mailer,
      auth,
      settlementJobs,
      live,
      shareIds,
      cardImages,
      pushKeys,
      seasonShareIds,
    }),
  )
  app.route(
    '/metrics',
    createMetricsRoutes(env.METRICS_TOKEN, {
      db: deps.db,
      openLiveStreams: () => live.openCount,
      pool: deps.databasePool,
    }),
  )
  serveSharePage(app, {
    db: deps.db,
    shareIds,
    publicUrl: env.PUBLIC_URL,
    clientDir: deps.clientDir,
  })
  serveSeasonSharePage(app, {
    db: deps.db,
    seasonShareIds,
    publicUrl: env.PUBLIC_URL,
    clientDir: deps.clientDir,
  })
  serveClientApp(app, deps.clientDir)

  app.notFound(sendNotFound)
  app.onError(handleErrors(logger))
  return app
}

/** The drawing pool and its kept cards as the environment sizes them. */
export function createCardImagesFor(env: Env): CardImages {
  const drawer = createCardDrawer({
    workers: env.CARD_DRAW_WORKERS,
    queueLimit: env.CARD_DRAW_QUEUE_MAX,
    perAddressPerMinute: env.CARD_DRAWS_PER_ADDRESS_PER_MINUTE,
  })
  return createCardImages({ drawer })
}
