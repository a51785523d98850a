// Wire contracts of betting: placing a bet, the user's prediction view, bets and stats.
import { z } from 'zod'
import { FINAL_TOTAL_GAMES_MAX, FINAL_TOTAL_GAMES_MIN } from '#domain/padel/set-scores'
import {
  BetStatusSchema,
  MatchRoundSchema,
  PrizePoolConfigSchema,
  SetScoresSchema,
  TournamentStatusSchema,
} from './tournament'
import { MatchScheduleViewSchema } from './schedule'

const Id = z.string().min(1).max(64)

export const PickInputSchema = z.strictObject({
  matchId: Id,
  winnerTeamId: Id,
})
export type PickInput = z.infer<typeof PickInputSchema>

/**
 * POST /api/tournaments/:id/bets. Strict: any other field (amount, userId, …) is a 400
 * VALIDATION_FAILED — the fee comes from the tournament and the user from the session.
 * The bracket rules themselves (every playable match once, picks that follow the user's own
 * earlier picks, MVP of the predicted champion) answer 400 INVALID_BRACKET.
 */
const FINAL_TOTAL_GAMES_MESSAGE = `The final's total games must be a whole number from ${FINAL_TOTAL_GAMES_MIN} to ${FINAL_TOTAL_GAMES_MAX}`

/** The tiebreaker: the total games of the final, a match tiebreak counting as one game. */
export const FinalTotalGamesSchema = z
  .number(FINAL_TOTAL_GAMES_MESSAGE)
  .int(FINAL_TOTAL_GAMES_MESSAGE)
  .min(FINAL_TOTAL_GAMES_MIN, FINAL_TOTAL_GAMES_MESSAGE)
  .max(FINAL_TOTAL_GAMES_MAX, FINAL_TOTAL_GAMES_MESSAGE)

export const PlaceBetInputSchema = z.strictObject({
  picks: z.array(PickInputSchema).max(64),
  mvpPlayerId: Id,
  /**
   * The tiebreaker (docs/product.md "Statuses, deadlines and the wizard"). Optional for API clients (decision 097): a bracket
   * without one sorts after those with one; the wizard always sends it.
   */
  finalTotalGames: FinalTotalGamesSchema.nullish(),
})
export type PlaceBetInput = z.infer<typeof PlaceBetInputSchema>

export const BetSchema = z.object({
  id: z.string(),
  tournamentId: z.string(),
  amount: z.number().int(),
  status: BetStatusSchema,
  createdAt: z.string(),
})
export type Bet = z.infer<typeof BetSchema>

/** 201 answer of POST /api/tournaments/:id/bets: the bet and the wallet balance after it. */
export const PlaceBetResultSchema = z.object({
  bet: BetSchema,
  balance: z.number().int(),
})
export type PlaceBetResult = z.infer<typeof PlaceBetResultSchema>

/** One predicted match: the pairs the user's own picks put there, their pick, the real winner. */
export const PredictionViewSchema = z.object({
  matchId: z.string(),
  round: MatchRoundSchema,
  matchNumber: z.number().int(),
  team1Id: z.string().nullable(),
  team2Id: z.string().nullable(),
  predictedWinnerId: z.string(),
  /** The actual winner, null until the match is played. */
  winnerTeamId: z.string().nullable(),
  /** null until the match is played. */
  isCorrect: z.boolean().nullable(),
  /**
   * The match's set scores when it was played by the two pairs the fan put there (the scores
   * would name other pairs otherwise); null when not entered or not those pairs.
   */
  sets: SetScoresSchema.nullable(),
  /** The match's order of play (decision 141), whichever pairs play it. */
  ...MatchScheduleViewSchema.shape,
})
export type PredictionView = z.infer<typeof PredictionViewSchema>

export const MvpPredictionSchema = z.object({
  predicted_mvp: z.string(),
  predicted_mvp_id: z.string(),
  /** null until the tournament's MVP is set. */
  isCorrect: z.boolean().nullable(),
})
export type MvpPrediction = z.infer<typeof MvpPredictionSchema>

/**
 * GET /api/tournaments/:id/my-bet: always 200 for a known tournament. Without a bet: bet null,
 * predictions [], mvpPrediction null (the spec tolerates an empty result).
 */
export const MyBetSchema = z.object({
  bet: BetSchema.nullable(),
  predictions: z.array(PredictionViewSchema),
  mvpPrediction: MvpPredictionSchema.nullable(),
  tournamentMvpId: z.string().nullable(),
  /** The bracket's share link id (/share/:shareId), null without a bet (docs/product.md "Sharing a bracket"). */
  shareId: z.string().nullable(),
  /** The bet's tiebreaker (the final's total games); null without a bet or for one without it. */
  finalTotalGames: z.number().int().nullable(),
})
export type MyBet = z.infer<typeof MyBetSchema>

export const MyBetsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .transform((limit) => Math.min(limit, 100)),
})

/**
 * GET /api/me/bets: the user's bets with their tournament and result, newest first (at most 100).
 * Settled bets stay in the list; a bet refunded because its tournament was cancelled is not listed.
 */
export const MyBetsSchema = z.object({
  bets: z.array(
    BetSchema.extend({
      /**
       * Coins the bet brought back: the prize when won, the entry fee when refunded, 0 when lost;
       * null while the bet is active.
       */
      payout: z.number().int().nullable(),
      tournament: z.object({
        id: z.string(),
        name: z.string(),
        status: TournamentStatusSchema,
        startDate: z.string(),
        endDate: z.string(),
        bettingDeadline: z.string(),
        prizePoolConfig: PrizePoolConfigSchema,
      }),
    }),
  ),
})
export type MyBets = z.infer<typeof MyBetsSchema>

/** GET /api/me/stats: real figures from the user's bets (docs/product.md "Where we differ from the seed on purpose"). */
export const MyStatsSchema = z.object({
  /** active + won + lost: a refunded bet (cancelled tournament) no longer counts. */
  betCount: z.number().int(),
  active: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  refunded: z.number().int(),
  /** won / (won + lost) in percent, 2 decimals; null while no bet is settled. */
  winRate: z.number().nullable(),
  /** Sum of the user's bet_won payouts. */
  totalWinnings: z.number().int(),
})
export type MyStats = z.infer<typeof MyStatsSchema>
