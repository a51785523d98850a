// Wire contracts of league pots (docs/product.md "Leagues", "League pots"): coins a league's members
// put on a tournament, paid to the member(s) with the most correct picks once it is settled.
import { z } from 'zod'
import { POT_STAKE_MAX, POT_STAKE_MIN } from '#domain/league-pot/pot-payouts'

export const LEAGUE_POT_STATES = ['open', 'paid', 'refunded'] as const
export const LeaguePotStateSchema = z.enum(LEAGUE_POT_STATES)
export type LeaguePotState = z.infer<typeof LeaguePotStateSchema>

export const POT_REFUND_REASONS = ['too_few_entries', 'cancelled'] as const
export const PotRefundReasonSchema = z.enum(POT_REFUND_REASONS)

/** PUT /api/leagues/:id/pots/:tournamentId (owner): the stake, until the first member joins. */
export const SetPotStakeInputSchema = z.strictObject({
  stake: z.number().int().min(POT_STAKE_MIN).max(POT_STAKE_MAX),
})
export type SetPotStakeInput = z.infer<typeof SetPotStakeInputSchema>

export const PotEntrySchema = z.object({
  username: z.string(),
  joinedAt: z.string(),
  isMe: z.boolean(),
  /** Once the tournament is settled: the bracket's correct picks and tiebreaker distance. */
  correct: z.number().int().nullable(),
  tiebreakerDistance: z.number().int().nullable(),
  /** Coins credited when the pot closed (a share or the stake back); null while it is open. */
  payout: z.number().int().nullable(),
  isWinner: z.boolean(),
})
export type PotEntry = z.infer<typeof PotEntrySchema>

/**
 * GET /api/leagues/:id/pots/:tournamentId (members): the pot, who is in it and, once closed, who
 * won. Entries before the deadline show names and joining times only.
 */
export const LeaguePotSchema = z.object({
  leagueId: z.string(),
  tournamentId: z.string(),
  tournamentName: z.string(),
  stake: z.number().int(),
  state: LeaguePotStateSchema,
  /** Coins in it: stake × entries. */
  total: z.number().int(),
  entries: z.array(PotEntrySchema),
  /** Whether the caller may still join: open pot, betting open, a bracket, not in it yet. */
  canJoin: z.boolean(),
  /** Why the caller cannot join, when a bracket is what is missing. */
  needsBracket: z.boolean(),
  hasJoined: z.boolean(),
  isBettingOpen: z.boolean(),
  bettingDeadline: z.string(),
  refundReason: PotRefundReasonSchema.nullable(),
  closedAt: z.string().nullable(),
})
export type LeaguePot = z.infer<typeof LeaguePotSchema>

/** A pot as the league page lists it beside its tournament. */
export const LeaguePotSummarySchema = z.object({
  stake: z.number().int(),
  state: LeaguePotStateSchema,
  entries: z.number().int(),
  hasJoined: z.boolean(),
})
export type LeaguePotSummary = z.infer<typeof LeaguePotSummarySchema>
