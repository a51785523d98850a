// The order of play (docs/decisions/141), on a tournament's page and a fan's dashboard: matches by start
// time, each with its day as the fan's own time zone counts it ("today", "tomorrow" or a date)
// and whether it is playing now (started, no result yet).
import type { Match, MatchRound } from '#shared/schemas/tournament'
import { dayInZone } from '#web/lib/format'

export type PlayState = 'upcoming' | 'playing' | 'played'
export type PlayDay = { kind: 'today' } | { kind: 'tomorrow' } | { kind: 'date'; date: Date }

export interface OrderOfPlayEntry {
  match: Match
  startsAt: Date
  day: PlayDay
  state: PlayState
}

/** "R16 3", "QF1", "SF2", "F": the short names a printed order of play uses. */
const ROUND_SHORT: Record<MatchRound, string> = {
  round16: 'R16-',
  quarterfinal: 'QF',
  semifinal: 'SF',
  final: 'F',
}

export function shortMatchName(match: Pick<Match, 'round' | 'matchNumber'>): string {
  return match.round === 'final' ? 'F' : `${ROUND_SHORT[match.round]}${match.matchNumber}`
}

export function playDay(startsAt: Date, now: Date, timeZone: string): PlayDay {
  const day = dayInZone(startsAt, timeZone)
  if (day === dayInZone(now, timeZone)) return { kind: 'today' }
  // A day later in the zone: 24 hours on, or 23 and 25 around a change of clocks.
  const tomorrows = [23, 24, 25].map((hours) =>
    dayInZone(new Date(now.getTime() + hours * 3_600_000), timeZone),
  )
  return tomorrows.includes(day) && day > dayInZone(now, timeZone)
    ? { kind: 'tomorrow' }
    : { kind: 'date', date: startsAt }
}

function playState(match: Match, startsAt: Date, now: Date): PlayState {
  if (match.winnerTeamId !== null) return 'played'
  return startsAt.getTime() <= now.getTime() ? 'playing' : 'upcoming'
}

/** The matches with a start time, earliest first (then by court); unscheduled ones are left out. */
export function orderOfPlay(
  matches: readonly Match[],
  now: Date,
  timeZone: string,
): OrderOfPlayEntry[] {
  return matches
    .filter((match): match is Match & { startsAt: string } => match.startsAt !== null)
    .map((match) => {
      const startsAt = new Date(match.startsAt)
      return {
        match,
        startsAt,
        day: playDay(startsAt, now, timeZone),
        state: playState(match, startsAt, now),
      }
    })
    .sort(
      (a, b) =>
        a.startsAt.getTime() - b.startsAt.getTime() ||
        (a.match.court ?? '').localeCompare(b.match.court ?? ''),
    )
}
