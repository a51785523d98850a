import { useQuery } from '@tanstack/react-query'
import type { MyInsight } from '#shared/schemas/insight'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

export function getMyInsight(id: string): Promise<MyInsight> {
  return unwrap(
    api.api.tournaments[':id']['my-insight'].$get({ param: { id }, query: { contest: 'main' } }),
  )
}

/** The fan's insight for their bracket; refetched on every live event (lib/live.ts). */
export function useMyInsight(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tournaments.myInsight(id),
    queryFn: () => getMyInsight(id),
    enabled,
  })
}
