import { queryOptions, useQuery } from '@tanstack/react-query'
import type {
  AdminStats,
  AdminTournament,
  CancellationResult,
  SettlementPreview,
  SettlementProgress,
  SettlementResult,
  TournamentInput,
} from '#shared/schemas/admin'
import type { OpenSecondChanceInput, SecondChance } from '#shared/schemas/second-chance'
import { api, unwrap, whenOnline } from '#web/lib/api-client'

/** Newest start first (GET /api/admin/tournaments). */
export function getAdminTournaments(): Promise<{ tournaments: AdminTournament[] }> {
  return unwrap(api.api.admin.tournaments.$get())
}

export function getAdminTournament(id: string): Promise<AdminTournament> {
  return unwrap(api.api.admin.tournaments[':id'].$get({ param: { id } }))
}

export function createAdminTournament(input: TournamentInput): Promise<AdminTournament> {
  return unwrap(api.api.admin.tournaments.$post({ json: input }))
}

export function updateAdminTournament(
  id: string,
  input: TournamentInput,
): Promise<AdminTournament> {
  return unwrap(api.api.admin.tournaments[':id'].$put({ param: { id }, json: input }))
}

export function setTournamentMvp(id: string, playerId: string) {
  return unwrap(api.api.admin.tournaments[':id'].mvp.$post({ param: { id }, json: { playerId } }))
}

export function getAdminStats(): Promise<AdminStats> {
  return unwrap(api.api.admin.stats.$get())
}

export const adminTournamentsQueryOptions = queryOptions({
  queryKey: ['admin', 'tournaments'],
  queryFn: getAdminTournaments,
})

export const adminTournamentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'tournaments', id],
    queryFn: () => getAdminTournament(id),
    retry: false,
  })

export const adminStatsQueryOptions = queryOptions({
  queryKey: ['admin', 'stats'],
  queryFn: getAdminStats,
})

export function useAdminTournaments() {
  return useQuery(adminTournamentsQueryOptions)
}

export function getSettlementPreview(id: string): Promise<SettlementPreview> {
  return unwrap(api.api.admin.tournaments[':id']['settlement-preview'].$get({ param: { id } }))
}

/** Finished within the server's short wait (200), or still paying in the background (202). */
export type SettleOutcome =
  | { isFinished: true; result: SettlementResult }
  | { isFinished: false; progress: SettlementProgress }

/** POST /api/admin/tournaments/:id/settle: starts or resumes the settlement (decision 056). */
export function settleAdminTournament(id: string): Promise<SettleOutcome> {
  return whenOnline(async () => {
    const call = api.api.admin.tournaments[':id'].settle.$post({ param: { id } })
    const response = await call.catch(() => undefined)
    if (response?.status === 202) return { isFinished: false, progress: await response.json() }
    // Errors, network failures included, become ApiErrors there.
    return { isFinished: true, result: await unwrap(call) }
  })
}

/** GET /api/admin/tournaments/:id/settlement */
export function getSettlementProgress(id: string): Promise<SettlementProgress> {
  return unwrap(api.api.admin.tournaments[':id'].settlement.$get({ param: { id } }))
}

const SETTLEMENT_POLL_MS = 1_000

/** Polled every second while the settlement runs; no more once it completed or stopped. */
export const settlementProgressQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'tournaments', id, 'settlement'],
    queryFn: () => getSettlementProgress(id),
    refetchInterval: (query) => {
      const state = query.state.data?.state
      return state === undefined || state === 'in_progress' ? SETTLEMENT_POLL_MS : false
    },
  })

export const useSettlementProgress = (id: string) => useQuery(settlementProgressQueryOptions(id))

export function cancelAdminTournament(id: string): Promise<CancellationResult> {
  return whenOnline(() => unwrap(api.api.admin.tournaments[':id'].cancel.$post({ param: { id } })))
}

/** POST /api/admin/tournaments/:id/second-chance (docs/product.md "Second chance"). */
export function openSecondChance(id: string, json: OpenSecondChanceInput): Promise<SecondChance> {
  return unwrap(api.api.admin.tournaments[':id']['second-chance'].$post({ param: { id }, json }))
}
