import { CalendarRange } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { MySeason } from '#shared/schemas/season'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { EmptyState } from '#web/components/ui/empty-state'
import { Skeleton } from '#web/components/ui/skeleton'
import { ApiError } from '#web/lib/api-client'
import { useNumberFormat } from '#web/lib/format'
import { useMySeason } from '../api/seasons'
import {
  bestTournamentOf,
  ordinalOf,
  playedCount,
  seasonCardOf,
  seasonYearOf,
} from '../season-view-model'
import { RankChart } from './rank-chart'
import { SeasonShareCard } from './season-share-card'

/**
 * A fan's season (docs/product.md "Seasons"): tournaments played, correct picks, the best tournament,
 * the rank now and its line over the season, coins won, and each counted tournament.
 */
export function MySeasonView({ seasonId }: { seasonId: string }) {
  const { t } = useTranslation()
  const mine = useMySeason(seasonId)
  if (mine.isPending) {
    return (
      <div aria-busy="true" data-testid="my-season-loading" className="flex flex-col gap-3">
        <span className="sr-only">{t('seasons.loading')}</span>
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    )
  }
  if (mine.isError) {
    const isMissing = mine.error instanceof ApiError && mine.error.status === 404
    return (
      <Alert
        tone="error"
        testId="my-season-error"
        title={isMissing ? t('seasons.not_found') : t('seasons.load_error')}
      >
        {!isMissing && (
          <Button variant="secondary" size="sm" onClick={() => void mine.refetch()}>
            {t('common.tryAgain')}
          </Button>
        )}
      </Alert>
    )
  }
  const data = mine.data
  if (data.me === null) {
    return (
      <div data-testid="my-season-empty" className="flex flex-col items-start gap-4">
        <EmptyState icon={CalendarRange} title={t('seasons.mine_empty')}>
          {t('seasons.mine_empty_hint')}
        </EmptyState>
      </div>
    )
  }
  const card = seasonCardOf(data)
  const title = data.isRecap
    ? t('seasons.recap_title', { year: seasonYearOf(data.season) })
    : t('seasons.my_season_title')
  return (
    <div className="flex flex-col gap-8" data-testid="my-season" data-recap={String(data.isRecap)}>
      {data.isRecap && (
        <p className="text-base font-semibold text-fg" data-testid="my-season-recap">
          {t('seasons.recap_intro', { name: data.season.name })}
        </p>
      )}
      <Figures season={data} />
      <section
        aria-labelledby="my-season-line"
        className="rounded-2xl border border-line bg-surface p-4 sm:p-6"
      >
        <h2 id="my-season-line" className="mb-3 text-lg font-bold text-fg">
          {t('seasons.chart_title')}
        </h2>
        <RankChart tournaments={data.tournaments} />
      </section>
      {card && <SeasonShareCard card={card} title={`${title} · ${data.season.name}`} />}
      <Tournaments season={data} />
    </div>
  )
}

function Figures({ season }: { season: MySeason }) {
  const { t, i18n } = useTranslation()
  const number = useNumberFormat()
  const me = season.me
  if (!me) return null
  const best = bestTournamentOf(season)
  const figures = [
    {
      key: 'rank',
      label: t('seasons.figures.rank'),
      value: t('seasons.place_of', {
        place: ordinalOf(me.rank, i18n.language),
        fans: number.format(season.fans),
      }),
    },
    { key: 'points', label: t('seasons.figures.points'), value: number.format(me.points) },
    {
      key: 'played',
      label: t('seasons.figures.played'),
      value: t('seasons.played_of', {
        played: number.format(playedCount(season)),
        counted: number.format(season.tournaments.length),
      }),
    },
    { key: 'correct', label: t('seasons.figures.correct'), value: number.format(season.correct) },
    { key: 'best', label: t('seasons.figures.best'), value: best ? best.name : '—' },
    { key: 'coins', label: t('seasons.figures.coins_won'), value: number.format(me.coinsWon) },
  ]
  return (
    <dl data-testid="my-season-figures" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {figures.map((figure) => (
        <div
          key={figure.key}
          data-figure={figure.key}
          className="min-w-0 rounded-2xl border border-line bg-surface p-3 sm:p-4"
        >
          <dt className="text-xs font-semibold text-muted">{figure.label}</dt>
          <dd className="mt-1 text-lg font-bold break-words text-fg">{figure.value}</dd>
        </div>
      ))}
    </dl>
  )
}

function Tournaments({ season }: { season: MySeason }) {
  const { t } = useTranslation()
  const number = useNumberFormat()
  return (
    <section aria-labelledby="my-season-tournaments">
      <h2 id="my-season-tournaments" className="mb-3 text-lg font-bold text-fg">
        {t('seasons.tournaments_title')}
      </h2>
      <ol className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface">
        {season.tournaments.map((tournament) => (
          <li
            key={tournament.tournamentId}
            data-testid="my-season-tournament"
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3 sm:p-4"
          >
            <span className="min-w-0 font-semibold break-words text-fg">{tournament.name}</span>
            <span className="text-sm text-muted tabular-nums">
              {tournament.played
                ? t('seasons.tournament_points', {
                    count: tournament.points,
                    points: number.format(tournament.points),
                  })
                : t('seasons.skipped')}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
