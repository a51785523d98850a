import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminTeam, TeamInput } from '#shared/schemas/admin'
import { api, unwrap } from '#web/lib/api-client'

/** The pairs of one tournament, or of all when tournamentId is undefined. */
export function getAdminTeams(tournamentId?: string): Promise<{ teams: AdminTeam[] }> {
  return unwrap(
    api.api.admin.teams.$get({ query: tournamentId === undefined ? {} : { tournamentId } }),
  )
}

export function getAdminTeam(id: string): Promise<AdminTeam> {
  return unwrap(api.api.admin.teams[':id'].$get({ param: { id } }))
}

export function createAdminTeam(input: TeamInput): Promise<AdminTeam> {
  return unwrap(api.api.admin.teams.$post({ json: input }))
}

export function updateAdminTeam(id: string, input: TeamInput): Promise<AdminTeam> {
  return unwrap(api.api.admin.teams[':id'].$put({ param: { id }, json: input }))
}

export const adminTeamsQueryOptions = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'teams', { tournamentId }],
    queryFn: () => getAdminTeams(tournamentId),
  })

export const adminTeamQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'teams', id],
    queryFn: () => getAdminTeam(id),
    retry: false,
  })

/** The pairs of a tournament; nothing is asked until one is chosen (''). */
export function useAdminTeams(tournamentId: string) {
  return useQuery({ ...adminTeamsQueryOptions(tournamentId), enabled: tournamentId !== '' })
}
