import { CalendarRange } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useNumberFormat } from '#web/lib/format'
import { useMySeason, useSeasons } from '../api/seasons'
import { defaultSeasonId, ordinalOf } from '../season-view-model'

/**
 * The fan's season on the dashboard: "12th of 3,410 after 6 of 25 tournaments", linking to the
 * season's table. Nothing while no season exists or the request fails: the dashboard goes on.
 */
export function SeasonCard() {
  const { t, i18n } = useTranslation()
  const number = useNumberFormat()
  const seasons = useSeasons()
  const seasonId = defaultSeasonId(seasons.data)
  const mine = useMySeason(seasonId)
  if (seasonId === null || !mine.data) return null
  const { season, me, fans } = mine.data
  return (
    <Link
      to={`/seasons/${encodeURIComponent(seasonId)}`}
      data-testid="season-card"
      className="flex items-center gap-4 rounded-2xl border border-line bg-surface p-4 text-fg hover:border-brand sm:p-5"
    >
      <CalendarRange aria-hidden="true" className="size-8 shrink-0 text-brand" />
      <span className="min-w-0">
        <span className="block text-sm font-semibold break-words text-muted">{season.name}</span>
        <span className="block text-lg font-bold">
          {me
            ? t('seasons.card_line', {
                place: ordinalOf(me.rank, i18n.language),
                fans: number.format(fans),
                counted: number.format(season.counted),
                count: season.tournaments,
                tournaments: number.format(season.tournaments),
              })
            : t('seasons.card_not_ranked', {
                counted: number.format(season.counted),
                count: season.tournaments,
                tournaments: number.format(season.tournaments),
              })}
        </span>
      </span>
    </Link>
  )
}
