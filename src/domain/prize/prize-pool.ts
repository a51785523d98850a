// The prize pool (docs/product.md "Money"): base pool + floor(entry fee × participants × multiplier), computed
// in integers so that 0.7 × 50 × 3 is exactly 105 and never 104.99999….

import { MAX_PRIZE_POOL } from '#domain/wallet/coin-limits'
import { DEFAULT_TIERS, type TierConfig } from './tiers'

export const DEFAULT_ENTRY_FEE = 50
export const DEFAULT_BASE_POOL = 5000
export const DEFAULT_MULTIPLIER = 0.7
export const DEFAULT_CALCULATION_METHOD = 'percentage'
export const DEFAULT_MAX_PARTICIPANTS = 1000
export const DEFAULT_MIN_PARTICIPANTS = 10

/** The multiplier is taken to 6 decimal places (0.7 → 700 000 millionths). */
export const MULTIPLIER_SCALE = 1_000_000

export interface PrizePoolConfig {
  readonly basePool: number
  readonly entryFee: number
  readonly multiplier: number
  readonly tiers: readonly TierConfig[]
  readonly calculationMethod: typeof DEFAULT_CALCULATION_METHOD
  /** Stored as the spec says; entries are not capped by it (docs/product.md "Where we differ from the seed on purpose"). */
  readonly maxParticipants: number
  readonly minParticipants: number
}

export const DEFAULT_PRIZE_POOL_CONFIG: PrizePoolConfig = {
  basePool: DEFAULT_BASE_POOL,
  entryFee: DEFAULT_ENTRY_FEE,
  multiplier: DEFAULT_MULTIPLIER,
  tiers: DEFAULT_TIERS,
  calculationMethod: DEFAULT_CALCULATION_METHOD,
  maxParticipants: DEFAULT_MAX_PARTICIPANTS,
  minParticipants: DEFAULT_MIN_PARTICIPANTS,
}

export interface PrizePoolInput {
  readonly basePool: number
  readonly entryFee: number
  readonly participants: number
  readonly multiplier: number
}

/** The entry fee of a config, 50 when it has none (docs/product.md "Constants"). */
export function resolveEntryFee(entryFee: number | null | undefined): number {
  return entryFee ?? DEFAULT_ENTRY_FEE
}

/** The multiplier in millionths, rounded to the nearest: 0.7 → 700 000. */
export function multiplierMillionths(multiplier: number): number {
  if (!Number.isFinite(multiplier) || multiplier < 0) {
    throw new RangeError('multiplier must be a finite number ≥ 0')
  }
  return Math.round(multiplier * MULTIPLIER_SCALE)
}

/**
 * basePool + floor(entryFee × participants × multiplier), at most MAX_PRIZE_POOL (decision 068:
 * a prize and a settlement's total paid are 32-bit, and fans may join without limit). The
 * product is computed exactly with the multiplier as an integer number of millionths, so tricky
 * decimals never lose a coin.
 */
export function prizePool({
  basePool,
  entryFee,
  participants,
  multiplier,
}: PrizePoolInput): number {
  assertCoins('basePool', basePool)
  assertCoins('entryFee', entryFee)
  assertCoins('participants', participants)
  const fromEntries =
    (BigInt(entryFee) * BigInt(participants) * BigInt(multiplierMillionths(multiplier))) /
    BigInt(MULTIPLIER_SCALE)
  const pool = BigInt(basePool) + fromEntries
  return pool > BigInt(MAX_PRIZE_POOL) ? MAX_PRIZE_POOL : Number(pool)
}

function assertCoins(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer`)
  }
}
