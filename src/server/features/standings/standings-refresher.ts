// Keeps the standings a moment behind the results (docs/decisions/093). Every POLL_MS it asks the
// database which tournaments past their deadline have results (matches, MVP, deadline) other than
// those their standings were built from — a question about a few rows per tournament, answered
// after commit, on every database and from any process. A tournament found stale is rebuilt once
// its results have held still for one poll (an admin entering several results in a row costs one
// rebuild), or at the latest MAX_WAIT_MS after the first change. The first poll after start-up
// finds what a crash left stale, so the standings never stay behind.
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import type { Logger } from '../../logger'
import { standingsBuilds, tournaments } from '../../db/schema'
import { rebuildStandings, resultsDigestSql } from './standings-rebuild'
import { setStandingsRefreshedInBackground } from './standings.service'

export const STANDINGS_POLL_MS = 200
export const STANDINGS_MAX_WAIT_MS = 1_000

export interface StaleStandings {
  tournamentId: string
  digest: string
}

/** Tournaments closed to bets (not cancelled) whose standings are missing or stale. */
export async function findStaleStandings(db: Database): Promise<StaleStandings[]> {
  const answer = (await db.execute(sql`
    select t.id as "tournamentId", d.digest
    from ${tournaments} t
    cross join lateral (select ${resultsDigestSql(sql`t.id`)} as digest) d
    left join ${standingsBuilds} s on s.tournament_id = t.id
    where (t.betting_deadline <= now() or t.status <> 'upcoming') and t.status <> 'cancelled'
      and (s.results_digest is null or s.results_digest <> d.digest)`)) as unknown as {
    rows: StaleStandings[]
  }
  return answer.rows
}

export interface StandingsRefresher {
  /** Stops polling and waits for a rebuild in flight. Safe to call twice. */
  stop(): Promise<void>
}

export function startStandingsRefresher({
  db,
  logger,
  pollMs = STANDINGS_POLL_MS,
  maxWaitMs = STANDINGS_MAX_WAIT_MS,
}: {
  db: Database
  logger: Logger
  pollMs?: number
  maxWaitMs?: number
}): StandingsRefresher {
  // Seen stale, not rebuilt yet: the digest last seen and when the tournament was first seen stale.
  const waiting = new Map<string, { digest: string; since: number }>()
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let isStopped = false
  let isFirstPoll = true

  const poll = async () => {
    const now = Date.now()
    const due: string[] = []
    for (const { tournamentId, digest } of await findStaleStandings(db)) {
      const seen = waiting.get(tournamentId)
      const isQuiet = seen !== undefined && seen.digest === digest
      if (isFirstPoll || isQuiet || (seen && now - seen.since >= maxWaitMs)) {
        due.push(tournamentId)
        waiting.delete(tournamentId)
      } else {
        waiting.set(tournamentId, { digest, since: seen?.since ?? now })
      }
    }
    isFirstPoll = false
    for (const tournamentId of due) {
      if (isStopped) return
      const startedAt = performance.now()
      const { rebuilt, entries } = await rebuildStandings(db, tournamentId)
      if (rebuilt) {
        const ms = Math.round(performance.now() - startedAt)
        logger.debug({ tournamentId, entries, ms }, 'standings rebuilt')
      }
    }
  }

  const tick = () => {
    running = poll()
      .catch((error: unknown) => logger.warn({ err: error }, 'standings refresh failed'))
      .finally(() => {
        running = undefined
        schedule()
      })
  }
  // A timeout chain: a long rebuild delays the next poll, never overlaps it.
  const schedule = () => {
    if (isStopped) return
    timer = setTimeout(tick, pollMs)
    timer.unref()
  }

  setStandingsRefreshedInBackground(db, true)
  tick()
  return {
    async stop() {
      isStopped = true
      clearTimeout(timer)
      setStandingsRefreshedInBackground(db, false)
      await running
    },
  }
}
