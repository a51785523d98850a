import { useTranslation } from 'react-i18next'
import type { SeasonRow } from '#shared/schemas/season'
import { RankingTable } from '#web/components/ranking-table'
import { useNumberFormat } from '#web/lib/format'

/**
 * The season table, one line per fan at every width (docs/product.md "Seasons"): rank, avatar, name,
 * points and tournaments played; coins won joins from a tablet's width up.
 */
export function SeasonTable({ rows, caption }: { rows: readonly SeasonRow[]; caption: string }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <RankingTable
      rows={rows}
      caption={caption}
      testId="season-table"
      rowTestId="season-row"
      rankLabel={t('seasons.columns.rank')}
      fanLabel={t('seasons.columns.fan')}
      youLabel={t('seasons.you')}
      columns={[
        {
          key: 'points',
          header: t('seasons.columns.points'),
          width: 'w-14 sm:w-24',
          cellClassName: 'font-semibold',
          cell: (row) => number.format(row.points),
        },
        {
          key: 'tournaments',
          header: (
            <>
              <span aria-hidden="true" className="sm:hidden">
                {t('seasons.columns.tournaments_short')}
              </span>
              <span className="sr-only sm:not-sr-only">{t('seasons.columns.tournaments')}</span>
            </>
          ),
          width: 'w-12 sm:w-32',
          cellClassName: 'text-muted',
          cell: (row) => number.format(row.tournaments),
        },
        {
          key: 'coins',
          header: t('seasons.columns.coins_won'),
          width: 'w-32',
          visibility: 'hidden md:table-cell',
          cell: (row) => number.format(row.coinsWon),
        },
      ]}
    />
  )
}
