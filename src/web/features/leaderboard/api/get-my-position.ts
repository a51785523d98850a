import { queryOptions, useQuery } from '@tanstack/react-query'
import type { LeaderboardPosition } from '#shared/schemas/leaderboard'
import { api, ApiError, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

/**
 * The user's own rank (GET /api/leaderboard/me), from a rank table a few seconds old at most.
 * null when the server has no position for the user yet (404: no wallet right after sign-up).
 */
export async function getMyPosition(): Promise<LeaderboardPosition | null> {
  try {
    return await unwrap(api.api.leaderboard.me.$get())
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const myPositionQueryOptions = queryOptions({
  queryKey: queryKeys.leaderboard.me,
  queryFn: getMyPosition,
})

export function useMyPosition() {
  return useQuery(myPositionQueryOptions)
}
