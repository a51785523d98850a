import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { DEFAULT_LEADERBOARD_LIMIT, type Leaderboard } from '#shared/schemas/leaderboard'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

/** The top `limit` players by coins and the totals over every wallet (GET /api/leaderboard). */
export function getLeaderboard(limit: number): Promise<Leaderboard> {
  return unwrap(api.api.leaderboard.$get({ query: { limit: String(limit) } }))
}

export function leaderboardQueryOptions(limit = DEFAULT_LEADERBOARD_LIMIT) {
  return queryOptions({
    queryKey: queryKeys.leaderboard.top(limit),
    queryFn: () => getLeaderboard(limit),
    // Keep the shorter list on screen while "show more" loads the longer one.
    placeholderData: keepPreviousData,
  })
}

export function useLeaderboard(limit: number) {
  return useQuery(leaderboardQueryOptions(limit))
}
