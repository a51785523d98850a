import { z } from 'zod'

/** Live figures for the landing page's stats strip (GET /api/stats). */
export const PublicStatsSchema = z.object({
  players: z.number().int().nonnegative(),
  tournaments: z.number().int().nonnegative(),
  predictions: z.number().int().nonnegative(),
})
export type PublicStats = z.infer<typeof PublicStatsSchema>
