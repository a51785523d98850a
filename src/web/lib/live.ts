// Live updates of a tournament page: an EventSource on GET /api/tournaments/:id/live whose every
// event makes the page's cached queries stale, so they refetch (docs/decisions/089).
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { LIVE_EVENTS } from '#shared/schemas/live'
import { publishLiveResult } from './live-results'
import { queryKeys } from './query-keys'

/**
 * The cached queries an event can change. The one list to extend when a new screen (standings,
 * brackets) shows a tournament.
 */
export function liveQueryKeys(tournamentId: string): readonly (readonly unknown[])[] {
  return [
    queryKeys.tournaments.list,
    queryKeys.tournaments.detail(tournamentId),
    queryKeys.tournaments.prizePool(tournamentId),
    queryKeys.tournaments.myBet(tournamentId),
    queryKeys.tournaments.results(tournamentId),
    queryKeys.tournaments.myPerformance(tournamentId),
    // A shared bracket page follows the stream of its own tournament only.
    queryKeys.shares.all,
    queryKeys.tournaments.myInsight(tournamentId),
    queryKeys.tournaments.standings(tournamentId),
    // The second chance: its state closes with a quarterfinal result, its entry is marked.
    queryKeys.tournaments.secondChance(tournamentId),
    queryKeys.tournaments.mySecondChanceBet(tournamentId),
    // The fan's brackets with their live ranks (dashboard, /my-brackets).
    queryKeys.me.brackets,
    // Every fan's bracket and the People's Bracket: results change their marks.
    queryKeys.brackets.all(tournamentId),
    // The admin screens keep their keys in features/admin/api (decision 083).
    ['admin', 'tournaments', tournamentId],
  ]
}

export function refetchTournament(client: QueryClient, tournamentId: string): Promise<void[]> {
  return Promise.all(
    liveQueryKeys(tournamentId).map((queryKey) => client.invalidateQueries({ queryKey })),
  )
}

/** connecting: not receiving yet; live: events arrive; reconnecting: the stream dropped. */
export type LiveState = 'connecting' | 'live' | 'reconnecting'

// A refused stream (429, 503, a restart) ends EventSource for good: we open it again ourselves,
// waiting longer each time (with a random part so browsers do not come back all at once).
const REOPEN_MIN_MS = 1_000
const REOPEN_MAX_MS = 60_000

/**
 * Keeps the tournament's cached queries fresh while the page is open. A broken stream is
 * reconnected (EventSource's own retry, then ours with backoff) and everything is refetched once
 * it is back, since events may have been missed in between.
 */
export function useLiveTournament(tournamentId: string): LiveState {
  const client = useQueryClient()
  const [state, setState] = useState<LiveState>('connecting')

  useEffect(() => {
    if (!tournamentId || typeof EventSource === 'undefined') return
    let source: EventSource | undefined
    let reopenTimer: ReturnType<typeof setTimeout> | undefined
    let reopenMs = REOPEN_MIN_MS
    let missedSome = false
    const refetch = () => void refetchTournament(client, tournamentId)

    const connect = () => {
      source = new EventSource(`/api/tournaments/${encodeURIComponent(tournamentId)}/live`)
      source.onopen = () => {
        setState('live')
        reopenMs = REOPEN_MIN_MS
        if (missedSome) refetch()
        missedSome = false
      }
      source.onerror = () => {
        setState('reconnecting')
        missedSome = true
        if (source?.readyState !== EventSource.CLOSED) return
        const wait = reopenMs + Math.random() * reopenMs
        reopenMs = Math.min(reopenMs * 2, REOPEN_MAX_MS)
        reopenTimer = setTimeout(connect, wait)
      }
      for (const name of LIVE_EVENTS) source.addEventListener(name, refetch)
      // A result is also announced (components/live-result-toast.tsx), once its data is refetched.
      source.addEventListener('result', (event) => {
        const matchId = matchIdOf(event)
        if (matchId) publishLiveResult(tournamentId, matchId)
      })
    }

    connect()
    return () => {
      clearTimeout(reopenTimer)
      source?.close()
    }
  }, [client, tournamentId])

  return state
}

function matchIdOf(event: Event): string | null {
  try {
    const data: unknown = JSON.parse((event as MessageEvent<string>).data)
    const matchId = (data as { matchId?: unknown } | null)?.matchId
    return typeof matchId === 'string' ? matchId : null
  } catch {
    return null
  }
}
