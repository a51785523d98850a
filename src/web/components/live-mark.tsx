import { useTranslation } from 'react-i18next'
import { canChangeLive } from '#domain/tournament/tournament'
import type { TournamentStatus } from '#shared/schemas/tournament'
import { cn } from '#web/lib/cn'
import type { LiveState } from '#web/lib/live'

/**
 * A quiet mark that the page updates by itself, shown only where something can still change (a
 * tournament in play, or one waiting for its MVP): "live" is a tournament's status, never this
 * mark's word. When the stream drops it says so until it is back. role="status" announces the
 * change to a screen reader.
 */
export function LiveMark({
  state,
  tournament,
  className,
}: {
  state: LiveState
  /** The tournament followed; nothing is shown while it is unknown. */
  tournament: { status: TournamentStatus; mvpPlayerId: string | null } | undefined
  className?: string
}) {
  const { t } = useTranslation()
  if (!tournament || !canChangeLive(tournament.status, tournament.mvpPlayerId)) return null
  const isReconnecting = state === 'reconnecting'
  const label = isReconnecting ? t('live.reconnecting') : t('live.mark')
  return (
    <p
      role="status"
      className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-muted', className)}
      data-testid="live-mark"
      data-state={state}
      title={isReconnecting ? t('live.reconnectingDescription') : t('live.description')}
    >
      {state !== 'connecting' && (
        <>
          <span
            aria-hidden="true"
            className={cn(
              'size-2 shrink-0 rounded-full',
              isReconnecting ? 'border border-muted' : 'bg-brand/70',
            )}
          />
          {/* On a phone the dot alone; its name stays for screen readers. */}
          <span className={isReconnecting ? undefined : 'sr-only sm:not-sr-only'}>{label}</span>
        </>
      )}
    </p>
  )
}
