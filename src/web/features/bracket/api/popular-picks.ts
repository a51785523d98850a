import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PopularPicks } from '#shared/schemas/brackets'
import { api, ApiError, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

export function getPopularPicks(tournamentId: string): Promise<PopularPicks> {
  return unwrap(api.api.tournaments[':id']['popular-picks'].$get({ param: { id: tournamentId } }))
}

/**
 * The quick fill's popular picks (docs/decisions/163). A 404 is an answer (fewer than 50
 * brackets), not a failure to retry; the server recounts at most every five minutes, so neither
 * does the wizard ask more often.
 */
export function popularPicksQueryOptions(tournamentId: string) {
  return queryOptions({
    queryKey: queryKeys.brackets.popularPicks(tournamentId),
    queryFn: () => getPopularPicks(tournamentId),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    staleTime: 5 * 60_000,
  })
}

/** The popular picks; `enabled` false where there are none to ask for (the second chance). */
export function usePopularPicks(tournamentId: string, enabled = true) {
  return useQuery({ ...popularPicksQueryOptions(tournamentId), enabled })
}
