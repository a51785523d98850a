// Keeps leaderboard_ranks a few seconds fresh: one rebuild every intervalMs, never two at once,
// started with the server and stopped (waiting for a rebuild in flight) before the database
// closes. On PGlite a rebuild is one short transaction that other queries queue behind.
// At a million wallets a rebuild takes about a second (bench/README.md); the pause after one grows
// with it, so rebuilding never takes more than a fifth of the database's time.
import type { Database } from '#server/db/client'
import type { Logger } from '#server/logger'
import { refreshLeaderboardRanks } from './leaderboard-rebuild'
import { setRefreshedInBackground } from './leaderboard.service'

export const LEADERBOARD_REFRESH_INTERVAL_MS = 5_000
/** The pause after a rebuild is at least this many times as long as the rebuild took. */
export const PAUSE_PER_REBUILD_TIME = 4

/** How long to wait before the next rebuild, after one that took rebuildMs. */
export function pauseAfterRebuild(intervalMs: number, rebuildMs: number): number {
  return Math.max(intervalMs, Math.round(PAUSE_PER_REBUILD_TIME * rebuildMs))
}

export interface LeaderboardRefresher {
  /** Stops the timer and waits for a rebuild in flight. Safe to call twice. */
  stop(): Promise<void>
}

export function startLeaderboardRefresher({
  db,
  logger,
  intervalMs = LEADERBOARD_REFRESH_INTERVAL_MS,
}: {
  db: Database
  logger: Logger
  intervalMs?: number
}): LeaderboardRefresher {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let isStopped = false

  const tick = () => {
    const startedAt = performance.now()
    running = refreshLeaderboardRanks(db)
      .then(() => undefined)
      .catch((error: unknown) => logger.warn({ err: error }, 'leaderboard refresh failed'))
      .finally(() => {
        running = undefined
        schedule(pauseAfterRebuild(intervalMs, performance.now() - startedAt))
      })
  }
  // A timeout chain rather than setInterval: a slow rebuild delays the next one, never overlaps.
  const schedule = (delayMs: number) => {
    if (isStopped) return
    timer = setTimeout(tick, delayMs)
    // The refresher alone must never keep the process alive.
    timer.unref()
  }

  setRefreshedInBackground(db, true)
  tick()
  return {
    async stop() {
      isStopped = true
      clearTimeout(timer)
      setRefreshedInBackground(db, false)
      await running
    },
  }
}
