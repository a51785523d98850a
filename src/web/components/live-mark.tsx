import { useTranslation } from 'react-i18next'
import { cn } from '#web/lib/cn'
import type { LiveState } from '#web/lib/live'

/** A small "live" mark: the page updates by itself (or is reconnecting to do so). */
export function LiveMark({ state, className }: { state: LiveState; className?: string }) {
  const { t } = useTranslation()
  const isLive = state === 'live'
  return (
    <p
      className={cn('flex w-full justify-end', className)}
      data-testid="live-mark"
      data-state={state}
      title={isLive ? t('live.description') : t('live.reconnectingDescription')}
    >
      <span
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold',
          'border border-line',
          isLive ? 'bg-surface text-fg' : 'bg-surface-2 text-muted',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'size-2 rounded-full',
            isLive ? 'bg-danger motion-safe:animate-pulse' : 'bg-muted',
          )}
        />
        {isLive ? t('live.mark') : t('live.reconnecting')}
        <span className="sr-only">
          {' — '}
          {isLive ? t('live.description') : t('live.reconnectingDescription')}
        </span>
      </span>
    </p>
  )
}
