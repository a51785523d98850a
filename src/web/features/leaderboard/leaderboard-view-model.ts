import {
  DEFAULT_LEADERBOARD_LIMIT,
  MAX_LEADERBOARD_LIMIT,
  type LeaderboardEntry,
} from '../../../shared/schemas/leaderboard'

/** How many rows each "show more" asks for: the spec's top 5, then longer lists up to 100. */
export const LEADERBOARD_STEPS = [DEFAULT_LEADERBOARD_LIMIT, 25, 50, MAX_LEADERBOARD_LIMIT] as const

/** The next, longer list after `limit`; null when the longest list is already shown. */
export function nextLeaderboardLimit(limit: number): number | null {
  return LEADERBOARD_STEPS.find((step) => step > limit) ?? null
}

/**
 * Whether "show more" can bring anything: a list shorter than what was asked for holds every
 * player already, and 100 is the most the server gives.
 */
export function canShowMore(limit: number, loaded: number): boolean {
  return loaded >= limit && nextLeaderboardLimit(limit) !== null
}

export interface PodiumSlot {
  entry: LeaderboardEntry
  /** 1, 2 or 3: the step of the podium (its height), by position in the list. */
  step: 1 | 2 | 3
  /** Left-to-right order on screen: second, first, third, like a real podium. */
  visualOrder: number
}

const VISUAL_ORDER = { 1: 2, 2: 1, 3: 3 } as const

/**
 * The top three for the podium, in rank order (the order a screen reader reads them). The step
 * comes from the position in the list, while the label keeps the competition rank: players with
 * equal coins share a rank (1, 1, 3) and the older account stands on the higher step.
 */
export function podiumSlots(entries: readonly LeaderboardEntry[]): PodiumSlot[] {
  return entries.slice(0, 3).map((entry, index) => {
    const step = (index + 1) as 1 | 2 | 3
    return { entry, step, visualOrder: VISUAL_ORDER[step] }
  })
}
