// Payouts (docs/product.md "Money"): a tier's prize for one winner is floor(percentage × pool / 100); when all
// prizes together exceed the pool each is scaled by pool / total and floored. Integers only, the
// sum never exceeds the pool, and what is not paid stays with the house.

import { toHundredths } from '#domain/scoring/scoring'
import { findTier, type TierConfig, type TierKey } from './tiers'

export interface Winner {
  readonly betId: string
  readonly tierKey: TierKey
}

export interface Payout {
  readonly betId: string
  readonly tierKey: TierKey
  readonly amount: number
}

export interface TierPayoutSummary {
  readonly tierKey: TierKey
  readonly description: string
  readonly minAccuracy: number
  readonly prizePercentage: number
  readonly winners: number
  /** floor(percentage × pool / 100), before any scaling. */
  readonly unscaledPrize: number
  /** What each winner of the tier is paid (would be paid, for a tier without winners). */
  readonly prizeEach: number
  /** prizeEach × winners. */
  readonly coins: number
}

export interface PayoutSummary {
  readonly pool: number
  /** One row per configured tier, in the config's order, winners or not. */
  readonly tiers: readonly TierPayoutSummary[]
  /** Sum of the unscaled prizes of all winners. */
  readonly unscaledTotal: number
  readonly isScaled: boolean
  readonly totalPaid: number
  /** pool − totalPaid: stays with the house. */
  readonly houseRemainder: number
}

export interface PayoutResult extends PayoutSummary {
  /** One per winner, in the order given. */
  readonly payouts: readonly Payout[]
}

export type TierCounts = Partial<Record<TierKey, number>>

/** floor(prizePercentage × pool / 100), exact in integers (percentage to 0.01 %). */
export function tierPrize(pool: number, prizePercentage: number): number {
  assertCoins('pool', pool)
  const hundredths = toHundredths(prizePercentage)
  if (hundredths < 0) throw new RangeError('prizePercentage must be ≥ 0')
  return Number((BigInt(pool) * BigInt(hundredths)) / 10_000n)
}

/**
 * What each tier pays and the totals, from the number of winners per tier: the admin preview,
 * and the core of `computePayouts`. A tier's scaled prize is floor(prize × pool / total).
 */
export function summarizePayouts(
  pool: number,
  counts: TierCounts,
  tiers: readonly TierConfig[],
): PayoutSummary {
  assertCoins('pool', pool)
  assertUniqueKeys(tiers)
  for (const [key, count] of Object.entries(counts)) {
    assertCoins(`winners of ${key}`, count)
    if (count > 0 && !findTier(tiers, key as TierKey)) {
      throw new RangeError(`winners of ${key}, which is not a configured tier`)
    }
  }

  const unscaled = tiers.map((tier) => BigInt(tierPrize(pool, tier.prizePercentage)))
  const winners = tiers.map((tier) => BigInt(counts[tier.key] ?? 0))
  const unscaledTotal = unscaled.reduce((sum, prize, i) => sum + prize * (winners[i] ?? 0n), 0n)
  const isScaled = unscaledTotal > BigInt(pool)
  const paid = unscaled.map((prize) => (isScaled ? (prize * BigInt(pool)) / unscaledTotal : prize))

  const rows = tiers.map((tier, i) => {
    const prizeEach = paid[i] ?? 0n
    const count = winners[i] ?? 0n
    return {
      tierKey: tier.key,
      description: tier.description,
      minAccuracy: tier.minAccuracy,
      prizePercentage: tier.prizePercentage,
      winners: Number(count),
      unscaledPrize: Number(unscaled[i] ?? 0n),
      prizeEach: Number(prizeEach),
      coins: Number(prizeEach * count),
    }
  })
  const totalPaid = rows.reduce((sum, row) => sum + row.coins, 0)
  return {
    pool,
    tiers: rows,
    unscaledTotal: Number(unscaledTotal),
    isScaled,
    totalPaid,
    houseRemainder: pool - totalPaid,
  }
}

/**
 * The payout of every winner. Every winner of a tier gets the same amount; a winner's tier must
 * be configured and a bet may appear only once (both are programming errors: RangeError).
 */
export function computePayouts(
  pool: number,
  winners: readonly Winner[],
  tiers: readonly TierConfig[],
): PayoutResult {
  const counts: Record<string, number> = {}
  const betIds = new Set<string>()
  for (const winner of winners) {
    if (betIds.has(winner.betId)) throw new RangeError(`bet ${winner.betId} appears twice`)
    betIds.add(winner.betId)
    if (!findTier(tiers, winner.tierKey)) {
      throw new RangeError(
        `bet ${winner.betId} has tier ${winner.tierKey}, which is not configured`,
      )
    }
    counts[winner.tierKey] = (counts[winner.tierKey] ?? 0) + 1
  }
  const summary = summarizePayouts(pool, counts, tiers)
  const prizeByTier = new Map(summary.tiers.map((row) => [row.tierKey, row.prizeEach]))
  const payouts = winners.map(({ betId, tierKey }) => ({
    betId,
    tierKey,
    amount: prizeByTier.get(tierKey) ?? 0,
  }))
  return { ...summary, payouts }
}

function assertCoins(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer`)
  }
}

function assertUniqueKeys(tiers: readonly TierConfig[]): void {
  const keys = new Set(tiers.map((tier) => tier.key))
  if (keys.size !== tiers.length) throw new RangeError('tier keys must be unique')
}
