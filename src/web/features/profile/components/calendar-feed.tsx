import { CalendarDays } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { Skeleton } from '#web/components/ui/skeleton'
import { useErrorMessage } from '#web/lib/error-message'
import { useCalendarFeed, useRenewCalendarFeed } from '../api/calendar-feed'

/**
 * The fan's calendar feed (docs/product.md "Calendars"): a private URL that Google or Apple Calendar
 * subscribes to, to copy, and to renew when it went somewhere it should not have.
 */
export function CalendarFeedSettings() {
  const { t } = useTranslation()
  const errorMessage = useErrorMessage()
  const feed = useCalendarFeed()
  const renew = useRenewCalendarFeed()
  const [isCopied, setCopied] = useState(false)
  const url = feed.data?.url ?? null

  const copy = async () => {
    if (!url) return
    await navigator.clipboard.writeText(url).catch(() => undefined)
    setCopied(true)
  }

  return (
    <section
      aria-labelledby="calendar-feed-title"
      data-testid="calendar-feed"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <CalendarDays aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand" />
        <div>
          <h2 id="calendar-feed-title" className="text-lg font-bold text-fg">
            {t('calendar_feed.title')}
          </h2>
          <p className="mt-1 text-sm text-muted">{t('calendar_feed.body')}</p>
        </div>
      </div>
      {feed.isPending && <Skeleton className="h-12 w-full" />}
      {feed.isError && <Alert tone="error">{t('calendar_feed.load_failed')}</Alert>}
      {feed.data && !url && (
        <div>
          <Button
            variant="secondary"
            disabled={renew.isPending}
            onClick={() => renew.mutate()}
            data-testid="calendar-feed-create"
          >
            {t('calendar_feed.create')}
          </Button>
        </div>
      )}
      {url && (
        <div className="flex flex-col gap-3">
          <label htmlFor="calendar-feed-url" className="text-sm font-semibold text-fg">
            {t('calendar_feed.url_label')}
          </label>
          <input
            id="calendar-feed-url"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="calendar-feed-url"
            className="w-full min-w-0 rounded-lg border border-line bg-surface-2 px-3 py-2 font-mono text-sm text-fg"
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void copy()} data-testid="calendar-feed-copy">
              {isCopied ? t('calendar_feed.copied') : t('calendar_feed.copy')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={renew.isPending}
              onClick={() => {
                setCopied(false)
                renew.mutate()
              }}
              data-testid="calendar-feed-renew"
            >
              {t('calendar_feed.renew')}
            </Button>
          </div>
          <p className="text-sm text-muted">{t('calendar_feed.renew_hint')}</p>
        </div>
      )}
      {renew.isError && (
        <Alert tone="error">{errorMessage(renew.error, t('calendar_feed.load_failed'))}</Alert>
      )}
    </section>
  )
}
