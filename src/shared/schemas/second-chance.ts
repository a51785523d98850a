// Wire contracts of the second-chance contest (docs/product.md, second chance): opened by an
// admin once every round-of-16 match has a winner; fans predict the quarterfinals, semifinals,
// final and MVP (7 picks + MVP) and are paid from its own pool by the same tiers.
import { z } from 'zod'
import { FinalTotalGamesSchema, MyBetSchema, PickInputSchema } from './bet'

/** The picks of a second-chance bracket: 4 quarterfinals, 2 semifinals, the final. */
export const SECOND_CHANCE_PICKS = 7

const Id = z.string().min(1).max(64)

/**
 * POST /api/admin/tournaments/:id/second-chance. Strict. The fee must be a positive whole number
 * of coins; the deadline must be in the future and before any quarterfinal result.
 */
export const OpenSecondChanceInputSchema = z.strictObject({
  entryFee: z.number().int().min(1).max(1_000_000),
  basePool: z.number().int().min(0).max(1_000_000_000),
  multiplier: z.number().min(0).max(100),
  bettingDeadline: z.iso.datetime({ offset: true }),
})
export type OpenSecondChanceInput = z.infer<typeof OpenSecondChanceInputSchema>

/** POST /api/tournaments/:id/second-chance/bets. Strict, as the main bracket's input. */
export const PlaceSecondChanceBetInputSchema = z.strictObject({
  picks: z.array(PickInputSchema).max(64),
  mvpPlayerId: Id,
  finalTotalGames: FinalTotalGamesSchema.nullish(),
})
export type PlaceSecondChanceBetInput = z.infer<typeof PlaceSecondChanceBetInputSchema>

/**
 * not_open: no second chance on this tournament; open: taking entries (server clock before its
 * deadline); closed: entries over, awaiting settlement; settled / cancelled: as the tournament.
 */
export const SECOND_CHANCE_STATES = ['not_open', 'open', 'closed', 'settled', 'cancelled'] as const
export const SecondChanceStateSchema = z.enum(SECOND_CHANCE_STATES)
export type SecondChanceState = z.infer<typeof SecondChanceStateSchema>

/**
 * GET /api/tournaments/:id/second-chance: 200 for a known tournament, with state not_open and
 * null figures when none was opened. The matches are the tournament's (GET /api/tournaments/:id):
 * the wizard uses its quarterfinals, whose pairs are known once the round of 16 is complete.
 */
export const SecondChanceSchema = z.object({
  tournamentId: z.string(),
  state: SecondChanceStateSchema,
  /** By the server clock: state open. */
  isBettingOpen: z.boolean(),
  entryFee: z.number().int().nullable(),
  basePool: z.number().int().nullable(),
  multiplier: z.number().nullable(),
  bettingDeadline: z.string().nullable(),
  /** base + floor(entryFee × participantCount × multiplier). */
  currentPrizePool: z.number().int().nullable(),
  participantCount: z.number().int(),
  hasBet: z.boolean(),
  serverTime: z.string(),
})
export type SecondChance = z.infer<typeof SecondChanceSchema>

/** GET /api/tournaments/:id/second-chance/my-bet: the main my-bet's shape, for the 7 picks. */
export const MySecondChanceBetSchema = MyBetSchema
export type MySecondChanceBet = z.infer<typeof MySecondChanceBetSchema>
