import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

/** What an unsubscribe link turns off (GET changes nothing; 400 for a link that is not ours). */
export function unsubscribeLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKeys.unsubscribeLink(token),
    queryFn: () => unwrap(api.api.unsubscribe.$get({ query: { token } })),
    retry: false,
  })
}

export function useUnsubscribeLink(token: string) {
  return useQuery({ ...unsubscribeLinkQueryOptions(token), enabled: token !== '' })
}

/** The confirmed click: that kind of mail is off (again and again is the same answer). */
export function useUnsubscribe(token: string) {
  return useMutation({
    mutationFn: () => unwrap(api.api.unsubscribe.$post({ query: { token } })),
  })
}
