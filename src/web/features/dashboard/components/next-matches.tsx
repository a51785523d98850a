import { CalendarClock } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { NextMatch } from '#shared/schemas/schedule'
import { Alert } from '#web/components/ui/alert'
import { Button } from '#web/components/ui/button'
import { deviceTimeZone, formatShortDay, formatTimeOfDay } from '#web/lib/format'
import { playDay, shortMatchName } from '#web/lib/order-of-play'
import { useNextMatches } from '../api/get-next-matches'

/** The first few, two rows on a wide screen; the rest behind "show all" on a phone's long page. */
const NEXT_MATCHES_SHOWN = 4

function NextMatchRow({ match, now, timeZone }: { match: NextMatch; now: Date; timeZone: string }) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const startsAt = new Date(match.startsAt)
  const day = playDay(startsAt, now, timeZone)
  const isPlaying = startsAt.getTime() <= now.getTime()
  const when = [
    day.kind === 'date'
      ? formatShortDay(day.date, language, timeZone)
      : t(`order_of_play.${day.kind}`),
    formatTimeOfDay(startsAt, language, timeZone),
    match.court,
  ]
    .filter((part) => part !== null)
    .join(' · ')
  return (
    <li
      data-testid="next-match"
      data-state={isPlaying ? 'playing' : 'upcoming'}
      className="rounded-xl border border-line bg-surface p-3"
    >
      <p className="font-semibold break-words text-fg">
        {t('dashboard.next_matches.next', { pair: match.pick.shortName })}
      </p>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-fg">
        <span>{when}</span>
        {isPlaying && (
          <span className="rounded-full bg-danger px-2 py-0.5 text-xs font-bold text-surface uppercase">
            {t('order_of_play.playing_now')}
          </span>
        )}
      </p>
      <p className="mt-1 text-sm break-words text-muted">
        {[
          shortMatchName(match),
          t('dashboard.next_matches.against', {
            pair: match.opponent?.shortName ?? t('order_of_play.to_be_decided'),
          }),
        ].join(' · ')}
        {' · '}
        <Link
          to={`/tournaments/${match.tournamentId}`}
          className="font-semibold text-brand underline-offset-2 hover:underline"
        >
          {match.tournamentName}
        </Link>
      </p>
    </li>
  )
}

/**
 * The next scheduled match of each pair the fan picked that is still in it (docs/decisions/162),
 * in this device's time zone ("Next: Galán / Chingotto · Sat 18:00 · Pista Central"), or a line
 * saying nothing is scheduled yet. Shown to a fan with brackets.
 */
export function NextMatches() {
  const { t } = useTranslation()
  const query = useNextMatches()
  const [showAll, setShowAll] = useState(false)
  const timeZone = deviceTimeZone()
  const now = new Date()

  let body
  if (query.isPending) body = null
  else if (query.isError) {
    body = (
      <Alert tone="error" title={t('dashboard.next_matches.error')} testId="next-matches-error">
        <Button variant="secondary" size="sm" className="mt-1" onClick={() => void query.refetch()}>
          {t('dashboard.retry')}
        </Button>
      </Alert>
    )
  } else if (query.data.matches.length === 0) {
    body = (
      <p
        data-testid="next-matches-empty"
        className="rounded-xl border border-dashed border-line bg-surface p-3 text-sm text-muted"
      >
        {t('dashboard.next_matches.empty')}
      </p>
    )
  } else {
    const list = query.data.matches
    body = (
      <>
        <ol className="grid gap-2 lg:grid-cols-2">
          {(showAll ? list : list.slice(0, NEXT_MATCHES_SHOWN)).map((match) => (
            <NextMatchRow
              key={`${match.matchId}:${match.pick.teamId}`}
              match={match}
              now={now}
              timeZone={timeZone}
            />
          ))}
        </ol>
        {list.length > NEXT_MATCHES_SHOWN && (
          <div className="mt-3 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={showAll}
              onClick={() => setShowAll((shown) => !shown)}
            >
              {showAll
                ? t('dashboard.next_matches.show_fewer')
                : t('dashboard.next_matches.show_all', { count: list.length })}
            </Button>
          </div>
        )}
      </>
    )
  }

  return (
    <section aria-labelledby="next-matches-title" data-testid="next-matches">
      <h2 id="next-matches-title" className="flex items-center gap-2 text-lg font-bold text-fg">
        <CalendarClock aria-hidden="true" className="size-5 text-brand" />
        {t('dashboard.next_matches.title')}
      </h2>
      <p className="mt-1 mb-3 text-sm text-muted">{t('order_of_play.zone', { zone: timeZone })}</p>
      {body}
    </section>
  )
}
