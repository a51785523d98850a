import { Hourglass } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PrizePoolConfig } from '#shared/schemas/tournament'
import { Alert } from '#web/components/ui/alert'
import { Spinner } from '#web/components/ui/spinner'
import { ApiError } from '#web/lib/api-client'
import { useNumberFormat } from '#web/lib/format'
import { useMyPerformance, useTournamentResults } from '../api/tournaments'
import { settlementOutcome } from '../settlement-outcome'
import { SettlementBanner } from './settlement-banner'

/**
 * The prizes of a completed tournament. Until it is settled the results are final but the payouts
 * are pending, and it says just that; afterwards the user's own outcome and the figures.
 */
export function ResultsPanel({
  tournamentId,
  tiers,
  hasBet,
  showsOutcome = true,
}: {
  tournamentId: string
  tiers: PrizePoolConfig['tiers']
  hasBet: boolean
  /** The fan's own outcome; false where the page already opens with it (SettledOutcome). */
  showsOutcome?: boolean
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const results = useTournamentResults(tournamentId, true)
  // Asked alongside the results (a 404 until settled shows nothing), so the win shows at once.
  const performance = useMyPerformance(tournamentId, hasBet && showsOutcome)
  const isPending = results.error instanceof ApiError && results.error.status === 404

  return (
    <section
      aria-labelledby="prizes-title"
      data-testid="results-panel"
      className="flex flex-col gap-4"
    >
      <h2 id="prizes-title" className="text-2xl font-bold">
        {t('tournament_page.prizes.title')}
      </h2>
      {results.isPending ? (
        <Spinner label={t('tournament_detail.settlement.loading')} className="justify-start" />
      ) : isPending ? (
        <div
          role="status"
          data-testid="payouts-pending"
          className="flex gap-3 rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm text-fg"
        >
          <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{t('tournament_page.prizes.pending_title')}</p>
            <p className="mt-1">{t('tournament_page.prizes.pending')}</p>
            {hasBet && <p className="mt-1">{t('tournament_page.prizes.pending_with_bet')}</p>}
          </div>
        </div>
      ) : results.error ? (
        <Alert tone="error">{t('tournament_detail.settlement.load_error')}</Alert>
      ) : (
        <>
          {showsOutcome && performance.data && (
            <SettlementBanner
              outcome={settlementOutcome(
                performance.data,
                results.data.tournament_info.prize_pool,
                tiers,
              )}
            />
          )}
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            {(
              [
                ['prize_pool', number.format(results.data.tournament_info.prize_pool)],
                ['participants', number.format(results.data.tournament_info.participant_count)],
                ['winners', number.format(results.data.statistics.total_winners)],
                ['paid', number.format(results.data.statistics.total_paid)],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-xl bg-surface-2 px-3 py-2">
                <dt className="text-xs text-muted">{t(`tournament_detail.settlement.${key}`)}</dt>
                <dd className="text-lg font-bold text-fg tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  )
}
