// Settlement and cancellation (admin), and the public results they produce.
import { z } from 'zod'
import { SETTLEMENT_STAGES, SETTLEMENT_STATES } from '#domain/tournament/tournament'
import { BetStatusSchema, MatchSchema, TierKeySchema, TournamentStatusSchema } from '../tournament'

export const SettlementTierSchema = z.object({
  tierKey: TierKeySchema,
  description: z.string(),
  minAccuracy: z.number(),
  prizePercentage: z.number(),
  winners: z.number().int(),
  prizeEach: z.number().int(),
  coins: z.number().int(),
})

/** GET /api/admin/tournaments/:id/settlement-preview */
export const SettlementPreviewSchema = z.object({
  tournamentId: z.string(),
  prizePool: z.number().int(),
  participantCount: z.number().int(),
  tiers: z.array(SettlementTierSchema),
  totalWinners: z.number().int(),
  totalPaid: z.number().int(),
  houseRemainder: z.number().int(),
  isScaled: z.boolean(),
  /** What still stops settlement (domain settlementProblems codes); empty means it may run. */
  problems: z.array(z.object({ code: z.string() }).passthrough()),
})
export type SettlementPreview = z.infer<typeof SettlementPreviewSchema>

/** POST /api/admin/tournaments/:id/settle */
export const ContestSettlementSchema = z.object({
  tournamentId: z.string(),
  state: z.enum(SETTLEMENT_STATES),
  prizePool: z.number().int(),
  participantCount: z.number().int(),
  totalWinners: z.number().int(),
  totalPaid: z.number().int(),
  tierCounts: z.record(z.string(), z.number().int()),
  processedAt: z.string().nullable(),
})
/**
 * A tournament's settlement: its main bracket's figures and, when it has a second chance
 * (docs/product.md "Second chance"), that contest's own.
 */
export const SettlementResultSchema = ContestSettlementSchema.extend({
  secondChance: ContestSettlementSchema.optional(),
})
export type SettlementResult = z.infer<typeof SettlementResultSchema>

export const SettlementStateSchema = z.enum(SETTLEMENT_STAGES)
export type SettlementState = z.infer<typeof SettlementStateSchema>

/**
 * GET /api/admin/tournaments/:id/settlement, and the 202 of POST …/settle while the chunks still
 * run in the background. Before the start, betsTotal is the number of bets a settlement would pay.
 */
export const SettlementProgressSchema = z.object({
  tournamentId: z.string(),
  state: SettlementStateSchema,
  betsTotal: z.number().int(),
  betsSettled: z.number().int(),
  totalPaid: z.number().int(),
  totalWinners: z.number().int(),
  processedAt: z.string().nullable(),
  /** When a stopped settlement stopped, and why; both null unless state is 'stopped'. */
  stoppedAt: z.string().nullable(),
  stopReason: z.string().nullable(),
})
export type SettlementProgress = z.infer<typeof SettlementProgressSchema>

/** POST /api/admin/tournaments/:id/cancel */
export const CancellationResultSchema = z.object({
  tournamentId: z.string(),
  status: TournamentStatusSchema,
  refundedBets: z.number().int(),
  refundedCoins: z.number().int(),
})
export type CancellationResult = z.infer<typeof CancellationResultSchema>

/** GET /api/tournaments/:id/results (docs/product.md "Tournament results"); 404 until settled. */
export const TournamentResultsSchema = z.object({
  tournament_info: z.object({
    tournament_name: z.string(),
    prize_pool: z.number().int(),
    participant_count: z.number().int(),
  }),
  statistics: z.object({
    total_winners: z.number().int(),
    total_paid: z.number().int(),
    tier_counts: z.record(z.string(), z.number().int()),
  }),
  processed_at: z.string(),
  /** The matches with their set scores, as GET /api/tournaments/:id lists them. */
  matches: z.array(MatchSchema),
})
export type TournamentResults = z.infer<typeof TournamentResultsSchema>

/** GET /api/tournaments/:id/my-performance (docs/product.md "User performance"); 404 without a settled bet. */
export const MyPerformanceSchema = z.object({
  bet_status: BetStatusSchema,
  prediction_result: z.object({
    correct_predictions: z.number().int(),
    total_predictions: z.number().int(),
    accuracy_percentage: z.number(),
  }),
  prize_distribution: z.object({ prize_amount: z.number().int() }),
  tier_level: z.union([TierKeySchema, z.literal('no_tier')]),
})
export type MyPerformance = z.infer<typeof MyPerformanceSchema>
