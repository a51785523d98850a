import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MyBets } from '#shared/schemas/bet'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

/** The fan's brackets with their tournament and result, newest first (GET /api/me/bets). */
export function getMyBets(): Promise<MyBets> {
  return unwrap(api.api.me.bets.$get({ query: {} }))
}

// Under `me`, so a placed bet reloads it with the other figures (refreshAfterCoinsMoved).
export const myBetsQueryOptions = queryOptions({
  queryKey: queryKeys.me.bets,
  queryFn: getMyBets,
})

export function useMyBets() {
  return useQuery(myBetsQueryOptions)
}
