import { ListOrdered } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { LeaderboardEntry } from '#shared/schemas/leaderboard'
import { EmptyState } from '#web/components/ui/empty-state'
import { cn } from '#web/lib/cn'
import { useNumberFormat } from '#web/lib/format'

/** The ranking, one row a player; the current user's row is highlighted and marked "You". */
export function RankingList({ entries }: { entries: readonly LeaderboardEntry[] }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  if (entries.length === 0) {
    return (
      <EmptyState icon={ListOrdered} className="py-8">
        {t('leaderboard.empty')}
      </EmptyState>
    )
  }
  // grid-cols-1 is minmax(0, 1fr): a long username truncates instead of widening the page.
  return (
    <ol data-testid="ranking-list" className="grid grid-cols-1 gap-2">
      {entries.map((entry, index) => (
        <li
          key={`${index}-${entry.username}`}
          data-testid="ranking-row"
          data-current-user={entry.is_current_user || undefined}
          aria-current={entry.is_current_user ? 'true' : undefined}
          className={cn(
            'flex min-w-0 items-center gap-3 rounded-xl border px-3 py-2.5 sm:px-4',
            entry.is_current_user
              ? 'border-brand bg-court-50 dark:bg-court-950'
              : 'border-line bg-surface',
          )}
        >
          <span
            data-testid="ranking-rank"
            className="w-12 shrink-0 text-base font-extrabold text-fg tabular-nums"
          >
            {t('leaderboard.rank', { rank: number.format(entry.rank_position) })}
          </span>
          <span className="flex min-w-0 flex-1 items-center gap-2">
            <span data-testid="ranking-username" className="truncate font-semibold text-fg">
              {entry.username}
            </span>
            {entry.is_current_user && (
              <span className="shrink-0 rounded-full bg-brand-solid px-2 py-0.5 text-xs font-bold text-on-brand">
                {t('leaderboard.you')}
              </span>
            )}
          </span>
          <span
            data-testid="ranking-coins"
            className="shrink-0 text-sm font-bold text-coin tabular-nums sm:text-base"
          >
            {t('common.coinsAmount', { amount: number.format(entry.total_coins) })}
          </span>
        </li>
      ))}
    </ol>
  )
}
