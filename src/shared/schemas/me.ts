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

/**
 * GET /api/session: who is signed in, asked once per page load. Always 200: `me` as GET /api/me
 * answers it, or null for a visitor (no error in the browser's console for an ordinary guest).
 */
export const SessionSchema = z.object({ me: MeSchema.nullable() })
export type SessionAnswer = z.infer<typeof SessionSchema>
