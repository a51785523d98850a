// Wire contracts of the tournament pages (GET /api/tournaments, /:id, /:id/prize-pool).
// Field names follow docs/product.md "What is stored": camelCase for tournaments, snake_case inside
// prize_pool_config and the prize pool info (the spec's own spelling of those shapes).
import { z } from 'zod'
import { BET_STATUSES } from '#domain/bet/bet-status'
import { ROUND_ORDER } from '#domain/bracket/bracket'
import { TIER_KEYS } from '#domain/prize/tiers'
import { TOURNAMENT_STATUSES } from '#domain/tournament/tournament'
import { MatchScheduleViewSchema } from './schedule'

export const TournamentStatusSchema = z.enum(TOURNAMENT_STATUSES)
export type TournamentStatus = z.infer<typeof TournamentStatusSchema>

export const MatchRoundSchema = z.enum(ROUND_ORDER)
export type MatchRound = z.infer<typeof MatchRoundSchema>

export const BetStatusSchema = z.enum(BET_STATUSES)
export type BetStatus = z.infer<typeof BetStatusSchema>

export const TierKeySchema = z.enum(TIER_KEYS)
export type TierKey = z.infer<typeof TierKeySchema>

export const PrizeTierSchema = z.object({
  min_accuracy: z.number(),
  prize_percentage: z.number(),
  description: z.string(),
})
export type PrizeTier = z.infer<typeof PrizeTierSchema>

/** prize_pool_config as stored (docs/product.md "What is stored"). */
export const PrizePoolConfigSchema = z.object({
  base_pool: z.number(),
  entry_fee: z.number(),
  multiplier: z.number(),
  tiers: z.record(z.string(), PrizeTierSchema),
  calculation_method: z.string(),
  max_participants: z.number(),
  min_participants: z.number(),
})
export type PrizePoolConfig = z.infer<typeof PrizePoolConfigSchema>

/** What every view of a tournament shows, the fan's card and the admin's row. Dates are ISO strings. */
export const TournamentFiguresSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: TournamentStatusSchema,
  startDate: z.string(),
  endDate: z.string(),
  bettingDeadline: z.string(),
  prizePoolConfig: PrizePoolConfigSchema,
  basePool: z.number().int(),
  /** The entry fee charged for a bet (prize_pool_config.entry_fee, 50 when missing). */
  entryFee: z.number().int(),
  multiplier: z.number(),
  /** base + floor(entryFee × participantCount × multiplier), from the live bet count. */
  currentPrizePool: z.number().int(),
  /** Bets that were not refunded. */
  participantCount: z.number().int(),
  pairCount: z.number().int(),
  mvpPlayerId: z.string().nullable(),
  /** A fan may change their bracket, for free, until the deadline (docs/product.md "Changing a bracket and quick fill"). */
  bracketsChangeable: z.boolean(),
})

/** A card of the tournament list (also the head of the detail page). */
export const TournamentCardSchema = TournamentFiguresSchema.extend({
  /** Time of the latest counted bet; null while there is none. */
  prizePoolUpdatedAt: z.string().nullable(),
  /** By the server clock at answer time: status upcoming and before the deadline. */
  isBettingOpen: z.boolean(),
  hasBet: z.boolean(),
  myBetStatus: BetStatusSchema.nullable(),
})
export type TournamentCard = z.infer<typeof TournamentCardSchema>

/**
 * The public list's length: the newest starts first, so what is still open comes first and only
 * the oldest finished tournaments fall off (their pages stay reachable by id).
 */
export const TOURNAMENT_LIST_MAX_ROWS = 200

/** GET /api/tournaments: newest start first. serverTime lets the client correct its countdown. */
export const TournamentListSchema = z.object({
  tournaments: z.array(TournamentCardSchema),
  serverTime: z.string(),
})
export type TournamentList = z.infer<typeof TournamentListSchema>

export const PlayerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** For the small cards of the bracket ("Di Nenno"). */
  shortName: z.string(),
  country: z.string(),
  ranking: z.number().int(),
})
export type PlayerSummary = z.infer<typeof PlayerSummarySchema>

/** A pair (team) with its stats and both players. */
export const PairSchema = z.object({
  id: z.string(),
  /** Position in the draw (1..16) or null before the draw. */
  seed: z.number().int().nullable(),
  ranking: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  /** wins / (wins + losses) in percent, 2 decimals; null before any match. */
  winRate: z.number().nullable(),
  titles: z.number().int(),
  player1: PlayerSummarySchema,
  player2: PlayerSummarySchema,
})
export type Pair = z.infer<typeof PairSchema>

export const GAMES_MAX = 99

/**
 * One set's games, pair 1 first: [6, 4]. Whole numbers 0–99; whether they make a padel set is the
 * domain's rule (src/domain/padel/set-scores.ts), checked with the result they belong to.
 */
const GAMES_MESSAGE = 'Games must be whole numbers from 0 to 99'
const Games = z
  .number(GAMES_MESSAGE)
  .int(GAMES_MESSAGE)
  .min(0, GAMES_MESSAGE)
  .max(GAMES_MAX, GAMES_MESSAGE)
export const SetScoreSchema = z.tuple([Games, Games])
/** A match's sets in order, at most three (best of three). */
export const SetScoresSchema = z.array(SetScoreSchema).max(3, 'A match has two or three sets')
export type SetScores = z.infer<typeof SetScoresSchema>

export const MatchSchema = z.object({
  id: z.string(),
  round: MatchRoundSchema,
  matchNumber: z.number().int(),
  team1Id: z.string().nullable(),
  team2Id: z.string().nullable(),
  winnerTeamId: z.string().nullable(),
  /** Pair 1's games first, e.g. [[6,4],[3,6],[10,8]]; null until the admin enters them. */
  sets: SetScoresSchema.nullable(),
  /** The order of play (decision 141). */
  ...MatchScheduleViewSchema.shape,
})
export type Match = z.infer<typeof MatchSchema>

/** GET /api/tournaments/:id: pairs by seed (then ranking), matches in round order then number. */
export const TournamentDetailSchema = TournamentCardSchema.extend({
  pairs: z.array(PairSchema),
  matches: z.array(MatchSchema),
  mvpPlayer: PlayerSummarySchema.nullable(),
  serverTime: z.string(),
})
export type TournamentDetail = z.infer<typeof TournamentDetailSchema>

/** GET /api/tournaments/:id/prize-pool: the spec's prize pool info (§3). */
export const PrizePoolInfoSchema = z.object({
  current_prize_pool: z.number().int(),
  participant_count: z.number().int(),
  entry_fee: z.number().int(),
  multiplier: z.number(),
  base_pool: z.number().int(),
  tiers: z.partialRecord(TierKeySchema, PrizeTierSchema),
  prize_pool_updated_at: z.string().nullable(),
})
export type PrizePoolInfo = z.infer<typeof PrizePoolInfoSchema>
