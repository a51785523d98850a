import { useQuery } from '@tanstack/react-query'
import type { BetHistory } from '#shared/schemas/bracket-change'
import { api, unwrap } from '#web/lib/api-client'

/** GET /api/admin/bets/:betId/history: every version of a bracket (docs/product.md "Changing a bracket and quick fill"). */
export function getBetHistory(betId: string): Promise<BetHistory> {
  return unwrap(api.api.admin.bets[':betId'].history.$get({ param: { betId } }))
}

export const useBetHistory = (betId: string) =>
  useQuery({ queryKey: ['admin', 'bets', betId, 'history'], queryFn: () => getBetHistory(betId) })
