// Keeps leaderboard_ranks a few seconds fresh: one rebuild every intervalMs, never two at once,
// started with the server and stopped (waiting for a rebuild in flight) before the database
// closes. On PGlite a rebuild is one short transaction that other queries queue behind.
import type { Database } from '../../db/client'
import type { Logger } from '../../logger'
import { refreshLeaderboardRanks } from './leaderboard.service'

export const LEADERBOARD_REFRESH_INTERVAL_MS = 5_000

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
    running = refreshLeaderboardRanks(db)
      .then(() => undefined)
      .catch((error: unknown) => logger.warn({ err: error }, 'leaderboard refresh failed'))
      .finally(() => {
        running = undefined
        schedule()
      })
  }
  // A timeout chain rather than setInterval: a slow rebuild delays the next one, never overlaps.
  const schedule = () => {
    if (isStopped) return
    timer = setTimeout(tick, intervalMs)
    // The refresher alone must never keep the process alive.
    timer.unref()
  }

  tick()
  return {
    async stop() {
      isStopped = true
      clearTimeout(timer)
      await running
    },
  }
}
