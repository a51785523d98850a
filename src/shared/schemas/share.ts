// Wire contract of a shared bracket (GET /api/share/:shareId, docs/product.md "Sharing a bracket"): anyone with
// the link reads it. Before the betting deadline it names the fan, the tournament and the pool
// only; after it, the bracket with its live marks.
import { z } from 'zod'
import { LanguageSchema } from './auth'
import { BracketPickSchema, MvpMarkSchema, PickMarkSchema } from './brackets'
import { PairSchema, TournamentStatusSchema } from './tournament'

/** One pick of the shared bracket: the same as on a fan's bracket page. */
export const SharedPickSchema = BracketPickSchema
export type SharedPick = z.infer<typeof SharedPickSchema>

export const SharedBracketBodySchema = z.object({
  picks: z.array(SharedPickSchema),
  pairs: z.array(PairSchema),
  champion: z.object({ teamId: z.string(), name: z.string(), mark: PickMarkSchema }).nullable(),
  mvp: z.object({ playerId: z.string(), name: z.string(), mark: MvpMarkSchema }).nullable(),
  /** Correct picks so far (matches + the MVP), of `total`; `maxPossible` counts the alive ones. */
  correct: z.number().int(),
  total: z.number().int(),
  maxPossible: z.number().int(),
})
export type SharedBracketBody = z.infer<typeof SharedBracketBodySchema>

/**
 * entered: betting is still open, so only the fan's name, the tournament and the pool.
 * bracket: the deadline has passed; `bracket` holds the picks and their marks.
 * cancelled: the tournament was cancelled and every entry refunded; the picks no longer count.
 */
export const SharePhaseSchema = z.enum(['entered', 'bracket', 'cancelled'])
export type SharePhase = z.infer<typeof SharePhaseSchema>

export const SharedBracketSchema = z.object({
  shareId: z.string(),
  phase: SharePhaseSchema,
  username: z.string(),
  tournament: z.object({
    id: z.string(),
    name: z.string(),
    status: TournamentStatusSchema,
    bettingDeadline: z.string(),
    startDate: z.string(),
    endDate: z.string(),
  }),
  pool: z.object({ currentPrizePool: z.number().int(), participantCount: z.number().int() }),
  bracket: SharedBracketBodySchema.nullable(),
  /** A public league of the sharer's that a visitor may join (the largest), or null. */
  league: z.object({ id: z.string(), name: z.string(), memberCount: z.number().int() }).nullable(),
})
export type SharedBracket = z.infer<typeof SharedBracketSchema>

/** GET /api/share/:shareId/image.png?lang=: the card's language, Spanish unless asked. */
export const ShareImageQuerySchema = z.object({ lang: LanguageSchema.optional() })
