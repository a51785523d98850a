// The five demo tournaments (decisions 044, 099): one open, one open later, one whose betting has
// just closed, one live and one completed, with how many demo fans enter each. Dates are
// relative to now.

export const HOUR_MS = 60 * 60 * 1000
export const DAY_MS = 24 * HOUR_MS

/** How far a demo tournament has been played. */
export type Progress = 'none' | 'live' | 'all'

export interface TournamentPlan {
  name: string
  status: 'upcoming' | 'active' | 'completed'
  bettingDeadline: Date
  startDate: Date
  endDate: Date
  basePool: number
  entryFee: number
  multiplier: number
  /** Which 32 of the demo players take part: ranks firstPlayer+1 … firstPlayer+32. */
  firstPlayer: number
  progress: Progress
  /** Share of the demo fans who enter it (0–1). */
  popularity: number
  /** Whether the demo player has entered it too (the insight shows on first sign-in). */
  forPlayer: boolean
}

export function demoPlans(now: Date): TournamentPlan[] {
  const at = (ms: number) => new Date(now.getTime() + ms)
  const openDeadline = at(5 * DAY_MS)
  const laterDeadline = at(12 * DAY_MS)
  const closedDeadline = at(-3 * HOUR_MS)
  const liveStart = at(-DAY_MS)
  const pastStart = at(-10 * DAY_MS)
  return [
    {
      name: 'Madrid Golden Open',
      status: 'upcoming',
      bettingDeadline: openDeadline,
      startDate: new Date(openDeadline.getTime() + 3 * HOUR_MS),
      endDate: new Date(openDeadline.getTime() + 4 * DAY_MS),
      basePool: 5000,
      entryFee: 50,
      multiplier: 0.7,
      firstPlayer: 0,
      progress: 'none',
      popularity: 0.7,
      forPlayer: false,
    },
    {
      name: 'Lisbon Atlantic Cup',
      status: 'upcoming',
      bettingDeadline: laterDeadline,
      startDate: new Date(laterDeadline.getTime() + 2 * HOUR_MS),
      endDate: new Date(laterDeadline.getTime() + 3 * DAY_MS),
      basePool: 8000,
      entryFee: 100,
      multiplier: 0.8,
      firstPlayer: 4,
      progress: 'none',
      popularity: 0.4,
      forPlayer: false,
    },
    {
      name: 'Sevilla Indoor Challenge',
      status: 'upcoming',
      bettingDeadline: closedDeadline,
      startDate: at(18 * HOUR_MS),
      endDate: at(3 * DAY_MS),
      basePool: 3000,
      entryFee: 50,
      multiplier: 0.7,
      firstPlayer: 8,
      progress: 'none',
      popularity: 0.75,
      forPlayer: false,
    },
    {
      name: 'Buenos Aires Masters',
      status: 'active',
      bettingDeadline: new Date(liveStart.getTime() - HOUR_MS),
      startDate: liveStart,
      endDate: at(2 * DAY_MS),
      basePool: 10000,
      entryFee: 75,
      multiplier: 0.7,
      firstPlayer: 2,
      progress: 'live',
      popularity: 0.9,
      forPlayer: true,
    },
    {
      name: 'Milano Premier Finals',
      status: 'completed',
      bettingDeadline: new Date(pastStart.getTime() - HOUR_MS),
      startDate: pastStart,
      endDate: at(-7 * DAY_MS),
      basePool: 6000,
      entryFee: 50,
      multiplier: 0.7,
      firstPlayer: 0,
      progress: 'all',
      popularity: 1,
      forPlayer: true,
    },
  ]
}
