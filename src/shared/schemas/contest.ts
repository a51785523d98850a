// The contests of a tournament (docs/product.md, second chance): every tournament has its main
// bracket; a second-chance contest may be opened after the round of 16. Money rules hold per
// contest: one bet per fan per contest, its own pool, settled and refunded once.
import { z } from 'zod'

export const CONTESTS = ['main', 'second_chance'] as const
export const ContestSchema = z.enum(CONTESTS)
export type Contest = z.infer<typeof ContestSchema>

/** ?contest= on standings, popularity and insight: main by default; another value is a 400. */
export const ContestQuerySchema = z.object({ contest: ContestSchema.default('main') })
export type ContestQuery = z.infer<typeof ContestQuerySchema>
