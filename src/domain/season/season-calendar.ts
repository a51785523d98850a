// Which season is "the" season (docs/product.md "Seasons"): the leaderboard's season tab, the league
// table and the dashboard card show the current one unless a fan picks another.

/** A season's days, as YYYY-MM-DD (UTC): it runs from the start of the first to the end of the last. */
export interface SeasonDays {
  readonly id: string
  readonly startsOn: string
  readonly endsOn: string
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The first moment after the season: midnight UTC after its last day. */
export function seasonEndsAt(endsOn: string): Date {
  return new Date(Date.parse(`${endsOn}T00:00:00Z`) + DAY_MS)
}

export function isSeasonOver(season: Pick<SeasonDays, 'endsOn'>, now: Date): boolean {
  return now.getTime() >= seasonEndsAt(season.endsOn).getTime()
}

export function hasSeasonStarted(season: Pick<SeasonDays, 'startsOn'>, now: Date): boolean {
  return now.getTime() >= Date.parse(`${season.startsOn}T00:00:00Z`)
}

/**
 * The current season: the one running today (the latest start if several overlap); else the one
 * that ended last; else the next to start; null without seasons.
 */
export function currentSeason<Season extends SeasonDays>(
  seasons: readonly Season[],
  now: Date,
): Season | null {
  const byStart = [...seasons].sort(
    (a, b) => b.startsOn.localeCompare(a.startsOn) || a.id.localeCompare(b.id),
  )
  const running = byStart.find(
    (season) => hasSeasonStarted(season, now) && !isSeasonOver(season, now),
  )
  if (running) return running
  const ended = byStart
    .filter((season) => isSeasonOver(season, now))
    .sort((a, b) => b.endsOn.localeCompare(a.endsOn))[0]
  if (ended) return ended
  return byStart.at(-1) ?? null
}

/** Whether a YYYY-MM-DD string names a real calendar day. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const time = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value
}
