import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SharedBracket } from '#shared/schemas/share'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

export function getSharedBracket(shareId: string): Promise<SharedBracket> {
  return unwrap(api.api.share[':shareId'].$get({ param: { shareId } }))
}

export function sharedBracketQueryOptions(shareId: string) {
  return queryOptions({
    queryKey: queryKeys.shares.detail(shareId),
    queryFn: () => getSharedBracket(shareId),
  })
}

export function useSharedBracket(shareId: string) {
  return useQuery(sharedBracketQueryOptions(shareId))
}
