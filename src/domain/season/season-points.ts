// Season points (docs/product.md "Seasons"): what each settled tournament of a season adds to a fan's
// season, and how fans are ordered. The bonus table is written here once; the server's set-based
// scoring, the pages and the tests all read it from here.
import {
  NO_TIER,
  tierFor,
  type TierConfig,
  type TierKey,
  type TierResult,
} from '#domain/prize/tiers'

/** Points a main bracket earns on top of its correct picks for the tier it reached. */
export const SEASON_TIER_BONUS: Readonly<Record<TierKey, number>> = {
  tier_100: 10,
  tier_90: 6,
  tier_80: 3,
  tier_70: 2,
  tier_60: 1,
}

export function tierBonus(tier: TierResult): number {
  return tier === NO_TIER ? 0 : SEASON_TIER_BONUS[tier]
}

/** A main bracket: one point per correct pick plus its tier's bonus. */
export function mainBracketPoints(correct: number, tier: TierResult): number {
  assertCount(correct)
  return correct + tierBonus(tier)
}

/** A second-chance entry: one point per correct pick, no bonus. */
export function secondChancePoints(correct: number): number {
  assertCount(correct)
  return correct
}

/**
 * Index = correct picks (0 … total): the points a main bracket with that many earns, with the
 * tournament's own tiers deciding the tier (as its settlement does).
 */
export function mainPointsByCorrect(total: number, tiers: readonly TierConfig[]): number[] {
  return Array.from({ length: total + 1 }, (_, correct) =>
    mainBracketPoints(correct, tierFor(correct, total, tiers)),
  )
}

/** A fan's season so far: what orders the season table. */
export interface SeasonTotals {
  readonly points: number
  /** Settled tournaments of the season the fan entered (a main bracket or a second chance). */
  readonly tournaments: number
  readonly coinsWon: number
}

/**
 * The season order: more points; then more tournaments played; then more coins won. Negative
 * when `a` ranks above `b`; 0 when they share a rank.
 */
export function compareSeasonTotals(a: SeasonTotals, b: SeasonTotals): number {
  return b.points - a.points || b.tournaments - a.tournaments || b.coinsWon - a.coinsWon
}

/**
 * Competition ranks (1, 1, 3) of rows already in season order: a row tied with the one before it
 * shares its rank, the next one counts everybody above it.
 */
export function seasonRanks(ordered: readonly SeasonTotals[]): number[] {
  const ranks: number[] = []
  ordered.forEach((row, index) => {
    const previous = ordered[index - 1]
    const isTied = previous !== undefined && compareSeasonTotals(previous, row) === 0
    ranks.push(isTied ? ranks[index - 1]! : index + 1)
  })
  return ranks
}

function assertCount(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError('correct picks must be a non-negative integer')
  }
}
