import { CalendarRange } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Skeleton } from '#web/components/ui/skeleton'
import { useSeasons } from '../api/seasons'
import { defaultSeasonId } from '../season-view-model'
import { SeasonPicker } from './season-picker'
import { SeasonStandings } from './season-standings'

/** A league's table: the chosen season's standings narrowed to its members, the current by default. */
export function LeagueSeason({ leagueId }: { leagueId: string }) {
  const { t } = useTranslation()
  const seasons = useSeasons()
  const [chosen, setChosen] = useState<string | null>(null)
  const seasonId = chosen ?? defaultSeasonId(seasons.data)
  return (
    <section aria-labelledby="league-season-title" data-testid="league-season">
      <h2 id="league-season-title" className="mb-3 text-xl font-bold text-fg">
        {t('seasons.league_title')}
      </h2>
      {seasons.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : seasons.isError ? (
        <Alert tone="error" title={t('seasons.table_error')}>
          <Button variant="secondary" size="sm" onClick={() => void seasons.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Alert>
      ) : seasonId === null ? (
        <EmptyState icon={CalendarRange} title={t('seasons.league_none')} />
      ) : (
        <>
          <SeasonPicker seasons={seasons.data.seasons} value={seasonId} onChange={setChosen} />
          <SeasonStandings
            key={seasonId}
            seasonId={seasonId}
            leagueId={leagueId}
            pageParam="season-page"
          />
        </>
      )}
    </section>
  )
}
