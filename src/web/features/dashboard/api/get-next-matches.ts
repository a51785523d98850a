import { queryOptions, useQuery } from '@tanstack/react-query'
import type { NextMatches } from '#shared/schemas/schedule'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

/** The next scheduled match of each of the fan's alive picks (GET /api/me/next-matches). */
export function getNextMatches(): Promise<NextMatches> {
  return unwrap(api.api.me['next-matches'].$get())
}

// Under `me`, so a placed bet reloads it; each minute, so a match turns to "playing now" and a
// moved one moves without a reload.
export const nextMatchesQueryOptions = queryOptions({
  queryKey: queryKeys.me.nextMatches,
  queryFn: getNextMatches,
  refetchInterval: 60_000,
})

export function useNextMatches() {
  return useQuery(nextMatchesQueryOptions)
}
