import { queryOptions, useQuery } from '@tanstack/react-query'
import type {
  AuditEntity,
  AuditList,
  GenerateBracketResult,
  WalletAdjustmentInput,
  WalletAdjustmentResult,
} from '#shared/schemas/admin'
import { api, unwrap, whenOnline } from '#web/lib/api-client'

/** POST /api/admin/wallets/:userId/adjustments (a replayed key answers the original result). */
export function adjustAdminWallet(
  userId: string,
  input: WalletAdjustmentInput,
): Promise<WalletAdjustmentResult> {
  return whenOnline(() =>
    unwrap(api.api.admin.wallets[':userId'].adjustments.$post({ param: { userId }, json: input })),
  )
}

/** GET /api/admin/audit: newest first, at most 200, optionally of one entity kind. */
export function getAdminAudit(entity?: AuditEntity): Promise<AuditList> {
  return unwrap(api.api.admin.audit.$get({ query: entity ? { entity } : {} }))
}

/** POST /api/admin/tournaments/:id/bracket: the 15 matches from the 16 pairs (409 otherwise). */
export function generateAdminBracket(id: string): Promise<GenerateBracketResult> {
  return unwrap(api.api.admin.tournaments[':id'].bracket.$post({ param: { id } }))
}

export const adminAuditQueryOptions = (entity?: AuditEntity) =>
  queryOptions({
    queryKey: ['admin', 'audit', entity ?? 'all'],
    queryFn: () => getAdminAudit(entity),
  })

export const useAdminAudit = (entity?: AuditEntity) => useQuery(adminAuditQueryOptions(entity))
