import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { SeasonList } from '#shared/schemas/season'
import { defaultSeasonId } from '../season-view-model'
import { SeasonStandings } from './season-standings'

/** The global leaderboard's season tab: the current season's table, linking to its page. */
export function SeasonLeaderboard({ seasons }: { seasons: SeasonList }) {
  const { t } = useTranslation()
  const seasonId = defaultSeasonId(seasons)
  const season = seasons.seasons.find((candidate) => candidate.id === seasonId)
  if (!season) return null
  return (
    <section aria-labelledby="leaderboard-season-title" data-testid="leaderboard-season">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="leaderboard-season-title" className="text-lg font-bold break-words text-fg">
          {season.name}
        </h2>
        <Link
          to={`/seasons/${encodeURIComponent(season.id)}`}
          className="text-sm font-semibold text-brand underline"
        >
          {t('seasons.open_season')}
        </Link>
      </div>
      <SeasonStandings seasonId={season.id} />
    </section>
  )
}
