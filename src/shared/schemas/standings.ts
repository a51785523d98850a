// Wire contracts of the tournament standings and of "my brackets" (docs/product.md "Standings").
import { z } from 'zod'
import { NO_TIER, TIER_KEYS } from '#domain/prize/tiers'
import { BetStatusSchema, TournamentStatusSchema } from './tournament'
import { ContestSchema } from './contest'

export const DEFAULT_STANDINGS_PAGE_SIZE = 25
export const MAX_STANDINGS_PAGE_SIZE = 100

/**
 * ?page= from 1, ?pageSize= from 1 (default 25; above 100 capped, as every list caps its page),
 * ?leagueId= a league's UUID, ?q= a part of a fan's name. Other keys ignored.
 */
export const StandingsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_STANDINGS_PAGE_SIZE)
    .transform((size) => Math.min(size, MAX_STANDINGS_PAGE_SIZE)),
  leagueId: z.uuid().optional(),
  /** "Find a fan": only the brackets whose fan's name contains this, up to a page of them. */
  q: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((q) => (q === '' ? undefined : q)),
})
export type StandingsQuery = z.infer<typeof StandingsQuerySchema>

/** A tier key, or no_tier below the lowest tier. */
export const TierResultSchema = z.enum([...TIER_KEYS, NO_TIER])
export type TierResultValue = z.infer<typeof TierResultSchema>

export const StandingsRowSchema = z.object({
  /** Competition rank: equal correct picks and tiebreaker distance share it (1, 1, 3). */
  rank: z.number().int(),
  /** The shown name; the web draws the avatar from it (no picture is stored). */
  username: z.string(),
  correct: z.number().int(),
  /** Correct picks + undecided picks still alive + the MVP while it is open. */
  maxPossible: z.number().int(),
  /** Correct / (matches + 1), in percent with two decimals. */
  accuracy: z.number(),
  /** Distance of the tiebreaker from the final's total games; null until known or without one. */
  tiebreakerDistance: z.number().int().nullable(),
  tierNow: TierResultSchema,
  bestTier: TierResultSchema,
  isMe: z.boolean(),
})
export type StandingsRow = z.infer<typeof StandingsRowSchema>

/**
 * GET /api/tournaments/:id/standings. Before the deadline (`isOpen` false) only `entries`: no rows
 * and no rank, not even the caller's own.
 */
export const StandingsSchema = z.object({
  tournamentId: z.string(),
  isOpen: z.boolean(),
  entries: z.number().int(),
  /** Playable matches + 1 (the MVP): what accuracy divides by. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  rows: z.array(StandingsRowSchema),
  me: StandingsRowSchema.nullable(),
  /**
   * The page (of this pageSize) that holds the caller's row: by its place in the order, since a
   * tie shares a rank across pages. Null without a row.
   */
  myPage: z.number().int().nullable(),
  /** When the standings were last rebuilt (ISO); null before the deadline. */
  builtAt: z.string().nullable(),
})
export type Standings = z.infer<typeof StandingsSchema>

export const MyBracketSchema = z.object({
  tournamentId: z.string(),
  /** The main bracket or the second chance's; each is ranked in its own contest. */
  contest: ContestSchema,
  tournamentName: z.string(),
  tournamentStatus: TournamentStatusSchema,
  status: BetStatusSchema,
  placedAt: z.string(),
  /** Null before the deadline (no ranks yet) and until the first rebuild after it. */
  rank: z.number().int().nullable(),
  entries: z.number().int(),
  correct: z.number().int().nullable(),
  maxPossible: z.number().int().nullable(),
  /**
   * Once the bracket is settled (won or lost), what it came to: the coins its prize paid (0 for no
   * prize) and the tier that prize was paid at (no_tier without one). Null before, and for a
   * refunded bracket.
   */
  outcome: z.object({ prize: z.number().int().nonnegative(), tier: TierResultSchema }).nullable(),
})
export type MyBracket = z.infer<typeof MyBracketSchema>

/** GET /api/me/brackets: every bracket of the signed-in fan, newest tournament first. */
export const MyBracketsSchema = z.object({ brackets: z.array(MyBracketSchema) })
export type MyBrackets = z.infer<typeof MyBracketsSchema>
