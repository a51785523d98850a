import { useTranslation } from 'react-i18next'
import { Skeleton } from '#web/components/ui/skeleton'
import { useNumberFormat, usePercentFormat } from '#web/lib/format'
import { useMyStats } from '#web/lib/queries/my-stats'

const DASH = '—'

/** Predictions, won, lost, win rate and total winnings, from the user's real bets. */
export function LifetimeStats() {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const stats = useMyStats()
  const percent = usePercentFormat(1)

  const figures = stats.data
    ? [
        { key: 'bets', label: t('profile.stats_bets'), value: number.format(stats.data.betCount) },
        { key: 'won', label: t('profile.stats_won'), value: number.format(stats.data.won) },
        { key: 'lost', label: t('profile.stats_lost'), value: number.format(stats.data.lost) },
        {
          key: 'win-rate',
          label: t('profile.stats_win_rate'),
          // null until a bet is settled: a dash, not a misleading 0 %.
          value: stats.data.winRate === null ? DASH : percent.format(stats.data.winRate / 100),
        },
        {
          key: 'winnings',
          label: t('profile.stats_winnings'),
          value: t('common.coinsAmount', { amount: number.format(stats.data.totalWinnings) }),
        },
      ]
    : null

  return (
    <section
      aria-labelledby="stats-title"
      className="rounded-2xl border border-line bg-surface p-5 sm:p-6"
    >
      <h2 id="stats-title" className="text-lg font-bold text-fg">
        {t('profile.stats_title')}
      </h2>
      {stats.isError && <p className="mt-3 text-sm text-muted">{t('profile.stats_unavailable')}</p>}
      {stats.isPending && (
        <div role="status" className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <span className="sr-only">{t('common.loading')}</span>
          {[0, 1, 2, 3, 4].map((slot) => (
            <Skeleton key={slot} className="h-18 w-full" />
          ))}
        </div>
      )}
      {figures && (
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {figures.map((figure) => (
            <div key={figure.key} className="rounded-xl bg-surface-2 px-4 py-3">
              <dt className="text-sm text-muted">{figure.label}</dt>
              <dd
                data-testid={`stat-${figure.key}`}
                className="mt-1 text-xl font-bold text-fg tabular-nums"
              >
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}
