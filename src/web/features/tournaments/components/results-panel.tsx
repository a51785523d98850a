import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api-client'
import { useNumberFormat, usePercentFormat } from '../../../lib/format'
import { useMyPerformance, useTournamentResults } from '../api/tournaments'

/** A completed tournament: the user's winnings (or no prize) and the settlement figures. */
export function ResultsPanel({ tournamentId, hasBet }: { tournamentId: string; hasBet: boolean }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const percent = usePercentFormat()
  const results = useTournamentResults(tournamentId, true)
  const performance = useMyPerformance(tournamentId, hasBet)

  const mine = performance.data
  return (
    <section
      aria-labelledby="settlement-title"
      data-testid="results-panel"
      className="flex flex-col gap-4"
    >
      <h2 id="settlement-title" className="text-2xl font-bold">
        {t('tournament_detail.settlement.title')}
      </h2>
      {mine &&
        (mine.prize_distribution.prize_amount > 0 ? (
          <Alert
            tone="success"
            testId="winnings-banner"
            title={t('tournament_detail.settlement.won_title')}
          >
            {t('tournament_detail.settlement.won', {
              amount: number.format(mine.prize_distribution.prize_amount),
              accuracy: percent.format(mine.prediction_result.accuracy_percentage / 100),
            })}
          </Alert>
        ) : (
          <Alert
            tone="info"
            testId="no-prize-banner"
            title={t('tournament_detail.settlement.no_prize_title')}
          >
            {t('tournament_detail.settlement.no_prize', {
              accuracy: percent.format(mine.prediction_result.accuracy_percentage / 100),
            })}
          </Alert>
        ))}
      {results.isPending ? (
        <Spinner label={t('tournament_detail.settlement.loading')} className="justify-start" />
      ) : results.error ? (
        results.error instanceof ApiError && results.error.status === 404 ? (
          <p className="text-sm text-muted" data-testid="no-results">
            {t('tournament_detail.settlement.none')}
          </p>
        ) : (
          <Alert tone="error">{t('tournament_detail.settlement.load_error')}</Alert>
        )
      ) : (
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
      )}
    </section>
  )
}
