import { Hono } from 'hono'
import type { AppEnv } from '#server/app-env'
import type { Database } from '#server/db/client'
import { getPublicStats } from './stats.service'

/**
 * How long a process answers the figures it counted. The landing page asks for them on every
 * visit and counting scans the user and bet tables (tens of milliseconds per million rows), so
 * without this any visitor could keep the database busy; a landing-page figure may be seconds old.
 */
export const STATS_KEPT_MS = 10_000

export function createStatsRoutes({
  db,
  keptMs = STATS_KEPT_MS,
}: {
  db: Database
  keptMs?: number
}) {
  const readStats = keptFor(keptMs, () => getPublicStats(db))
  return new Hono<AppEnv>().get('/', async (c) => c.json(await readStats(), 200))
}

/** The last value for `ms`; callers meanwhile share one computation (a failed one is not kept). */
function keptFor<Value>(ms: number, compute: () => Promise<Value>): () => Promise<Value> {
  let kept: { value: Promise<Value>; at: number } | null = null
  return () => {
    if (kept && performance.now() - kept.at < ms) return kept.value
    const value = compute()
    const entry = { value, at: performance.now() }
    kept = entry
    value.catch(() => {
      if (kept === entry) kept = null
    })
    return value
  }
}
