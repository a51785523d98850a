// The start-up sequence, usable by index.ts, scripts and tests:
// env → logger → database (lock, migrate) → seed hook → app → listen → graceful shutdown.
import type { AddressInfo } from 'node:net'
import type { ServerType } from '@hono/node-server'
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
import { startLeaderboardRefresher } from './features/leaderboard/leaderboard-refresher'
import { startStandingsRefresher } from './features/standings/standings-refresher'
import { createDatabaseListener } from '#server/game/live-listener'
import { createLiveStreams, type LiveStreams } from './features/live/live-streams'
import { createReminderScanner } from './features/reminders/reminder-scanner'
import type { CardImages } from './images/card-images'
import { createLogger, type Logger } from './logger'
import { startPotPayer } from './features/league-pots/pot-payer'
import { startSeasonRefresher } from './features/seasons/season-refresher'
import { createSeasonShareIds } from './features/seasons/season-share-ids'
import { writeSeasonRecaps } from './features/seasons/season-recap'
import { startMailJobs } from './features/notifications/mail-jobs'
import { createMailer, type Mailer } from './mail/mailer'
import { closeServer, findClientDir, listen, stopOnSignals } from './http-server'
import { createPushKeys, type PushKeys } from './features/push/push-keys'
import { createPushWorker, DEFAULT_PUSH_TIMING } from './features/push/push-worker'

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
  let mailer: Mailer | undefined
  const pushKeys = createPushKeys(database.db, env)
  const workers = new RunningWorkers()
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
    workers.start(backgroundWorkers({ env, database, logger, mailer, pushKeys }))
    // A crash mid-settlement left chunks unpaid; they go on in the background, each one logged
    // (decision 056).
    await settlementJobs.resumeUnfinished()
    const port = (server.address() as AddressInfo).port
    const stop = createStopper(server, database, logger, {
      settlementJobs,
      live,
      cardImages,
      workers,
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
    await workers.stop()
    // The outbox's sender was created before the port opened; stopping it twice is harmless.
    await mailer?.stop()
    await live.close()
    await cardImages.close()
    await settlementJobs.stop()
    await database.close()
    throw error
  }
}

/**
 * A background worker, started once the port is open and stopped before the database closes;
 * its stop drains it: work in flight commits or rolls back whole, the rest waits in the database
 * for the next start.
 */
interface BackgroundWorker {
  stop(): Promise<void>
}

interface WorkerDeps {
  env: Env
  database: DatabaseHandle
  logger: Logger
  mailer: Mailer
  pushKeys: PushKeys
}

/** The background workers, listed once, in start order (each resumes what a crash left). */
function backgroundWorkers({ env, database, logger, mailer, pushKeys }: WorkerDeps) {
  const { db } = database
  return [
    // Rebuilds leaderboard positions every few seconds (decision 043).
    () => startLeaderboardRefresher({ db, logger }),
    // Rebuilds a tournament's standings a moment after its results change (woken by the live
    // events, on its own LISTEN), and at once what a crash left stale (decision 093).
    () => startStandingsRefresher({ db, logger, listener: createDatabaseListener(db, logger) }),
    // Sends the outbox: mail left by a crash goes out now, the rest as it comes (decision 091).
    () => {
      mailer.start()
      return mailer
    },
    // Results mails and receipts (decision 102): each round resumes from the database's state.
    () => startMailJobs({ db, logger, mailer, env }),
    // Deadline reminders, 24 h and 2 h before each open tournament's deadline (decision 101).
    () => {
      const reminders = createReminderScanner({ db, env, mailer, logger })
      reminders.start()
      return reminders
    },
    // Sends the push outbox and writes results' fan-outs (decision 131). Off with push off.
    () => {
      if (!env.PUSH_ENABLED) return null
      const pushWorker = createPushWorker({
        db,
        logger,
        keys: pushKeys,
        timing: {
          ...DEFAULT_PUSH_TIMING,
          pollMs: env.PUSH_OUTBOX_POLL_MS,
          concurrency: env.PUSH_CONCURRENCY,
          maxAttempts: env.PUSH_MAX_ATTEMPTS,
          fanoutBatch: env.PUSH_FANOUT_BATCH,
          leaseMs: env.PUSH_OUTBOX_LEASE_SECONDS * 1000,
        },
      })
      pushWorker.start()
      return pushWorker
    },
    // Counts each season tournament once its settlement starts (decision 136), and each round
    // tells the fans of a wrapped-up season their recap, once (decision 164).
    () => {
      const shareIds = createSeasonShareIds(env.BETTER_AUTH_SECRET)
      return startSeasonRefresher({
        db,
        logger,
        afterRound: async () => {
          const told = await writeSeasonRecaps(db, { env, shareIds })
          if (told === 0) return
          logger.info({ fans: told }, 'season recaps written')
          mailer.wake()
        },
      })
    },
    // Pays league pots once their tournament is settled or cancelled (decision 138).
    () => startPotPayer({ db, env, logger, onClosed: mailer.wake.bind(mailer) }),
  ] satisfies (() => BackgroundWorker | null)[]
}

class RunningWorkers {
  private running: BackgroundWorker[] = []

  start(starts: readonly (() => BackgroundWorker | null)[]): void {
    for (const start of starts) {
      const worker = start()
      if (worker) this.running.push(worker)
    }
  }

  /** Stops them in the reverse of their start, once each. */
  async stop(): Promise<void> {
    while (this.running.length > 0) await this.running.pop()!.stop()
  }
}

function readEnvFromProcess(): Env {
  loadDotEnvFile()
  return loadEnv()
}

function createStopper(
  server: ServerType,
  database: DatabaseHandle,
  logger: Logger,
  {
    settlementJobs,
    live,
    cardImages,
    workers,
  }: {
    settlementJobs: SettlementJobs
    live: LiveStreams
    cardImages: CardImages
    workers: RunningWorkers
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
      // Each background worker drains (its work in flight commits or rolls back whole), in the
      // reverse of their start: the mail producers before the outbox's sender.
      await workers.stop()
      // PGlite must be closed or the process never exits; closing also frees the data folder.
      await database.close()
      logger.info('stopped')
    })())
}
