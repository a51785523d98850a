// Wire contracts of changing a bracket (docs/product.md "Changing a bracket and quick fill"): PUT /api/tournaments/:id/my-bet
// takes the body of placing a bet (PlaceBetInputSchema) and answers ChangeBetResult; an admin reads
// a bracket's versions with GET /api/admin/bets/:betId/history.
import { z } from 'zod'
import { BetSchema } from './bet'
import { MatchRoundSchema } from './tournament'

/** 200 answer of PUT /api/tournaments/:id/my-bet: the same bet (id, amount), its new version. */
export const ChangeBetResultSchema = z.object({
  bet: BetSchema,
  /** The version the change wrote: 2 for the first change (1 is the bracket as placed). */
  version: z.number().int(),
  changedAt: z.string(),
})
export type ChangeBetResult = z.infer<typeof ChangeBetResultSchema>

/** One pick of a version that differs from the version before it. */
export const BracketChangeSchema = z.object({
  matchId: z.string(),
  round: MatchRoundSchema.nullable(),
  matchNumber: z.number().int().nullable(),
  /** The pair picked before and now, by its players' names; null when the match was not picked. */
  from: z.string().nullable(),
  to: z.string().nullable(),
})
export type BracketChange = z.infer<typeof BracketChangeSchema>

export const BetVersionSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  pickCount: z.number().int(),
  mvpPlayerId: z.string().nullable(),
  mvpPlayerName: z.string().nullable(),
  finalTotalGames: z.number().int().nullable(),
  /** The picks that differ from the previous version; [] for version 1. */
  changes: z.array(BracketChangeSchema),
  mvpChanged: z.boolean(),
  finalTotalGamesChanged: z.boolean(),
})
export type BetVersion = z.infer<typeof BetVersionSchema>

/**
 * GET /api/admin/bets/:betId/history: every version, oldest first. A bet never changed has one
 * version, the bracket as placed.
 */
export const BetHistorySchema = z.object({
  betId: z.string(),
  tournamentId: z.string(),
  tournamentName: z.string(),
  userId: z.string(),
  username: z.string().nullable(),
  versions: z.array(BetVersionSchema),
})
export type BetHistory = z.infer<typeof BetHistorySchema>
