// The admin API's accounts, money and records (users, wallets and adjustments, a bet's history,
// the audit log, the mail outbox), part of the Admin tag of the OpenAPI document (admin-routes.ts).
import {
  AdminTransactionListSchema,
  AdminUserListSchema,
  AdminWalletListSchema,
  AuditListSchema,
  AuditQuerySchema,
  UserListQuerySchema,
  WalletAdjustmentInputSchema,
  WalletAdjustmentResultSchema,
  WalletListQuerySchema,
} from '#shared/schemas/admin'
import { BetHistorySchema } from '#shared/schemas/bracket-change'
import { MailOutboxItemSchema, MailOutboxQuerySchema } from '#shared/schemas/mail-outbox'
import type { DocumentedRoute } from './documented-route'

export const ADMIN_ACCOUNT_ROUTES: DocumentedRoute[] = [
  {
    method: 'get',
    path: '/api/admin/users',
    summary: 'Users, searchable',
    access: 'admin',
    query: UserListQuerySchema,
    response: AdminUserListSchema,
  },
  {
    method: 'get',
    path: '/api/admin/users/:id/transactions',
    summary: "A user's coin movements",
    access: 'admin',
    response: AdminTransactionListSchema,
  },
  {
    method: 'get',
    path: '/api/admin/bets/:betId/history',
    summary: "A bet's versions",
    access: 'admin',
    response: BetHistorySchema,
  },
  {
    method: 'get',
    path: '/api/admin/wallets',
    summary: 'Wallets, a page at a time, searched by e-mail or username',
    access: 'admin',
    query: WalletListQuerySchema,
    response: AdminWalletListSchema,
  },
  {
    method: 'post',
    path: '/api/admin/wallets/:userId/adjustments',
    summary: 'Adjust a wallet (idempotent by key: a replay answers 200)',
    access: 'admin',
    body: WalletAdjustmentInputSchema,
    response: WalletAdjustmentResultSchema,
    status: 201,
    alsoAnswers: {
      status: 200,
      response: WalletAdjustmentResultSchema,
      description: 'The same key again: the first answer',
    },
    errors: ['CONFLICT', 'INSUFFICIENT_FUNDS'],
  },
  {
    method: 'get',
    path: '/api/admin/audit',
    summary: 'The audit log',
    access: 'admin',
    query: AuditQuerySchema,
    response: AuditListSchema,
  },
  {
    method: 'get',
    path: '/api/admin/mail-outbox',
    summary: 'The mail outbox',
    access: 'admin',
    query: MailOutboxQuerySchema,
    response: MailOutboxItemSchema.array(),
  },
  {
    method: 'post',
    path: '/api/admin/mail-outbox/:id/retry',
    summary: 'Send a failed mail again',
    access: 'admin',
    response: MailOutboxItemSchema,
    errors: ['CONFLICT'],
  },
]
