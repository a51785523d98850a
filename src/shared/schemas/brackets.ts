// Wire contracts of fans' brackets: one fan's bracket with its marks (GET
// /api/tournaments/:id/brackets/:username) and the People's Bracket (GET …/popularity).
import { z } from 'zod'
import { ContestSchema } from './contest'
import { MatchScheduleViewSchema } from './schedule'
import { MatchRoundSchema } from './tournament'

/** Where a pick stands (the domain's PickMark): played right or wrong, still possible, or out. */
export const PickMarkSchema = z.enum(['correct', 'wrong', 'alive', 'busted'])
export type PickMark = z.infer<typeof PickMarkSchema>

export const MvpMarkSchema = z.enum(['correct', 'wrong', 'open'])
export type MvpMark = z.infer<typeof MvpMarkSchema>

/** One predicted match of a fan's bracket: the pairs the fan's own picks put there, and the pick. */
export const BracketPickSchema = z.object({
  matchId: z.string(),
  round: MatchRoundSchema,
  matchNumber: z.number().int(),
  team1Id: z.string().nullable(),
  team2Id: z.string().nullable(),
  predictedWinnerId: z.string(),
  /** The actual winner, null until the match is played. */
  winnerTeamId: z.string().nullable(),
  mark: PickMarkSchema,
  /** The match's order of play (decision 141), whichever pairs play it. */
  ...MatchScheduleViewSchema.shape,
})
export type BracketPick = z.infer<typeof BracketPickSchema>

export const FanBracketSchema = z.object({
  tournamentId: z.string(),
  /** Which of the fan's brackets: the main one or the second chance's (7 picks + MVP). */
  contest: ContestSchema,
  /** The fan's name as shown (the username as they typed it). */
  username: z.string(),
  /** Whether the signed-in viewer owns this bracket. */
  isMine: z.boolean(),
  picks: z.array(BracketPickSchema),
  mvp: z.object({ playerId: z.string(), name: z.string(), mark: MvpMarkSchema }).nullable(),
  /** The tiebreaker: the fan's guess of the final's total games; null when not given. */
  finalTotalGames: z.number().int().nullable(),
  correct: z.number().int(),
  total: z.number().int(),
  maxPossible: z.number().int(),
})
export type FanBracket = z.infer<typeof FanBracketSchema>

/** How many brackets picked a pair (or a player); the share is count / bracketCount. */
export const PickCountSchema = z.object({ id: z.string(), count: z.number().int() })
export type PickCount = z.infer<typeof PickCountSchema>

export const SlotPopularitySchema = z.object({
  matchId: z.string(),
  round: MatchRoundSchema,
  matchNumber: z.number().int(),
  /** The pairs picked to win this match, most picked first. */
  winners: z.array(PickCountSchema),
})
export type SlotPopularity = z.infer<typeof SlotPopularitySchema>

/** GET /api/tournaments/:id/popularity: 404 while betting is open. */
export const PopularitySchema = z.object({
  tournamentId: z.string(),
  bracketCount: z.number().int(),
  computedAt: z.string(),
  slots: z.array(SlotPopularitySchema),
  /** The final's winners: the champion shares. */
  champions: z.array(PickCountSchema),
  /** The ten most-picked MVPs (player ids), most picked first. */
  mvps: z.array(PickCountSchema),
  /** The most common set of 15 match picks (the MVP aside) and how many brackets made it. */
  mostCommon: z
    .object({
      count: z.number().int(),
      picks: z.array(z.object({ matchId: z.string(), winnerTeamId: z.string() })),
    })
    .nullable(),
})
export type Popularity = z.infer<typeof PopularitySchema>

/** One match of the popular bracket: the pair most brackets picked to win it. */
export const PopularPickSchema = z.object({
  matchId: z.string(),
  round: MatchRoundSchema,
  matchNumber: z.number().int(),
  winnerTeamId: z.string(),
  /** The share of brackets that picked this pair to win the match (0–1); null before the deadline. */
  share: z.number().min(0).max(1).nullable(),
})
export type PopularPick = z.infer<typeof PopularPickSchema>

/**
 * GET /api/tournaments/:id/popular-picks: the most-picked winner per match of the main contest,
 * each among the two pairs the popular picks before it put there (docs/decisions/163). 404 until
 * 50 brackets exist; before the betting deadline winners only: no count and no share.
 */
export const PopularPicksSchema = z.object({
  tournamentId: z.string(),
  /** True once betting has closed: the shares and the bracket count are given. */
  hasShares: z.boolean(),
  bracketCount: z.number().int().nullable(),
  picks: z.array(PopularPickSchema),
  /** The more-picked of the popular champion's two players. */
  mvpPlayerId: z.string().nullable(),
  mvpShare: z.number().min(0).max(1).nullable(),
})
export type PopularPicks = z.infer<typeof PopularPicksSchema>
