import { queryOptions, useQuery } from '@tanstack/react-query'
import type {
  AdminStats,
  AdminTournament,
  CancellationResult,
  SettlementPreview,
  SettlementResult,
  TournamentInput,
} from '../../../../shared/schemas/admin'
import { api, unwrap } from '../../../lib/api-client'

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

export function settleAdminTournament(id: string): Promise<SettlementResult> {
  return unwrap(api.api.admin.tournaments[':id'].settle.$post({ param: { id } }))
}

export function cancelAdminTournament(id: string): Promise<CancellationResult> {
  return unwrap(api.api.admin.tournaments[':id'].cancel.$post({ param: { id } }))
}
