import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TopUpResult, TopUpStatus } from '#shared/schemas/me'
import { api, unwrap, whenOnline } from '#web/lib/api-client'
import { queryKeys, refreshAfterCoinsMoved } from '#web/lib/query-keys'

export function getTopUpStatus(): Promise<TopUpStatus> {
  return unwrap(api.api.me['top-up'].$get())
}

export function claimTopUp(): Promise<TopUpResult> {
  return whenOnline(() => unwrap(api.api.me['top-up'].$post()))
}

export const topUpQueryOptions = queryOptions({
  queryKey: queryKeys.me.topUp,
  queryFn: getTopUpStatus,
  // Eligibility changes with the balance and the clock: ask again each time it is shown.
  staleTime: 0,
})

export function useTopUpStatus() {
  return useQuery(topUpQueryOptions)
}

/** Claims the top-up, then reloads the balance (session, profile, leaderboard) and the status. */
export function useClaimTopUp() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: claimTopUp,
    onSettled: () => refreshAfterCoinsMoved(client),
  })
}
