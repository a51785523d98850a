// Keeps the standings a moment behind the results (docs/decisions/093). It wakes on change: the
// live events that announce a result, an MVP or a status (LISTEN, game/live-listener.ts: delivered
// after commit, from any process) make it look again QUIET_MS later; otherwise it looks every
// IDLE_POLL_MS, for what no event announces (a seed, SQL by hand, a deadline that passed, a
// listener gap). To look is to ask the database which tournaments past their deadline have
// results (matches, MVP, deadline) other than those their standings were built from — skipping
// settled tournaments that have a build, whose results no longer change. A tournament found stale
// is rebuilt once its results have held still for QUIET_MS (an admin entering several results in
// a row costs one rebuild), or at the latest MAX_WAIT_MS after the first change. The first look
// after start-up finds what a crash left stale, so the standings never stay behind.
import { sql } from 'drizzle-orm'
import { rowsOf, type Database } from '#server/db/client'
import type { Logger } from '#server/logger'
import { standingsBuilds, tournaments } from '#server/db/schema'
import type { LiveListener } from '#server/game/live-listener'
import { rebuildStandings, resultsDigestSql } from './standings-rebuild'
import { setStandingsRefreshedInBackground } from './standings.service'

/** After a change, how long results must hold still before a rebuild; the poll while waiting. */
export const STANDINGS_QUIET_MS = 200
export const STANDINGS_MAX_WAIT_MS = 1_000
/** The look with no event: cheap (settled tournaments skipped), for changes nothing announced. */
export const STANDINGS_IDLE_POLL_MS = 5_000

/** The live events that can change what standings are built from. */
const CHANGE_EVENTS = new Set(['result', 'mvp', 'status'])

export interface StaleStandings {
  tournamentId: string
  digest: string
}

/**
 * Tournaments closed to bets (not cancelled) whose standings are missing or stale. A settled
 * tournament with a build is not looked at: its results are final, and its digest is work.
 */
export async function findStaleStandings(db: Database): Promise<StaleStandings[]> {
  const answer = rowsOf<StaleStandings>(
    await db.execute(sql`
    select t.id as "tournamentId", d.digest
    from ${tournaments} t
    left join ${standingsBuilds} s on s.tournament_id = t.id
    cross join lateral (select ${resultsDigestSql(sql`t.id`)} as digest) d
    where (t.betting_deadline <= now() or t.status <> 'upcoming') and t.status <> 'cancelled'
      and not (s.tournament_id is not null and exists (
        select 1 from tournament_settlements ts
         where ts.tournament_id = t.id and ts.state = 'completed'))
      and (s.results_digest is null or s.results_digest <> d.digest)`),
  )
  return answer
}

export interface StandingsRefresher {
  /** Stops polling and waits for a rebuild in flight. Safe to call twice. */
  stop(): Promise<void>
}

export function startStandingsRefresher({
  db,
  logger,
  listener,
  quietMs = STANDINGS_QUIET_MS,
  maxWaitMs = STANDINGS_MAX_WAIT_MS,
  idlePollMs = STANDINGS_IDLE_POLL_MS,
}: {
  db: Database
  logger: Logger
  /** The live events that wake it; without one it only polls every idlePollMs. */
  listener?: LiveListener
  quietMs?: number
  maxWaitMs?: number
  idlePollMs?: number
}): StandingsRefresher {
  // Seen stale, not rebuilt yet: the digest last seen and when the tournament was first seen stale.
  const waiting = new Map<string, { digest: string; since: number }>()
  // When each tournament's last change event came: quiet once quietMs have passed since.
  const lastEventAt = new Map<string, number>()
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let isStopped = false
  let isFirstPoll = true
  let wokeWhileRunning = false

  const poll = async () => {
    const now = Date.now()
    const due: string[] = []
    for (const { tournamentId, digest } of await findStaleStandings(db)) {
      const seen = waiting.get(tournamentId)
      const eventAt = lastEventAt.get(tournamentId)
      const isQuiet =
        (seen !== undefined && seen.digest === digest) ||
        (eventAt !== undefined && now - eventAt >= quietMs)
      if (isFirstPoll || isQuiet || (seen && now - seen.since >= maxWaitMs)) {
        due.push(tournamentId)
        waiting.delete(tournamentId)
        lastEventAt.delete(tournamentId)
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
    timer = undefined
    wokeWhileRunning = false
    running = poll()
      .catch((error: unknown) => logger.warn({ err: error }, 'standings refresh failed'))
      .finally(() => {
        running = undefined
        schedule()
      })
  }
  // A timeout chain: a long rebuild delays the next poll, never overlaps it. Soon while a
  // change is waiting to settle, rarely when nothing happens.
  const schedule = () => {
    if (isStopped) return
    const isBusy = waiting.size > 0 || lastEventAt.size > 0 || wokeWhileRunning
    timer = setTimeout(tick, isBusy ? quietMs : idlePollMs)
    timer.unref()
  }
  // A change event (or a gap, when any may have been missed): look again quietMs from now.
  const wake = (tournamentId?: string) => {
    if (isStopped) return
    if (tournamentId !== undefined) lastEventAt.set(tournamentId, Date.now())
    if (running) {
      wokeWhileRunning = true
      return
    }
    clearTimeout(timer)
    timer = setTimeout(tick, quietMs)
    timer.unref()
  }

  setStandingsRefreshedInBackground(db, true)
  const listening = listener?.start({
    onEvent: (event) => {
      if (CHANGE_EVENTS.has(event.event)) wake(event.tournamentId)
    },
    onGap: () => wake(),
  })
  listening?.catch((error: unknown) =>
    logger.warn({ err: error }, 'standings refresher could not listen; polling only'),
  )
  tick()
  return {
    async stop() {
      isStopped = true
      clearTimeout(timer)
      setStandingsRefreshedInBackground(db, false)
      await listener?.stop()
      await running
    },
  }
}
