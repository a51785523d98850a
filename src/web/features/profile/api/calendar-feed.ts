import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

export const calendarFeedQueryOptions = queryOptions({
  queryKey: queryKeys.me.calendarFeed,
  queryFn: () => unwrap(api.api.me['calendar-feed'].$get()),
})

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions)
}

/** Makes the feed, or a new one in place of the old (whose URL then stops working). */
export function useRenewCalendarFeed() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.api.me['calendar-feed'].$post()),
    onSuccess: (feed) => client.setQueryData(queryKeys.me.calendarFeed, feed),
  })
}
