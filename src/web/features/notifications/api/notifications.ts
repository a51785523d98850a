// The fan's notifications (GET /api/notifications, POST /api/notifications/read). The header's
// badge asks for the count alone (limit=0: one small query), on focus and every minute; the list
// loads when it is opened.
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query'
import type { MarkNotificationsRead, NotificationPage } from '#shared/schemas/notification'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

export const UNREAD_REFRESH_MS = 60_000
const PAGE_SIZE = 10

export function useUnreadCount(isEnabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.unread,
    queryFn: () => unwrap(api.api.notifications.$get({ query: { limit: '0' } })),
    select: (page) => page.unread,
    enabled: isEnabled,
    refetchInterval: UNREAD_REFRESH_MS,
    refetchOnWindowFocus: true,
  })
}

export function useNotificationList(isEnabled = true) {
  return useInfiniteQuery({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ pageParam }) =>
      unwrap(
        api.api.notifications.$get({
          query: { limit: String(PAGE_SIZE), ...(pageParam ? { before: pageParam } : {}) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotificationPage) => last.nextBefore,
    enabled: isEnabled,
  })
}

/** Marks read, then shows the answer's count at once and refreshes the list. */
export function useMarkRead() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (request: MarkNotificationsRead) =>
      unwrap(api.api.notifications.read.$post({ json: request })),
    onSuccess: async ({ unread }) => {
      client.setQueryData<NotificationPage>(queryKeys.notifications.unread, (page) =>
        page ? { ...page, unread } : page,
      )
      await client.invalidateQueries({ queryKey: queryKeys.notifications.list })
    },
  })
}

export type NotificationPages = InfiniteData<NotificationPage, string | null>
