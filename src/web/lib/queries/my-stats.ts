import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MyStats } from '#shared/schemas/bet'
import { api, unwrap } from '../api-client'
import { queryKeys } from '../query-keys'

/** Lifetime figures from the user's bets (GET /api/me/stats): real numbers, not placeholders. */
export function getMyStats(): Promise<MyStats> {
  return unwrap(api.api.me.stats.$get())
}

export const myStatsQueryOptions = queryOptions({
  queryKey: queryKeys.me.stats,
  queryFn: getMyStats,
})

export function useMyStats() {
  return useQuery(myStatsQueryOptions)
}
