import { z } from 'zod'

export const RoleSchema = z.enum(['user', 'admin'])
export type Role = z.infer<typeof RoleSchema>

/** GET /api/me: the signed-in user with role and wallet balance; 401 UNAUTHENTICATED otherwise. */
export const MeSchema = z.object({
  user: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    role: RoleSchema,
    createdAt: z.string(),
  }),
  balance: z.number().int().nonnegative(),
})
export type Me = z.infer<typeof MeSchema>

/** Why no daily top-up may be claimed now (decision 076). */
export const TopUpReasonSchema = z.enum(['no_open_tournament', 'can_afford', 'too_soon'])
export type TopUpReason = z.infer<typeof TopUpReasonSchema>

/** GET /api/me/top-up: whether the signed-in fan may claim the daily top-up now. */
export const TopUpStatusSchema = z.object({
  /** Coins a claim adds (DAILY_TOP_UP). */
  amount: z.number().int().positive(),
  eligible: z.boolean(),
  reason: TopUpReasonSchema.nullable(),
  /** When the next one may be claimed, for reason 'too_soon'. */
  nextAt: z.string().nullable(),
})
export type TopUpStatus = z.infer<typeof TopUpStatusSchema>

/** POST /api/me/top-up → 201; 409 TOP_UP_UNAVAILABLE with details { reason, nextAt } otherwise. */
export const TopUpResultSchema = z.object({
  amount: z.number().int().positive(),
  balance: z.number().int().nonnegative(),
  /** The earliest moment of the next top-up. */
  nextAt: z.string(),
})
export type TopUpResult = z.infer<typeof TopUpResultSchema>

/**
 * GET /api/session: who is signed in, asked once per page load. Always 200: `me` as GET /api/me
 * answers it, or null for a visitor (no error in the browser's console for an ordinary guest).
 */
export const SessionSchema = z.object({ me: MeSchema.nullable() })
export type SessionAnswer = z.infer<typeof SessionSchema>
