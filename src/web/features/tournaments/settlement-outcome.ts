// What a settled tournament means for the fan who bet on it, from their performance, the pool
// that was shared out and the prize table they read before betting.
import { tierPrize } from '#domain/prize/payouts'
import type { MyPerformance } from '#shared/schemas/admin'
import type { PrizePoolConfig, TierKey } from '#shared/schemas/tournament'

interface Score {
  readonly correct: number
  readonly total: number
  readonly accuracy: number
}

interface TierReached extends Score {
  readonly tierKey: TierKey
  /** The tier's name as configured (the prize table shows the same). */
  readonly tierLabel: string
  /** What the prize table promised one winner of the tier; null if the tier is not configured. */
  readonly tablePrize: number | null
  readonly tablePercentage: number | null
}

export type SettlementOutcome =
  | (TierReached & { readonly kind: 'won'; readonly amount: number; readonly isReduced: boolean })
  /** The tier was reached, but scaling the prizes to fit the pool floored this one to 0. */
  | (TierReached & { readonly kind: 'reduced_to_nothing' })
  | (Score & { readonly kind: 'no_prize' })

/**
 * When more winners reach the tiers than the pool can pay in full, every prize is scaled down
 * (decision 054); the fan compares what was paid with what the table promised for the tier.
 */
export function settlementOutcome(
  performance: MyPerformance,
  pool: number,
  tiers: PrizePoolConfig['tiers'],
): SettlementOutcome {
  const score: Score = {
    correct: performance.prediction_result.correct_predictions,
    total: performance.prediction_result.total_predictions,
    accuracy: performance.prediction_result.accuracy_percentage,
  }
  const tierKey = performance.tier_level
  if (tierKey === 'no_tier') return { kind: 'no_prize', ...score }

  const tier = tiers[tierKey]
  const tablePrize = tier ? tierPrize(pool, tier.prize_percentage) : null
  const reached: TierReached = {
    ...score,
    tierKey,
    tierLabel: tier?.description || tierKey,
    tablePrize,
    tablePercentage: tier?.prize_percentage ?? null,
  }
  const amount = performance.prize_distribution.prize_amount
  if (amount <= 0) return { kind: 'reduced_to_nothing', ...reached }
  return {
    kind: 'won',
    ...reached,
    amount,
    isReduced: tablePrize !== null && amount < tablePrize,
  }
}
