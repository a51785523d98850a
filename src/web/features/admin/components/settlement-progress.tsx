import { RotateCw } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { SettlementProgress } from '#shared/schemas/admin'
import { Button } from '#web/components/ui/button'
import { useNumberFormat } from '#web/lib/format'
import { useSettlementProgress } from '../api/tournaments'

/**
 * A settlement paying in the background (docs/decisions/056): the bar follows the polled progress
 * and reports the end once. onResume, when given, offers to restart a settlement that stopped
 * (a crash found on page load); while this page's own settle runs there is nothing to resume.
 * A settlement that stopped on an error (decision 068) says why, and offers Resume and, when the
 * domain allows it, the cancel with refunds.
 */
export function SettlementProgressBar({
  tournamentId,
  name,
  onResume,
  onRetry,
  cancelAction,
  onCompleted,
}: {
  tournamentId: string
  name: string
  onResume?: () => void
  /** Resume after a stop, offered even while this page follows the settlement. */
  onRetry: () => void
  /** The cancel button, shown once the settlement has stopped and the domain allows it. */
  cancelAction: (stage: SettlementProgress['state']) => ReactNode
  onCompleted: (progress: SettlementProgress) => void
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const { data: progress } = useSettlementProgress(tournamentId)

  const hasReported = useRef(false)
  useEffect(() => {
    if (progress?.state !== 'completed' || hasReported.current) return
    hasReported.current = true
    onCompleted(progress)
  }, [progress, onCompleted])

  if (!progress) return <span className="text-sm text-muted">{t('admin.common.loading')}</span>
  const { betsSettled, betsTotal } = progress
  const percent = betsTotal === 0 ? 100 : Math.round((betsSettled * 100) / betsTotal)
  const count = t('admin.tournaments.settleProgress', {
    settled: number.format(betsSettled),
    total: number.format(betsTotal),
  })
  return (
    <span className="flex min-w-40 flex-col gap-1" data-testid="settlement-progress">
      <span
        role="progressbar"
        aria-label={t('admin.tournaments.settleProgressLabel', { name })}
        aria-valuemin={0}
        aria-valuemax={betsTotal}
        aria-valuenow={betsSettled}
        aria-valuetext={count}
        className="block h-2 overflow-hidden rounded-full bg-surface-2"
      >
        <span
          className="block h-full rounded-full bg-brand transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </span>
      <span className="text-xs text-muted tabular-nums">{count}</span>
      {progress.state === 'stopped' && (
        <>
          <span role="status" className="text-xs font-semibold text-danger">
            {t('money.settlementStopped', { reason: progress.stopReason ?? '' })}
          </span>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('admin.tournaments.settleResumeFor', { name })}
            onClick={onRetry}
          >
            <RotateCw aria-hidden="true" className="size-4" />
            {t('admin.tournaments.settleResume')}
          </Button>
          {cancelAction(progress.state)}
        </>
      )}
      {onResume && progress.state !== 'stopped' && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={t('admin.tournaments.settleResumeFor', { name })}
          onClick={onResume}
        >
          <RotateCw aria-hidden="true" className="size-4" />
          {t('admin.tournaments.settleResume')}
        </Button>
      )}
    </span>
  )
}
