import { CalendarRange } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { SeasonRow } from '#shared/schemas/league'
import { ResponsiveList, type ListColumn } from '#web/components/responsive-list'
import { EmptyState } from '#web/components/ui/empty-state'
import { useNumberFormat, usePercentFormat } from '#web/lib/format'

/** The league's season: coins won, average accuracy and brackets over the settled tournaments. */
export function SeasonTable({ rows }: { rows: SeasonRow[] }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const percent = usePercentFormat(1)
  const primary: ListColumn<SeasonRow> = {
    key: 'fan',
    header: t('leagues.season_columns.fan'),
    cell: (row) => (
      <span className="flex min-w-0 items-center gap-3">
        <span className="w-8 shrink-0 text-right font-bold tabular-nums">
          {number.format(row.rank)}
        </span>
        <span className="min-w-0 font-semibold break-words">{row.username}</span>
      </span>
    ),
  }
  const columns: ListColumn<SeasonRow>[] = [
    {
      key: 'coins',
      header: t('leagues.season_columns.coins_won'),
      cell: (row) => number.format(row.coinsWon),
      className: 'tabular-nums',
    },
    {
      key: 'accuracy',
      header: t('leagues.season_columns.accuracy'),
      cell: (row) => percent.format(row.averageAccuracy / 100),
      className: 'tabular-nums',
    },
    {
      key: 'brackets',
      header: t('leagues.season_columns.brackets'),
      cell: (row) => number.format(row.brackets),
      className: 'tabular-nums',
    },
  ]
  return (
    <section aria-labelledby="league-season-title" data-testid="league-season">
      <h2 id="league-season-title" className="mb-3 text-xl font-bold text-fg">
        {t('leagues.season_title')}
      </h2>
      {rows.length === 0 ? (
        <EmptyState icon={CalendarRange} title={t('leagues.season_empty')} />
      ) : (
        <ResponsiveList
          caption={t('leagues.season_title')}
          items={rows}
          itemKey={(row) => row.userId}
          primary={primary}
          columns={columns}
          testId="league-season-list"
          itemTestId="league-season-row"
          itemData={(row) => ({ 'data-username': row.username })}
        />
      )}
    </section>
  )
}
