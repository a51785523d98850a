import { useTranslation } from 'react-i18next'
import type { SeasonRow } from '#shared/schemas/season'
import { UserAvatar } from '#web/components/user-avatar'
import { cn } from '#web/lib/cn'
import { useNumberFormat } from '#web/lib/format'

/**
 * The season table, one line per fan at every width (docs/product.md §23): rank, avatar, name,
 * points and tournaments played; coins won joins from a tablet's width up.
 */
export function SeasonTable({ rows, caption }: { rows: readonly SeasonRow[]; caption: string }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const header = 'px-1 py-2 text-xs font-semibold text-muted sm:px-3'
  const cell = 'px-1 py-1.5 sm:px-3'
  return (
    <table
      data-testid="season-table"
      className="w-full table-fixed border-collapse overflow-hidden rounded-2xl border border-line bg-surface text-sm"
    >
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-line bg-surface-2">
        <tr>
          <th scope="col" className={cn(header, 'w-9 text-right sm:w-14')}>
            <span aria-hidden="true">#</span>
            <span className="sr-only">{t('seasons.columns.rank')}</span>
          </th>
          <th scope="col" className={cn(header, 'text-left')}>
            {t('seasons.columns.fan')}
          </th>
          <th scope="col" className={cn(header, 'w-14 text-right sm:w-24')}>
            {t('seasons.columns.points')}
          </th>
          <th scope="col" className={cn(header, 'w-12 text-right sm:w-32')}>
            <span aria-hidden="true" className="sm:hidden">
              {t('seasons.columns.tournaments_short')}
            </span>
            <span className="sr-only sm:not-sr-only">{t('seasons.columns.tournaments')}</span>
          </th>
          <th scope="col" className={cn(header, 'hidden w-32 text-right md:table-cell')}>
            {t('seasons.columns.coins_won')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line text-fg">
        {rows.map((row) => (
          <tr
            key={`${row.rank}-${row.username}`}
            data-testid="season-row"
            data-me={String(row.isMe)}
            data-username={row.username}
            className={cn('h-12', row.isMe && 'bg-accent/20')}
          >
            <td className={cn(cell, 'text-right font-bold tabular-nums')}>
              {number.format(row.rank)}
            </td>
            <td className={cell}>
              <span className="flex min-w-0 items-center gap-2.5">
                <UserAvatar username={row.username} alt="" size="sm" />
                <span className="min-w-0 leading-tight font-semibold [overflow-wrap:anywhere]">
                  {row.username}
                  {row.isMe && <span className="sr-only"> ({t('seasons.you')})</span>}
                </span>
              </span>
            </td>
            <td className={cn(cell, 'text-right font-semibold tabular-nums')}>
              {number.format(row.points)}
            </td>
            <td className={cn(cell, 'text-right text-muted tabular-nums')}>
              {number.format(row.tournaments)}
            </td>
            <td className={cn(cell, 'hidden text-right tabular-nums md:table-cell')}>
              {number.format(row.coinsWon)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
