// The list of the fan's notifications, newest first: loading, error, empty, each item with its
// own "mark as read", and "mark all as read". Used by the header's popover and /notifications.
import { BellOff, Check, CheckCheck } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Spinner } from '#web/components/ui/spinner'
import { cn } from '#web/lib/cn'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { useMarkRead, useNotificationList } from '../api/notifications'
import { notificationText } from '../notification-text'

export function NotificationList({
  isCompact = false,
  onNavigate,
}: {
  /** The popover: no paging, a link to the page instead. */
  isCompact?: boolean
  onNavigate?: () => void
}) {
  const { t } = useTranslation()
  const numbers = useNumberFormat()
  const dates = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' })
  const list = useNotificationList()
  const markRead = useMarkRead()

  if (list.isPending) return <Spinner label={t('notifications.loading')} className="py-8" />
  if (list.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 p-4 text-sm text-fg">
        <p>{t('notifications.error')}</p>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          {t('notifications.retry')}
        </Button>
      </div>
    )
  }
  const items = list.data.pages.flatMap((page) => page.items)
  const unread = list.data.pages[0]?.unread ?? 0
  if (items.length === 0) {
    return (
      <EmptyState icon={BellOff} title={t('notifications.empty_title')} className="m-3">
        {t('notifications.empty')}
      </EmptyState>
    )
  }

  return (
    <div className="flex flex-col">
      <div className="flex justify-end border-b border-line px-3 py-2">
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <ul className="divide-y divide-line" data-testid="notification-list">
        {items.map((item) => {
          const text = notificationText(item, t, (value) => numbers.format(value))
          const isUnread = item.readAt === null
          // A season recap opens the fan's recap; the others their tournament.
          const link = item.season
            ? `/seasons/${item.season.id}/me`
            : item.tournament
              ? `/tournament/${item.tournament.id}`
              : null
          return (
            <li
              key={item.id}
              className={cn('flex items-start gap-3 px-4 py-3', isUnread && 'bg-surface-2')}
            >
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-fg">
                  {isUnread && (
                    <span className="mr-2 inline-block size-2 rounded-full bg-brand align-middle">
                      <span className="sr-only">{t('notifications.unread')}</span>
                    </span>
                  )}
                  {link ? (
                    <Link
                      to={link}
                      onClick={onNavigate}
                      className="underline-offset-2 hover:underline"
                    >
                      {text.title}
                    </Link>
                  ) : (
                    text.title
                  )}
                </p>
                <p className="mt-0.5 text-sm text-muted">{text.body}</p>
                <p className="mt-1 text-xs text-muted">
                  <time dateTime={item.createdAt}>{dates.format(new Date(item.createdAt))}</time>
                </p>
              </div>
              {isUnread && (
                <button
                  type="button"
                  aria-label={t('notifications.markReadOf', { title: text.title })}
                  title={t('notifications.markRead')}
                  disabled={markRead.isPending}
                  onClick={() => markRead.mutate({ ids: [item.id] })}
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg"
                >
                  <Check aria-hidden="true" className="size-4" />
                </button>
              )}
            </li>
          )
        })}
      </ul>
      {isCompact ? (
        <Link
          to="/notifications"
          onClick={onNavigate}
          className="border-t border-line px-4 py-3 text-center text-sm font-semibold text-brand hover:underline"
        >
          {t('notifications.seeAll')}
        </Link>
      ) : (
        list.hasNextPage && (
          <div className="flex justify-center p-3">
            <Button
              variant="secondary"
              size="sm"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('notifications.showMore')}
            </Button>
          </div>
        )
      )}
    </div>
  )
}
