// Reading a stored prize_pool_config defensively and deriving the pool from the bet count.
// The admin form validates configs before saving; this still never lets a odd value become a 500.
import {
  DEFAULT_BASE_POOL,
  DEFAULT_CALCULATION_METHOD,
  DEFAULT_ENTRY_FEE,
  DEFAULT_MAX_PARTICIPANTS,
  DEFAULT_MIN_PARTICIPANTS,
  DEFAULT_MULTIPLIER,
  prizePool,
} from '#domain/prize/prize-pool'
import { DEFAULT_TIERS, TIER_KEYS, tiersToRecord, type TierKey } from '#domain/prize/tiers'
import type { PrizePoolConfig, PrizeTier } from '#shared/schemas/tournament'
import type { StoredPrizePoolConfig } from '#server/db/schema'

export interface PoolFigures {
  basePool: number
  entryFee: number
  multiplier: number
  currentPrizePool: number
  participantCount: number
}

function coins(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fallback
}

/** The entry fee a bet is charged: prize_pool_config.entry_fee, 50 when missing (docs/product.md "Constants"). */
export function entryFeeOf(config: Partial<StoredPrizePoolConfig> | null | undefined): number {
  const fee = coins(config?.entry_fee, DEFAULT_ENTRY_FEE)
  return fee > 0 ? fee : DEFAULT_ENTRY_FEE
}

export function multiplierOf(config: Partial<StoredPrizePoolConfig> | null | undefined): number {
  const value = config?.multiplier
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? value
    : DEFAULT_MULTIPLIER
}

/** docs/product.md "Money": base pool + floor(entry fee × participants × multiplier). */
export function poolFigures(
  config: Partial<StoredPrizePoolConfig> | null | undefined,
  participantCount: number,
): PoolFigures {
  const basePool = coins(config?.base_pool, DEFAULT_BASE_POOL)
  const entryFee = entryFeeOf(config)
  const multiplier = multiplierOf(config)
  return {
    basePool,
    entryFee,
    multiplier,
    participantCount,
    currentPrizePool: prizePool({ basePool, entryFee, participants: participantCount, multiplier }),
  }
}

/** The stored config with every field present (defaults for anything missing). */
export function completeConfig(
  config: Partial<StoredPrizePoolConfig> | null | undefined,
): PrizePoolConfig {
  return {
    base_pool: coins(config?.base_pool, DEFAULT_BASE_POOL),
    entry_fee: entryFeeOf(config),
    multiplier: multiplierOf(config),
    tiers: tiersOf(config),
    calculation_method: config?.calculation_method ?? DEFAULT_CALCULATION_METHOD,
    max_participants: coins(config?.max_participants, DEFAULT_MAX_PARTICIPANTS),
    min_participants: coins(config?.min_participants, DEFAULT_MIN_PARTICIPANTS),
  }
}

/** The config's tiers keyed tier_100 … tier_60 (the default tiers when it has none). */
export function tiersOf(
  config: Partial<StoredPrizePoolConfig> | null | undefined,
): Partial<Record<TierKey, PrizeTier>> {
  const stored = config?.tiers
  const tiers: Partial<Record<TierKey, PrizeTier>> = {}
  if (stored && typeof stored === 'object') {
    for (const key of TIER_KEYS) {
      const tier = stored[key]
      if (tier && typeof tier === 'object') {
        tiers[key] = {
          min_accuracy: Number(tier.min_accuracy),
          prize_percentage: Number(tier.prize_percentage),
          description: String(tier.description ?? ''),
        }
      }
    }
  }
  if (Object.keys(tiers).length > 0) return tiers
  const defaults = tiersToRecord(DEFAULT_TIERS)
  for (const key of TIER_KEYS) {
    const tier = defaults[key]
    if (tier) {
      tiers[key] = {
        min_accuracy: tier.minAccuracy,
        prize_percentage: tier.prizePercentage,
        description: tier.description,
      }
    }
  }
  return tiers
}
