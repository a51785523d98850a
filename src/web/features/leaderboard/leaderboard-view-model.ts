import {
  DEFAULT_LEADERBOARD_LIMIT,
  MAX_LEADERBOARD_LIMIT,
  type LeaderboardEntry,
} from '#shared/schemas/leaderboard'

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
  /** 1, 2 or 3: the step of the podium (its height), the player's competition rank. */
  step: 1 | 2 | 3
  /** Whether another player holds the same place (equal coins). */
  isShared: boolean
  /** Left-to-right order on screen: second, first, third, like a real podium. */
  visualOrder: 1 | 2 | 3
}

const VISUAL_ORDER = [2, 1, 3] as const

/**
 * The top three for the podium, in rank order (the order a screen reader reads them). Players
 * with equal coins share a place: the same competition rank (1, 1, 3), so the same step, each
 * marked as shared — no tied player stands higher than another. On screen the first of the list
 * stands in the middle, the second on the left, the third on the right.
 */
export function podiumSlots(entries: readonly LeaderboardEntry[]): PodiumSlot[] {
  const holders = new Map<number, number>()
  for (const { rank_position } of entries) {
    holders.set(rank_position, (holders.get(rank_position) ?? 0) + 1)
  }
  return entries.slice(0, 3).map((entry, index) => ({
    entry,
    // Within the first three entries a competition rank is 1, 2 or 3.
    step: Math.min(Math.max(entry.rank_position, 1), 3) as 1 | 2 | 3,
    isShared: (holders.get(entry.rank_position) ?? 0) > 1,
    visualOrder: VISUAL_ORDER[index] ?? 3,
  }))
}
