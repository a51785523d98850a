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
