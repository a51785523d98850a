// The admin's users, wallets and adjustments, and the audit log.
import { z } from 'zod'
import { MAX_CREDIT } from '#domain/wallet/coin-limits'
import { TransactionSchema, TransactionTypeSchema } from '../transaction'

export const AdminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  /** Coins in the wallet (0 while an account has none). */
  balance: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminUser = z.infer<typeof AdminUserSchema>

/** GET /api/admin/users?search= : a part of the e-mail or username, any case. */
export const UserListQuerySchema = z.object({ search: z.string().trim().max(200).optional() })

/** GET /api/admin/users: newest first; `total` counts every account, `matched` the search's. */
export const AdminUserListSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  matched: z.number().int(),
})
export type AdminUserList = z.infer<typeof AdminUserListSchema>

export const AdminTransactionTypeSchema = TransactionTypeSchema

/** An admin sees a fan's ledger rows as the fan does. */
export const AdminTransactionSchema = TransactionSchema
export type AdminTransaction = z.infer<typeof AdminTransactionSchema>

/** GET /api/admin/users/:id/transactions: newest first. */
export const AdminTransactionListSchema = z.object({
  transactions: z.array(AdminTransactionSchema),
})
export type AdminTransactionList = z.infer<typeof AdminTransactionListSchema>

export const AdminWalletSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  balance: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminWallet = z.infer<typeof AdminWalletSchema>

export const ADMIN_WALLETS_PAGE_SIZE = 25

/**
 * GET /api/admin/wallets?search=&page= : `search` a part of the e-mail or username, any case;
 * `page` from 1. Anything else is 400.
 */
export const WalletListQuerySchema = z.object({
  search: z.string().trim().max(200).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export type WalletListQuery = z.infer<typeof WalletListQuerySchema>

/**
 * GET /api/admin/wallets: by e-mail, a page of ADMIN_WALLETS_PAGE_SIZE; `total` counts every
 * wallet, `matched` the search's (the pager's last page is ceil(matched / pageSize)).
 */
export const AdminWalletListSchema = z.object({
  wallets: z.array(AdminWalletSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  matched: z.number().int(),
})
export type AdminWalletList = z.infer<typeof AdminWalletListSchema>

export const WalletAdjustmentInputSchema = z.object({
  type: z.enum(['deposit', 'withdrawal']),
  amount: z
    .number({ error: 'Amount must be greater than 0' })
    .int('Amount must be a whole number')
    .min(1, 'Amount must be greater than 0')
    .max(MAX_CREDIT, 'Amount is too large'),
  reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(500),
  /** The same key never applies twice: a retry returns the original result. */
  idempotencyKey: z.string().trim().min(8).max(200),
})
export type WalletAdjustmentInput = z.infer<typeof WalletAdjustmentInputSchema>

/** POST /api/admin/wallets/:userId/adjustments → 201 (200 when the key was already applied). */
export const WalletAdjustmentResultSchema = z.object({
  transactionId: z.string(),
  userId: z.string(),
  type: z.enum(['deposit', 'withdrawal']),
  /** Signed, as in the ledger: a withdrawal is negative. */
  amount: z.number().int(),
  balance: z.number().int(),
  isReplay: z.boolean(),
})
export type WalletAdjustmentResult = z.infer<typeof WalletAdjustmentResultSchema>

// ——— audit log ———

export const AuditEntitySchema = z.enum([
  'tournament',
  'player',
  'team',
  'match',
  'wallet',
  'settlement',
  'mail',
  'season',
])
export type AuditEntity = z.infer<typeof AuditEntitySchema>

export const AuditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string(),
  at: z.string(),
  action: z.string(),
  entity: AuditEntitySchema,
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

/** GET /api/admin/audit?entity=&entityId= : newest first, at most 200. */
export const AuditListSchema = z.object({ entries: z.array(AuditEntrySchema) })
export type AuditList = z.infer<typeof AuditListSchema>

export const AuditQuerySchema = z.object({
  entity: AuditEntitySchema.optional(),
  entityId: z.string().trim().optional(),
})
