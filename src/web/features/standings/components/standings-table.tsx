import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { StandingsRow, TierResultValue } from '#shared/schemas/standings'
import { UserAvatar } from '#web/components/user-avatar'
import { cn } from '#web/lib/cn'
import { useNumberFormat, usePercentFormat } from '#web/lib/format'
import { tierLabelKey, tierMarkOf } from '../standings-view-model'

export type BracketLinkOf = ((username: string) => string) | null

/**
 * The ranking as a table with one line per fan at every width (docs/product.md §14): rank, avatar
 * (the tier as a small mark on it), name, correct and max possible; accuracy and the tiers join
 * from a tablet's width up. Numbers are right-aligned under their headers.
 */
export function StandingsTable({
  rows,
  moves = new Map(),
  bracketLinkOf,
  caption,
}: {
  rows: readonly StandingsRow[]
  /** Places each fan moved with the last live update (positive: up). */
  moves?: ReadonlyMap<string, number>
  bracketLinkOf: BracketLinkOf
  caption: string
}) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const percent = usePercentFormat(1)
  const header = 'px-1 py-2 text-xs font-semibold text-muted sm:px-3'
  const cell = 'px-1 py-1.5 sm:px-3'
  return (
    <table
      data-testid="standings-list"
      className="w-full table-fixed border-collapse overflow-hidden rounded-2xl border border-line bg-surface text-sm"
    >
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-line bg-surface-2">
        <tr>
          <th scope="col" className={cn(header, 'w-9 text-right sm:w-14')}>
            <span aria-hidden="true">#</span>
            <span className="sr-only">{t('standings.columns.rank')}</span>
          </th>
          <th scope="col" className={cn(header, 'text-left')}>
            {t('standings.columns.fan')}
          </th>
          <th scope="col" className={cn(header, 'w-16 text-right sm:w-24')}>
            {t('standings.columns.correct')}
          </th>
          <th scope="col" className={cn(header, 'w-11 text-right sm:w-32')}>
            <span aria-hidden="true" className="sm:hidden">
              {t('standings.columns.max_short')}
            </span>
            <span className="sr-only sm:not-sr-only">{t('standings.columns.max')}</span>
          </th>
          <th scope="col" className={cn(header, 'hidden w-24 text-right md:table-cell')}>
            {t('standings.columns.accuracy')}
          </th>
          <th scope="col" className={cn(header, 'hidden w-36 text-left md:table-cell')}>
            {t('standings.columns.tier_now')}
          </th>
          <th scope="col" className={cn(header, 'hidden w-36 text-left lg:table-cell')}>
            {t('standings.columns.best_tier')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line text-fg">
        {rows.map((row) => (
          <tr
            key={`${row.rank}-${row.username}`}
            data-testid="standings-row"
            data-me={String(row.isMe)}
            data-username={row.username}
            className={cn('h-12', row.isMe && 'bg-accent/20')}
          >
            <td className={cn(cell, 'text-right font-bold tabular-nums')}>
              <span data-testid="standings-rank">{number.format(row.rank)}</span>
              <RankMove move={moves.get(row.username) ?? 0} />
            </td>
            <td className={cell}>
              <span className="flex min-w-0 items-center gap-2.5">
                {/* On a phone the tier is a small mark on the avatar's corner. */}
                <span className="relative shrink-0">
                  <UserAvatar username={row.username} alt="" size="sm" />
                  <TierChip tier={row.tierNow} />
                </span>
                <span className="min-w-0 leading-tight font-semibold [overflow-wrap:anywhere]">
                  {bracketLinkOf ? (
                    <Link
                      to={bracketLinkOf(row.username)}
                      className="text-fg underline-offset-2 hover:underline"
                      aria-label={t('standings.open_bracket', { username: row.username })}
                    >
                      {row.username}
                    </Link>
                  ) : (
                    row.username
                  )}
                  {row.isMe && <span className="sr-only"> ({t('standings.you')})</span>}
                </span>
              </span>
            </td>
            <td className={cn(cell, 'text-right tabular-nums')}>{number.format(row.correct)}</td>
            <td className={cn(cell, 'text-right text-muted tabular-nums')}>
              {number.format(row.maxPossible)}
            </td>
            <td className={cn(cell, 'hidden text-right tabular-nums md:table-cell')}>
              {percent.format(row.accuracy / 100)}
            </td>
            <td className={cn(cell, 'hidden md:table-cell')}>{t(tierLabelKey(row.tierNow))}</td>
            <td className={cn(cell, 'hidden text-muted lg:table-cell')}>
              {t(tierLabelKey(row.bestTier))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The tier reached, on a phone: its threshold ("90") as a chip on the avatar, its name for screen
 * readers; nothing below the lowest tier. From a tablet up the tier has its own column.
 */
function TierChip({ tier }: { tier: TierResultValue }) {
  const { t } = useTranslation()
  const mark = tierMarkOf(tier)
  if (mark === null) return null
  return (
    <span
      data-testid="standings-tier"
      data-tier={tier}
      title={t(tierLabelKey(tier))}
      className="absolute -right-1.5 -bottom-1 rounded-full border border-coin bg-surface px-1 text-[10px] leading-tight font-bold text-fg tabular-nums md:hidden"
    >
      <span aria-hidden="true">{mark}</span>
      <span className="sr-only">{t(tierLabelKey(tier))}</span>
    </span>
  )
}

/** ▲ 2 / ▼ 1 under the rank after a live update; its words for screen readers. */
function RankMove({ move }: { move: number }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  if (move === 0) return null
  const isUp = move > 0
  const count = Math.abs(move)
  return (
    <span
      data-testid="standings-move"
      data-move={isUp ? 'up' : 'down'}
      title={t(isUp ? 'live_updates.moved_up' : 'live_updates.moved_down', { count })}
      className={cn(
        'block text-[10px] leading-tight font-semibold whitespace-nowrap',
        isUp ? 'text-success' : 'text-danger',
      )}
    >
      <span aria-hidden="true">
        {isUp ? '▲' : '▼'}
        {number.format(count)}
      </span>
      <span className="sr-only">
        {t(isUp ? 'live_updates.moved_up' : 'live_updates.moved_down', { count })}
      </span>
    </span>
  )
}
