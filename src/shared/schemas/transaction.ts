import { z } from 'zod'
import { TRANSACTION_TYPES } from '#domain/wallet/transactions'
import { TierKeySchema } from './tournament'

/** The domain's list: one source for the API, the database enum and the ledger module. */
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES)
export type TransactionTypeName = z.infer<typeof TransactionTypeSchema>

export const TRANSACTIONS_MAX_PAGE_SIZE = 100
export const TRANSACTIONS_DEFAULT_PAGE_SIZE = 20

/** GET /api/me/transactions?page=&pageSize= — page from 1; a pageSize above 100 is capped. */
export const TransactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(TRANSACTIONS_DEFAULT_PAGE_SIZE)
    .transform((size) => Math.min(size, TRANSACTIONS_MAX_PAGE_SIZE)),
})
export type TransactionsQuery = z.infer<typeof TransactionsQuerySchema>

/**
 * Where a fan's ledger row came from, when its type alone does not say: the daily top-up, an
 * admin's adjustment (whose typed reason the fan is not shown), a league pot's movement.
 */
export const TransactionSourceSchema = z.enum(['top_up', 'adjustment', 'league_pot'])
export type TransactionSource = z.infer<typeof TransactionSourceSchema>

/**
 * One row of a wallet's history: a ledger row, or a loss recorded on its bet alone (type bet_lost,
 * 0 coins, the bet's id, docs/decisions/078). Amount is signed (credits > 0, debits < 0, bet_lost 0).
 */
export const TransactionSchema = z.object({
  id: z.string(),
  type: TransactionTypeSchema,
  amount: z.number().int(),
  /**
   * As stored, in English; the web writes the row from type, source, tournamentName, leagueName
   * and tier. Empty for an admin's adjustment: its reason was written for the audit, not the fan.
   */
  description: z.string(),
  relatedBetId: z.string().nullable(),
  /** The tournament of a bet row (its current name); null for other rows. */
  tournamentName: z.string().nullable(),
  /** The tier a bet_won row paid; null for other rows. */
  tier: TierKeySchema.nullable(),
  source: TransactionSourceSchema.nullable(),
  /** The league of a league_pot row (its current name); null for other rows. */
  leagueName: z.string().nullable(),
  createdAt: z.string(),
})
export type Transaction = z.infer<typeof TransactionSchema>

/** Newest first. `total` counts every row of the history (ledger rows and losses without one). */
export const TransactionPageSchema = z.object({
  items: z.array(TransactionSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().nonnegative(),
})
export type TransactionPage = z.infer<typeof TransactionPageSchema>
