// Keeps the season tables up with the settlements in the background of every server process
// (docs/decisions/136): every SEASON_POLL_MS it asks which season tournaments disagree with their
// settlement (a cheap query over the seasons' few tournaments) and counts each, or takes it back
// out, in a transaction of its own under the season row's lock, so processes never count one
// twice. The first look after start-up finds whatever a crash left uncounted. Each round also
// announces the seasons that have ended (season-recap.ts).
import type { Database } from '#server/db/client'
import type { Logger } from '#server/logger'
import { applySeasonChange, findSeasonChanges } from './season-count'
import { setSeasonsRefreshedInBackground } from './season-freshness'

export const SEASON_POLL_MS = 1_000

export interface SeasonRefresher {
  /** No new round starts; waits for the one in flight. Safe to call twice. */
  stop(): Promise<void>
}

export function startSeasonRefresher({
  db,
  logger,
  pollMs = SEASON_POLL_MS,
  afterRound,
}: {
  db: Database
  logger: Logger
  pollMs?: number
  /** More work of the same round: the season recaps. */
  afterRound?: () => Promise<void>
}): SeasonRefresher {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let isStopped = false
  const round = async () => {
    for (const change of await findSeasonChanges(db)) {
      if (isStopped) return
      const startedAt = performance.now()
      if (await applySeasonChange(db, change)) {
        const ms = Math.round(performance.now() - startedAt)
        const action = change.step === null ? 'counted' : 'taken out'
        logger.info({ ...change, ms }, `season tournament ${action}`)
      }
    }
    await afterRound?.()
  }
  const tick = () => {
    timer = undefined
    running = round()
      .catch((error: unknown) => logger.warn({ err: error }, 'season refresh failed'))
      .finally(() => {
        running = undefined
        if (isStopped) return
        timer = setTimeout(tick, pollMs)
        timer.unref()
      })
  }
  setSeasonsRefreshedInBackground(db, true)
  tick()
  return {
    async stop() {
      isStopped = true
      clearTimeout(timer)
      setSeasonsRefreshedInBackground(db, false)
      await running
    },
  }
}
