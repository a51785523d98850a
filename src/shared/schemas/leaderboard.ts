// Wire contracts of the leaderboard (docs/product.md "What is stored" leaderboard entry and user position).
import { z } from 'zod'

export const DEFAULT_LEADERBOARD_LIMIT = 5
export const MAX_LEADERBOARD_LIMIT = 100

/** ?limit= from 1; default 5; anything above 100 is served as 100. */
export const LeaderboardQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_LEADERBOARD_LIMIT)
    .transform((limit) => Math.min(limit, MAX_LEADERBOARD_LIMIT)),
})
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>

export const LeaderboardEntrySchema = z.object({
  /** Competition rank: equal balances share a position (1, 2, 2, 4). */
  rank_position: z.number().int(),
  username: z.string(),
  total_coins: z.number().int(),
  is_current_user: z.boolean(),
})
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>

/**
 * GET /api/leaderboard: the top N fans by balance (live) and totals over every ranked fan. Ranked:
 * a confirmed fan with at least one bet; never an administrator.
 */
export const LeaderboardSchema = z.object({
  entries: z.array(LeaderboardEntrySchema),
  totals: z.object({
    total_players: z.number().int(),
    top_score: z.number().int(),
    /** Rounded to a whole coin. */
    average_coins: z.number().int(),
  }),
})
export type Leaderboard = z.infer<typeof LeaderboardSchema>

/** Why a user has no place: no bet placed yet, or an administrator (never ranked). */
export const UnrankedReasonSchema = z.enum(['no_bet', 'admin'])
export type UnrankedReason = z.infer<typeof UnrankedReasonSchema>

/** GET /api/leaderboard/me: from the rank table, refreshed every few seconds. */
export const LeaderboardPositionSchema = z.object({
  /** null when the user is not ranked (see unranked_reason). */
  rank_position: z.number().int().nullable(),
  total_coins: z.number().int(),
  total_players: z.number().int(),
  /** When the positions were computed (ISO); they may be a few seconds old. */
  refreshed_at: z.string(),
  /** null for a ranked fan. */
  unranked_reason: UnrankedReasonSchema.nullable(),
})
export type LeaderboardPosition = z.infer<typeof LeaderboardPositionSchema>
