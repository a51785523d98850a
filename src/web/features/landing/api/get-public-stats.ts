import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicStats } from '#shared/schemas/stats'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

/** Live counts of players, tournaments and predictions for the landing page's stats strip. */
export function getPublicStats(): Promise<PublicStats> {
  return unwrap(api.api.stats.$get())
}

export const publicStatsQueryOptions = queryOptions({
  queryKey: queryKeys.publicStats,
  queryFn: getPublicStats,
  staleTime: 60_000,
})

export function usePublicStats() {
  return useQuery(publicStatsQueryOptions)
}
