import { CalendarClock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Match } from '#shared/schemas/tournament'
import { deviceTimeZone, formatShortDay, formatTimeOfDay } from '#web/lib/format'
import { pairName, type PairsById } from '#web/lib/pair-names'
import { useNow } from './countdown-badge'
import { orderOfPlay, shortMatchName, type OrderOfPlayEntry } from '#web/lib/order-of-play'

/**
 * The scheduled matches, earliest first, in the fan's time zone ("Today · QF1 · Pista Central ·
 * 18:00"), the one on court marked "playing now". Nothing while no match has a start time.
 */
export function OrderOfPlay({
  matches,
  pairs,
  offset,
}: {
  matches: readonly Match[]
  pairs: PairsById
  /** Milliseconds from the device clock to the server's (clockOffset). */
  offset: number
}) {
  const { t, i18n } = useTranslation()
  const language = i18n.resolvedLanguage ?? i18n.language
  const timeZone = deviceTimeZone()
  // Ticks every 30 seconds, so a match turns to "playing now" at its start without a reload.
  const now = useNow(offset)
  const entries = orderOfPlay(matches, new Date(now), timeZone)
  if (entries.length === 0) return null

  const dayLabel = (entry: OrderOfPlayEntry) =>
    entry.day.kind === 'date'
      ? formatShortDay(entry.day.date, language, timeZone)
      : t(`order_of_play.${entry.day.kind}`)
  const pairsOf = (match: Match) =>
    [match.team1Id, match.team2Id]
      .map((id) => (id === null ? undefined : pairs.get(id)))
      .map((pair) => (pair ? pairName(pair) : t('order_of_play.to_be_decided')))
      .join(' – ')

  return (
    <section aria-labelledby="order-of-play-title" data-testid="order-of-play">
      <h2 id="order-of-play-title" className="flex items-center gap-2 text-lg font-bold">
        <CalendarClock aria-hidden="true" className="size-5" />
        {t('order_of_play.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('order_of_play.zone', { zone: timeZone })}</p>
      <ol className="mt-3 flex flex-col gap-2">
        {entries.map((entry) => (
          <li
            key={entry.match.id}
            data-testid="order-of-play-match"
            data-state={entry.state}
            className="rounded-xl border border-line bg-surface p-3"
          >
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
              <span>
                {[
                  dayLabel(entry),
                  shortMatchName(entry.match),
                  entry.match.court,
                  formatTimeOfDay(entry.startsAt, language, timeZone),
                ]
                  .filter((part) => part !== null)
                  .join(' · ')}
              </span>
              {entry.state === 'playing' && (
                <span className="rounded-full bg-danger px-2 py-0.5 text-xs font-bold text-surface uppercase">
                  {t('order_of_play.playing_now')}
                </span>
              )}
              {entry.state === 'played' && (
                <span className="text-xs font-normal text-muted">{t('order_of_play.played')}</span>
              )}
            </p>
            <p className="mt-1 text-sm break-words">{pairsOf(entry.match)}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
