import { Undo2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Bet } from '#shared/schemas/bet'
import { Alert } from '#web/components/ui/alert'
import { useNumberFormat } from '#web/lib/format'

/**
 * The user's bet on this tournament: what they paid, or — once the tournament was cancelled —
 * that the fee came back, so a refunded bet never reads as one still in play.
 */
export function MyBetBanner({ bet }: { bet: Bet }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const amount = number.format(bet.amount)
  if (bet.status === 'refunded') {
    return (
      <div
        role="status"
        data-testid="refund-banner"
        className="flex gap-3 rounded-xl border border-refund/40 bg-refund/10 px-4 py-3 text-sm text-fg"
      >
        <Undo2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-refund" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{t('tournament_page.cancelled.refund_title')}</p>
          <p className="mt-1">{t('tournament_page.cancelled.refund_body', { amount })}</p>
        </div>
      </div>
    )
  }
  return (
    <Alert tone="success" testId="bet-placed-banner" title={t('tournament_detail.bet_placed')}>
      {t('tournament_detail.bet_amount', { amount })}
    </Alert>
  )
}
