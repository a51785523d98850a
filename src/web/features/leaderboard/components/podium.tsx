import { Crown, Medal } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { LeaderboardEntry } from '#shared/schemas/leaderboard'
import { cn } from '#web/lib/cn'
import { useNumberFormat } from '#web/lib/format'
import { podiumSlots } from '../leaderboard-view-model'

const STEP_BLOCKS = {
  1: 'h-28 bg-accent text-on-accent',
  2: 'h-20 bg-court-200 text-court-950',
  3: 'h-14 bg-glass-300 text-glass-950',
} as const

const VISUAL_ORDER_CLASSES = { 1: 'order-1', 2: 'order-2', 3: 'order-3' } as const

/**
 * The top three on a podium: first in the middle, second left, third right. Players with equal
 * coins stand on the same step and their place is labelled as shared.
 */
export function Podium({ entries }: { entries: readonly LeaderboardEntry[] }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const slots = podiumSlots(entries)
  if (slots.length === 0) return null
  return (
    <section aria-labelledby="podium-title">
      <h2 id="podium-title" className="sr-only">
        {t('leaderboard.podium_title')}
      </h2>
      {/* Rank order in the markup (how it is read); the flex order places it like a podium. */}
      <ol
        data-testid="podium"
        className="mx-auto grid max-w-2xl grid-cols-3 items-end gap-2 sm:gap-4"
      >
        {slots.map(({ entry, step, isShared, visualOrder }) => {
          const Icon = step === 1 ? Crown : Medal
          return (
            <li
              key={`${visualOrder}-${entry.username}`}
              data-testid="podium-place"
              data-step={step}
              data-shared={isShared || undefined}
              aria-current={entry.is_current_user ? 'true' : undefined}
              className={cn(
                'flex min-w-0 flex-col items-center text-center',
                VISUAL_ORDER_CLASSES[visualOrder],
              )}
            >
              <Icon
                aria-hidden="true"
                className={cn('mb-1 size-6', step === 1 ? 'text-coin' : 'text-muted')}
              />
              <p
                className={cn(
                  'w-full truncate text-sm font-bold text-fg sm:text-base',
                  entry.is_current_user && 'text-brand',
                )}
                title={entry.username}
              >
                {entry.username}
                {entry.is_current_user && (
                  <span className="sr-only"> ({t('leaderboard.you')})</span>
                )}
              </p>
              <p className="text-xs font-semibold text-muted tabular-nums sm:text-sm">
                {t('common.coinsAmount', { amount: number.format(entry.total_coins) })}
              </p>
              <div
                className={cn(
                  'mt-2 flex w-full flex-col items-center justify-start rounded-t-xl pt-2',
                  STEP_BLOCKS[step],
                  entry.is_current_user && 'ring-2 ring-brand ring-offset-2 ring-offset-canvas',
                )}
              >
                <span className="text-xl font-extrabold">
                  {t('leaderboard.rank', { rank: number.format(entry.rank_position) })}
                </span>
                {isShared && (
                  <span data-testid="podium-shared" className="text-xs font-bold">
                    {t('standing.leaderboard.shared_place')}
                  </span>
                )}
              </div>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
