// Accuracy of a bracket against the actual results (docs/product.md "Money"): correct picks over bracket
// matches + 1 MVP. Tiers compare the exact fraction in integers; the percentage is for display.

import {
  indexBracket,
  pickOf,
  type MatchId,
  type MatchRef,
  type Picks,
  type PlayerId,
  type TeamId,
} from '#domain/bracket/bracket'

/** A match with its actual winner (null until played). */
export interface MatchResult extends MatchRef {
  readonly winnerTeamId: TeamId | null
}

export interface BracketScore {
  readonly correct: number
  /** Playable bracket matches + 1 for the MVP (16 for a well-formed bracket). */
  readonly total: number
  readonly correctMatchIds: readonly MatchId[]
  readonly isMvpCorrect: boolean
  /** correct / total × 100, rounded half up to 2 decimals (see `toAccuracyPercent`). */
  readonly accuracyPercent: number
}

/**
 * Scores a bracket. A match pick is correct when it equals the actual winner of that same match
 * (same id, so the same round and number) — in later rounds whether or not the pairs the user
 * predicted actually met there. The MVP pick is correct when it equals the actual MVP. Picks for
 * matches outside the playable bracket are ignored.
 */
export function scoreBracket(
  picks: Picks,
  results: readonly MatchResult[],
  mvpPick: PlayerId | null,
  actualMvp: PlayerId | null,
): BracketScore {
  const index = indexBracket(results)
  const correctMatchIds: MatchId[] = []
  for (const match of index.playable) {
    const actual = match.winnerTeamId
    const pick = pickOf(picks, match.id)
    if (actual !== null && pick === actual) correctMatchIds.push(match.id)
  }
  const isMvpCorrect = mvpPick !== null && actualMvp !== null && mvpPick === actualMvp
  const correct = correctMatchIds.length + (isMvpCorrect ? 1 : 0)
  const total = index.playable.length + 1
  return {
    correct,
    total,
    correctMatchIds,
    isMvpCorrect,
    accuracyPercent: toAccuracyPercent(correct, total),
  }
}

/** Accuracy as a percentage for display, e.g. 13 of 16 → 81.25. */
export function accuracyPercent(
  picks: Picks,
  results: readonly MatchResult[],
  mvpPick: PlayerId | null,
  actualMvp: PlayerId | null,
): number {
  return scoreBracket(picks, results, mvpPick, actualMvp).accuracyPercent
}

/**
 * correct / total × 100 rounded half up to 2 decimals (computed from integers: 2 of 3 → 66.67).
 * 0 when total is 0. Never use this rounded value to decide a tier: use `reachesAccuracy`.
 */
export function toAccuracyPercent(correct: number, total: number): number {
  assertCounts(correct, total)
  if (total === 0) return 0
  return Math.floor((correct * 20_000 + total) / (2 * total)) / 100
}

/**
 * A percentage such as a tier minimum, in whole hundredths of a percent (57.3 → 5730). Config
 * values finer than 0.01 % are rounded to the nearest hundredth.
 */
export function toHundredths(percent: number): number {
  if (!Number.isFinite(percent)) throw new RangeError('percentage must be a finite number')
  return Math.round(percent * 100)
}

/**
 * correct / total ≥ minAccuracy %, decided exactly in integers:
 * correct × 10 000 ≥ hundredths(minAccuracy) × total. Nothing is reached when total is 0.
 */
export function reachesAccuracy(correct: number, total: number, minAccuracy: number): boolean {
  assertCounts(correct, total)
  if (total === 0) return false
  return correct * 10_000 >= toHundredths(minAccuracy) * total
}

function assertCounts(correct: number, total: number): void {
  if (!Number.isSafeInteger(correct) || !Number.isSafeInteger(total) || correct < 0 || total < 0) {
    throw new RangeError('correct and total must be non-negative integers')
  }
  if (correct > total) throw new RangeError('correct cannot exceed total')
}
