// The start-up sequence, usable by index.ts, scripts and tests:
// env → logger → database (lock, migrate) → seed hook → app → listen → graceful shutdown.
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve, type ServerType } from '@hono/node-server'
import type { Hono } from 'hono'
import type { AppEnv } from './app-env'
import { createApp, createCardImagesFor } from './app'
import { resolveAuthSecret } from './auth/auth-secret'
import { applyRuntimeSettings } from './db/app-settings'
import { openDatabase, type DatabaseHandle } from './db/client'
import { migrateDatabase } from './db/migrate'
import { formatLocalUrl, loadDotEnvFile, loadEnv, type Env } from './env'
import { configureBetBatches } from './features/bets/bet-batcher'
import { createSettlementJobs, type SettlementJobs } from './features/settlement/settlement-jobs'
import {
  startLeaderboardRefresher,
  type LeaderboardRefresher,
} from './features/leaderboard/leaderboard-refresher'
import {
  startStandingsRefresher,
  type StandingsRefresher,
} from './features/standings/standings-refresher'
import { createDatabaseListener } from '#server/game/live-listener'
import { createLiveStreams, type LiveStreams } from './features/live/live-streams'
import { createReminderScanner, type ReminderScanner } from './features/reminders/reminder-scanner'
import type { CardImages } from './images/card-images'
import { createLogger, type Logger } from './logger'
import { startPotPayer, type PotPayer } from './features/league-pots/pot-payer'
import { startSeasonRefresher, type SeasonRefresher } from './features/seasons/season-refresher'
import { createSeasonShareIds } from './features/seasons/season-share-ids'
import { writeSeasonRecaps } from './features/seasons/season-recap'
import { startMailJobs, type MailJobs } from './features/notifications/mail-jobs'
import { createMailer, type Mailer } from './mail/mailer'
import { createPushKeys } from './features/push/push-keys'
import { createPushWorker, DEFAULT_PUSH_TIMING, type PushWorker } from './features/push/push-worker'

// In-flight requests get this long to finish on shutdown before connections are cut.
const SHUTDOWN_GRACE_MS = 20_000

export interface SeedContext {
  env: Env
  database: DatabaseHandle
  logger: Logger
}

export interface StartServerOptions {
  /** Parsed configuration; default: ./.env (if any) + process.env through loadEnv(). */
  env?: Env
  logger?: Logger
  /** The built web app; default: dist/client next to the server bundle (or under the cwd). */
  clientDir?: string | null
  /**
   * Runs after migrations and before the port opens. Demo data (env.DEMO_DATA) and the first
   * admin (ADMIN_EMAIL) are loaded here once their issues land.
   */
  seed?: (context: SeedContext) => Promise<void>
  /** Install SIGTERM/SIGINT handlers that stop gracefully and exit (default true). */
  handleSignals?: boolean
}

export interface RunningServer {
  url: string
  port: number
  env: Env
  app: Hono<AppEnv>
  database: DatabaseHandle
  logger: Logger
  /** Stops accepting, lets in-flight requests finish (≤ 20 s), closes the database. */
  stop(): Promise<void>
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const parsedEnv = options.env ?? readEnvFromProcess()
  const logger = options.logger ?? createLogger(parsedEnv)
  // Production has BETTER_AUTH_SECRET (env.ts insists); a local run keeps a generated one.
  const env = { ...parsedEnv, BETTER_AUTH_SECRET: resolveAuthSecret(parsedEnv, logger) }

