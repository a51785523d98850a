import { CalendarRange, ChartLine } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert } from '#web/components/ui/alert'
import { Button, ButtonLink } from '#web/components/ui/button'
import { Skeleton } from '#web/components/ui/skeleton'
import { ApiError } from '#web/lib/api-client'
import { useDateFormat, useNumberFormat } from '#web/lib/format'
import { useSeason } from '../api/seasons'
import { BonusTable } from './bonus-table'
import { SeasonStandings } from './season-standings'

/** A season's page (docs/product.md "Seasons"): its dates and progress, the table, and the rule. */
export function SeasonView({ seasonId }: { seasonId: string }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  const day = useDateFormat({ dateStyle: 'medium' })
  const season = useSeason(seasonId)

  if (season.isPending) {
    return (
      <div aria-busy="true" data-testid="season-page-loading" className="flex flex-col gap-3">
        <span className="sr-only">{t('seasons.loading')}</span>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    )
  }
  if (season.isError) {
    const isMissing = season.error instanceof ApiError && season.error.status === 404
    return (
      <Alert
        tone="error"
        testId="season-page-error"
        title={isMissing ? t('seasons.not_found') : t('seasons.load_error')}
      >
        {!isMissing && (
          <Button variant="secondary" size="sm" onClick={() => void season.refetch()}>
            {t('common.tryAgain')}
          </Button>
        )}
      </Alert>
    )
  }
  const data = season.data
  return (
    <div className="flex flex-col gap-8">
      <section
        aria-label={t('seasons.about')}
        data-testid="season-head"
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6"
      >
        <div className="min-w-0 text-sm text-muted">
          <p className="flex items-center gap-2">
            <CalendarRange aria-hidden="true" className="size-4 shrink-0" />
            {t('seasons.dates', {
              from: day.format(new Date(`${data.startsOn}T12:00:00Z`)),
              to: day.format(new Date(`${data.endsOn}T12:00:00Z`)),
            })}
          </p>
          <p className="mt-1 font-semibold text-fg" data-testid="season-progress">
            {t('seasons.progress', {
              counted: number.format(data.counted),
              count: data.tournaments,
              tournaments: number.format(data.tournaments),
            })}
          </p>
        </div>
        <ButtonLink to={`/seasons/${encodeURIComponent(data.id)}/me`} variant="accent" size="sm">
          <ChartLine aria-hidden="true" className="size-4" />
          {t('seasons.my_season_link')}
        </ButtonLink>
      </section>
      <section aria-labelledby="season-table-title">
        <h2 id="season-table-title" className="mb-3 text-xl font-bold text-fg">
          {t('seasons.table_title')}
        </h2>
        <SeasonStandings seasonId={data.id} />
      </section>
      <BonusTable />
    </div>
  )
}
