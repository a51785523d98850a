// Prize tiers (docs/product.md "Constants"): a bet earns the tier its accuracy reaches.

import { reachesAccuracy, toHundredths } from '#domain/scoring/scoring'

export const TIER_KEYS = ['tier_100', 'tier_90', 'tier_80', 'tier_70', 'tier_60'] as const
export type TierKey = (typeof TIER_KEYS)[number]
export const NO_TIER = 'no_tier'
export type TierResult = TierKey | typeof NO_TIER

export interface TierConfig {
  readonly key: TierKey
  /** Minimum accuracy in percent (0–100), compared exactly to hundredths of a percent. */
  readonly minAccuracy: number
  /** Share of the pool one winner of this tier gets, in percent (0–100). */
  readonly prizePercentage: number
  readonly description: string
}

export const DEFAULT_TIERS: readonly TierConfig[] = [
  { key: 'tier_100', minAccuracy: 100, prizePercentage: 100, description: 'Perfect Prediction' },
  { key: 'tier_90', minAccuracy: 90, prizePercentage: 60, description: 'Near Perfect' },
  { key: 'tier_80', minAccuracy: 80, prizePercentage: 30, description: 'Excellent' },
  { key: 'tier_70', minAccuracy: 70, prizePercentage: 15, description: 'Very Good' },
  { key: 'tier_60', minAccuracy: 60, prizePercentage: 5, description: 'Good' },
]

export function isTierKey(value: unknown): value is TierKey {
  return typeof value === 'string' && (TIER_KEYS as readonly string[]).includes(value)
}

/**
 * The tier a bet with `correct` of `total` right earns, or 'no_tier'. Among the tiers whose
 * minimum the bet reaches it is the one paying the largest share (ties: the higher minimum, then
 * TIER_KEYS order). With a sane config — a higher minimum never pays less, see `tierProblems` —
 * that is simply the tier with the highest minimum reached; choosing by prize also keeps a more
 * accurate bet from ever earning less than a less accurate one under a misordered config.
 */
export function tierFor(
  correct: number,
  total: number,
  tiers: readonly TierConfig[] = DEFAULT_TIERS,
): TierResult {
  let best: TierConfig | undefined
  for (const tier of tiers) {
    if (!reachesAccuracy(correct, total, tier.minAccuracy)) continue
    if (best === undefined || ranksAbove(tier, best)) best = tier
  }
  return best?.key ?? NO_TIER
}

function ranksAbove(tier: TierConfig, other: TierConfig): boolean {
  const byPrize = toHundredths(tier.prizePercentage) - toHundredths(other.prizePercentage)
  if (byPrize !== 0) return byPrize > 0
  const byMinimum = toHundredths(tier.minAccuracy) - toHundredths(other.minAccuracy)
  if (byMinimum !== 0) return byMinimum > 0
  return TIER_KEYS.indexOf(tier.key) < TIER_KEYS.indexOf(other.key)
}

export function findTier(tiers: readonly TierConfig[], key: TierKey): TierConfig | undefined {
  return tiers.find((tier) => tier.key === key)
}

export type TierProblem =
  | { readonly code: 'duplicate_tier'; readonly key: TierKey }
  | { readonly code: 'min_accuracy_out_of_range'; readonly key: TierKey }
  | { readonly code: 'prize_percentage_out_of_range'; readonly key: TierKey }
  | { readonly code: 'missing_description'; readonly key: TierKey }
  /** `key` has a higher minimum than `lowerKey` but pays a smaller share. */
  | { readonly code: 'prize_not_increasing'; readonly key: TierKey; readonly lowerKey: TierKey }

/** What is wrong with a tier configuration an admin wants to save; empty means sound. */
export function tierProblems(tiers: readonly TierConfig[]): TierProblem[] {
  const problems: TierProblem[] = []
  const seen = new Set<TierKey>()
  for (const tier of tiers) {
    if (seen.has(tier.key)) problems.push({ code: 'duplicate_tier', key: tier.key })
    seen.add(tier.key)
    if (!isPercentage(tier.minAccuracy)) {
      problems.push({ code: 'min_accuracy_out_of_range', key: tier.key })
    }
    if (!isPercentage(tier.prizePercentage)) {
      problems.push({ code: 'prize_percentage_out_of_range', key: tier.key })
    }
    if (tier.description.trim() === '')
      problems.push({ code: 'missing_description', key: tier.key })
  }
  const sound = tiers.filter(
    (tier) => isPercentage(tier.minAccuracy) && isPercentage(tier.prizePercentage),
  )
  for (const tier of sound) {
    for (const lower of sound) {
      const isHigher = toHundredths(tier.minAccuracy) > toHundredths(lower.minAccuracy)
      if (isHigher && toHundredths(tier.prizePercentage) < toHundredths(lower.prizePercentage)) {
        problems.push({ code: 'prize_not_increasing', key: tier.key, lowerKey: lower.key })
      }
    }
  }
  return problems
}

function isPercentage(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= 100
}

export type TierRecord = Partial<Record<TierKey, Omit<TierConfig, 'key'>>>

/** The config's keyed shape (docs/product.md "What is stored": tiers keyed tier_100 … tier_60) to a list in TIER_KEYS order. */
export function tiersFromRecord(record: TierRecord): TierConfig[] {
  return TIER_KEYS.flatMap((key) => {
    const tier = record[key]
    return tier ? [{ key, ...tier }] : []
  })
}

export function tiersToRecord(tiers: readonly TierConfig[]): TierRecord {
  const record: TierRecord = {}
  for (const { key, ...rest } of tiers) if (!(key in record)) record[key] = rest
  return record
}