  const database = await openDatabase(env, logger)
  configureBetBatches(database.db, {
    maxBets: env.BET_BATCH_MAX_BETS,
    maxWaitMs: env.BET_BATCH_WAIT_MS,
  })
  let server: ServerType | undefined
  let refresher: LeaderboardRefresher | undefined
  let standingsRefresher: StandingsRefresher | undefined
  let mailer: Mailer | undefined
  let mailJobs: MailJobs | undefined
  let reminders: ReminderScanner | undefined
  let pushWorker: PushWorker | undefined
  const pushKeys = createPushKeys(database.db, env)
  let seasonRefresher: SeasonRefresher | undefined
  let potPayer: PotPayer | undefined
  const settlementJobs = createSettlementJobs({
    db: database.db,
    logger,
    lanes: env.SETTLEMENT_LANES,
  })
  const live = createLiveStreams({ listener: createDatabaseListener(database.db, logger), logger })
  const cardImages = createCardImagesFor(env)
  try {
    await migrateDatabase(database)
    await applyRuntimeSettings(database.db, env)
    await options.seed?.({ env, database, logger })

    mailer = createMailer({ env, db: database.db, logger })
    const app = createApp({
      env,
      db: database.db,
      pingDatabase: database.ping,
      logger,
      mailer,
      settlementJobs,
      live,
      pushKeys,
      cardImages,
      databasePool: database.kind === 'postgres' ? database.client : undefined,
      clientDir: options.clientDir === undefined ? findClientDir() : options.clientDir,
    })
    server = await listen(app, env)
    // Rebuilds leaderboard positions every few seconds (decision 043); stopped before the database.
    refresher = startLeaderboardRefresher({ db: database.db, logger })
    // Rebuilds a tournament's standings a moment after its results change (woken by the live
    // events), and at once what a crash left stale (decision 093); stopped before the database.
    standingsRefresher = startStandingsRefresher({
      db: database.db,
      logger,
      // Its own LISTEN: a result wakes it at once; otherwise it looks every few seconds.
      listener: createDatabaseListener(database.db, logger),
    })
    // Sends the outbox: mail left by a crash goes out now, the rest as it comes (decision 091).
    mailer.start()
    // Results mails and receipts (decision 102): each round resumes from the database's state.
    mailJobs = startMailJobs({ db: database.db, logger, mailer, env })
    // Deadline reminders, 24 h and 2 h before each open tournament's deadline (decision 101).
    reminders = createReminderScanner({ db: database.db, env, mailer, logger })
    reminders.start()
    // Sends the push outbox and writes results' fan-outs (decision 131); a backlog left by a
    // crash goes out now. Nothing runs with push switched off.
    if (env.PUSH_ENABLED) {
      pushWorker = createPushWorker({
        db: database.db,
        logger,
        keys: pushKeys,
        timing: {
          ...DEFAULT_PUSH_TIMING,
          pollMs: env.PUSH_OUTBOX_POLL_MS,
          concurrency: env.PUSH_CONCURRENCY,
          maxAttempts: env.PUSH_MAX_ATTEMPTS,
          fanoutBatch: env.PUSH_FANOUT_BATCH,
        },
      })
      pushWorker.start()
    }
    // Counts each season tournament once its settlement starts (decision 136), and pays league
    // pots once their tournament is settled or cancelled (decision 138); both resume after a crash.
    // …and, each round, tells the fans of a wrapped-up season their recap, once (decision 164).
    const recapShareIds = createSeasonShareIds(env.BETTER_AUTH_SECRET)
    const recapMailer = mailer
    seasonRefresher = startSeasonRefresher({
      db: database.db,
      logger,
      afterRound: async () => {
        const told = await writeSeasonRecaps(database.db, { env, shareIds: recapShareIds })
        if (told === 0) return
        logger.info({ fans: told }, 'season recaps written')
        recapMailer.wake()
      },
    })
    const wakeMailer = mailer.wake.bind(mailer)
    potPayer = startPotPayer({ db: database.db, env, logger, onClosed: wakeMailer })
    // A crash mid-settlement left chunks unpaid; they go on in the background, each one logged
    // (decision 056).
    await settlementJobs.resumeUnfinished()
    const port = (server.address() as AddressInfo).port
    const stop = createStopper(server, database, mailer, logger, {
      refresher,
      standingsRefresher,
      settlementJobs,
      live,
      cardImages,
      mailJobs,
      reminders,
      pushWorker,
      seasonRefresher,
      potPayer,
    })
    if (options.handleSignals ?? true) stopOnSignals(stop, logger)

    // PORT=0 (tests) picks a free port, which only the running server knows.
    const url = env.PORT === 0 ? formatLocalUrl(env.HOST, port) : env.PUBLIC_URL
    logger.info(
      { url, host: env.HOST, port, database: database.kind },
      `Golden Point is ready at ${url}`,
    )
    return { url, port, env, app, database, logger, stop }
  } catch (error) {
    server?.close()
    await mailJobs?.stop()
    await reminders?.stop()
    await pushWorker?.stop()
    await seasonRefresher?.stop()
    await potPayer?.stop()
    await mailer?.stop()
    await live.close()
    await cardImages.close()
    await settlementJobs.stop()
    await refresher?.stop()
    await standingsRefresher?.stop()
    await database.close()
    throw error
  }
}

