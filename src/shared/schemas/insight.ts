// Wire contract of the insight for one's own bracket (docs/product.md "Insight for my bracket"):
// GET /api/tournaments/:id/my-insight?contest=main.
import { z } from 'zod'
import { NO_TIER, TIER_KEYS } from '#domain/prize/tiers'

/** The contests a bracket can be in. Only the main bracket exists so far. */
export const INSIGHT_CONTESTS = ['main'] as const

/** ?contest= (default main); any other value is a 400. Not strict: other keys are ignored. */
export const MyInsightQuerySchema = z.object({
  contest: z.enum(INSIGHT_CONTESTS).default('main'),
})
export type MyInsightQuery = z.infer<typeof MyInsightQuerySchema>

export const TierResultSchema = z.enum([...TIER_KEYS, NO_TIER])

export const TierChanceSchema = z.object({
  tier: TierResultSchema,
  /** 0–1; the chances of one insight sum to 1. */
  probability: z.number().min(0).max(1),
})
export type TierChance = z.infer<typeof TierChanceSchema>

export const MyInsightSchema = z.object({
  contest: z.enum(INSIGHT_CONTESTS),
  /** Correct picks so far (matches and the MVP). */
  correct: z.number().int(),
  /** Picks in the bracket: the playable matches + the MVP (16). */
  total: z.number().int(),
  /** correct + picks still alive + the MVP while it is open. */
  maxPossible: z.number().int(),
  /** The tier the bracket stands in now. */
  tierNow: TierResultSchema,
  /** The best tier it can still reach. */
  bestReachableTier: TierResultSchema,
  /** Today's prize pool (base + entries). */
  pool: z.number().int(),
  /**
   * The best reachable tier's prize for one winner at today's pool, before any scale-down (when
   * the prizes of all winners together exceed the pool, each is scaled down). 0 with no tier.
   */
  maxCoins: z.number().int(),
  /** Every configured tier, best first, then no_tier. */
  chances: z.array(TierChanceSchema),
  /** True when nothing is left to decide (every match played and the MVP set). */
  isDecided: z.boolean(),
})
export type MyInsight = z.infer<typeof MyInsightSchema>
