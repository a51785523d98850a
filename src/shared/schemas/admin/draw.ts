// The draw import (POST /api/admin/tournaments/:id/draw/preview and …/draw/import, a CSV or JSON
// file in the multipart field `file`) and its export (GET …/draw.csv): docs/product.md
// "Importing a draw", docs/decisions/140.
import { z } from 'zod'
import { PLAYER_CHANGES } from '#domain/draw/draw-plan'
import { DRAW_COLUMNS, DRAW_PROBLEM_CODES } from '#domain/draw/draw-rows'

/** The largest draw file accepted (a 16-pair draw is about 2 KB). */
export const DRAW_FILE_MAX_BYTES = 1024 * 1024

export const DrawColumnSchema = z.enum(DRAW_COLUMNS)

export const DrawProblemSchema = z.object({
  /** 1 = the first pair; null: the file as a whole. */
  row: z.number().int().nullable(),
  /** The header name of the cell; null: the row (or the file) as a whole. */
  column: DrawColumnSchema.nullable(),
  code: z.enum(DRAW_PROBLEM_CODES),
  /** The earlier row a repeated seed or player was first met in. */
  otherRow: z.number().int().optional(),
  /** Pairs in the file (pair_count), or pairs of the tournament not in it. */
  count: z.number().int().optional(),
})
export type DrawProblem = z.infer<typeof DrawProblemSchema>

const DrawPlayerOutcomeSchema = z.object({
  name: z.string(),
  country: z.string(),
  ranking: z.number().int().nullable(),
  externalId: z.string().nullable(),
  /** create: a new player; reuse: the stored one (with `changes` taken from the file). */
  action: z.enum(['create', 'reuse']),
  playerId: z.string().nullable(),
  changes: z.array(z.enum(PLAYER_CHANGES)),
})

export const DrawPreviewRowSchema = z.object({
  row: z.number().int(),
  /** The cells as the file has them, by header name, for the preview table. */
  cells: z.partialRecord(DrawColumnSchema, z.string()),
  seed: z.number().int().nullable(),
  player1: DrawPlayerOutcomeSchema,
  player2: DrawPlayerOutcomeSchema,
  pair: z.object({ action: z.enum(['create', 'reuse']), pairId: z.string().nullable() }),
  /** The round-of-16 match this row plays: rows 1 and 2 match 1, rows 3 and 4 match 2, … */
  matchNumber: z.number().int(),
})
export type DrawPreviewRow = z.infer<typeof DrawPreviewRowSchema>

export const DrawSummarySchema = z.object({
  playersCreated: z.number().int(),
  playersUpdated: z.number().int(),
  playersReused: z.number().int(),
  pairsCreated: z.number().int(),
  pairsReused: z.number().int(),
  round16Created: z.number().int(),
  round16Changed: z.number().int(),
  laterMatchesCreated: z.number().int(),
})
export type DrawSummary = z.infer<typeof DrawSummarySchema>

/** POST …/draw/preview: what an import of the file would do; nothing is written. */
export const DrawPreviewSchema = z.object({
  format: z.enum(['csv', 'json']),
  /** How the file's bytes were read: UTF-8 (with or without a BOM) or Windows-1252 (Latin-1). */
  encoding: z.enum(['utf-8', 'windows-1252']),
  rows: z.array(DrawPreviewRowSchema),
  problems: z.array(DrawProblemSchema),
  summary: DrawSummarySchema,
  /** The stored draw is already the file's: importing changes nothing. */
  isUnchanged: z.boolean(),
  /** Why the tournament's draw can no longer change (an import answers it as a 409), or null. */
  blockedBy: z
    .enum(['TOURNAMENT_SETTLED', 'TOURNAMENT_CANCELLED', 'DRAW_HAS_BETS', 'RESULTS_EXIST'])
    .nullable(),
  /** No problems and nothing blocks it: the import would be accepted. */
  canImport: z.boolean(),
})
export type DrawPreview = z.infer<typeof DrawPreviewSchema>

/** POST …/draw/import: what was written (nothing when the draw was already the file's). */
export const DrawImportResultSchema = z.object({
  changed: z.boolean(),
  summary: DrawSummarySchema,
})
export type DrawImportResult = z.infer<typeof DrawImportResultSchema>
