import { Coins, Trophy, Users, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Leaderboard } from '#shared/schemas/leaderboard'
import { useNumberFormat } from '#web/lib/format'

const DASH = '—'

/** Total players, top score and average coins (dashes when the rankings failed to load). */
export function LeaderboardTotals({ totals }: { totals: Leaderboard['totals'] | undefined }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const figures: { key: string; icon: LucideIcon; label: string; value: number | undefined }[] = [
    {
      key: 'total-players',
      icon: Users,
      label: t('leaderboard.total_players'),
      value: totals?.total_players,
    },
    { key: 'top-score', icon: Trophy, label: t('leaderboard.top_score'), value: totals?.top_score },
    {
      key: 'average-coins',
      icon: Coins,
      label: t('leaderboard.average_coins'),
      value: totals?.average_coins,
    },
  ]
  return (
    <section aria-labelledby="totals-title">
      <h2 id="totals-title" className="mb-3 text-lg font-bold text-fg">
        {t('leaderboard.totals_title')}
      </h2>
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        {figures.map(({ key, icon: Icon, label, value }) => (
          <div key={key} className="rounded-2xl border border-line bg-surface px-4 py-3">
            <dt className="flex items-center gap-2 text-sm text-muted">
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </dt>
            <dd
              data-testid={`total-${key}`}
              className="mt-1 text-2xl font-extrabold text-fg tabular-nums"
            >
              {value === undefined ? DASH : number.format(value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