function readEnvFromProcess(): Env {
  loadDotEnvFile()
  return loadEnv()
}

function listen(app: Hono<AppEnv>, env: Env): Promise<ServerType> {
  return new Promise((resolvePromise, reject) => {
    const server = serve({
      fetch: app.fetch,
      hostname: env.HOST,
      port: env.PORT,
      serverOptions: {
        // Slow or stalled uploads (slowloris) may not hold a connection longer than a request may run.
        requestTimeout: env.REQUEST_TIMEOUT_MS,
        headersTimeout: Math.min(env.REQUEST_TIMEOUT_MS, 20_000),
        // Node enforces both timeouts only when it sweeps its connections, by default every 30 s,
        // which let a never-ending header block stay open that long (reliability/limits-server).
        connectionsCheckingInterval: Math.min(env.REQUEST_TIMEOUT_MS / 4, 1_000),
      },
    })
    server.once('listening', () => resolvePromise(server))
    server.once('error', reject)
  })
}

function createStopper(
  server: ServerType,
  database: DatabaseHandle,
  mailer: Mailer,
  logger: Logger,
  {
    refresher,
    standingsRefresher,
    settlementJobs,
    live,
    cardImages,
    mailJobs,
    reminders,
    pushWorker,
    seasonRefresher,
    potPayer,
  }: {
    refresher: LeaderboardRefresher
    standingsRefresher: StandingsRefresher
    settlementJobs: SettlementJobs
    live: LiveStreams
    cardImages: CardImages
    mailJobs: MailJobs
    reminders: ReminderScanner
    pushWorker: PushWorker | undefined
    seasonRefresher: SeasonRefresher
    potPayer: PotPayer
  },
) {
  let stopping: Promise<void> | undefined
  return () =>
    (stopping ??= (async () => {
      logger.info('shutting down: no new connections, waiting for requests in flight')
      const closing = closeServer(server, SHUTDOWN_GRACE_MS, logger)
      // Live streams never finish by themselves: ended now, their connections go idle and close,
      // and the browsers reconnect to another process (decision 089).
      await live.close()
      await closing
      // No request waits for a drawing any more: the drawing workers end.
      await cardImages.close()
      // A settlement chunk in flight commits; the next start resumes from there.
      await settlementJobs.stop()
      await refresher.stop()
      await standingsRefresher.stop()
      // A round in flight commits or rolls back whole; the next start goes on from there.
      await mailJobs.stop()
      // A scan under way commits its chunk; the next scan (here or elsewhere) goes on from there.
      await reminders.stop()
      // A batch in flight is sent and recorded; the rest waits in the outbox for the next start.
      await pushWorker?.stop()
      // A count or a pot payout in flight commits or rolls back whole.
      await seasonRefresher.stop()
      await potPayer.stop()
      // Sends under way finish; mail still pending stays in the outbox for the next start.
      await mailer.stop()
      // PGlite must be closed or the process never exits; closing also frees the data folder.
      await database.close()
      logger.info('stopped')
    })())
}

function closeServer(server: ServerType, graceMs: number, logger: Logger): Promise<void> {
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => {
      logger.warn({ graceMs }, 'requests still running after the grace period; closing connections')
      if ('closeAllConnections' in server) server.closeAllConnections()
    }, graceMs)
    timer.unref()
    // Idle keep-alive connections would otherwise hold close() open until they time out (5 s),
    // and a connection goes idle each time one of the requests in flight finishes: sweep often.
    const closeIdle = () => {
      if ('closeIdleConnections' in server) server.closeIdleConnections()
    }
    const sweeper = setInterval(closeIdle, 100)
    sweeper.unref()
    server.close(() => {
      clearTimeout(timer)
      clearInterval(sweeper)
      resolvePromise()
    })
    closeIdle()
  })
}

function stopOnSignals(stop: () => Promise<void>, logger: Logger): void {
  let signalled = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      logger.warn({ signal }, 'second signal: exiting now')
      process.exit(1)
    }
    signalled = true
    logger.info({ signal }, 'signal received')
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}

function findClientDir(): string | null {
  const candidates = [
    resolve(dirname(fileURLToPath(import.meta.url)), '../client'), // dist/server → dist/client
    resolve('dist/client'),
  ]
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? null
}
