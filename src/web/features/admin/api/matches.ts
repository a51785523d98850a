import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminMatch, MatchInput } from '#shared/schemas/admin'
import type { ScheduleInput } from '#shared/schemas/schedule'
import { api, unwrap } from '#web/lib/api-client'

/** Newest first; every tournament's when tournamentId is ''. */
export function getAdminMatches(tournamentId: string): Promise<{ matches: AdminMatch[] }> {
  return unwrap(api.api.admin.matches.$get({ query: tournamentId === '' ? {} : { tournamentId } }))
}

export function getAdminMatch(id: string): Promise<AdminMatch> {
  return unwrap(api.api.admin.matches[':id'].$get({ param: { id } }))
}

export function createAdminMatch(input: MatchInput): Promise<AdminMatch> {
  return unwrap(api.api.admin.matches.$post({ json: input }))
}

export function updateAdminMatch(id: string, input: MatchInput): Promise<AdminMatch> {
  return unwrap(api.api.admin.matches[':id'].$put({ param: { id }, json: input }))
}

export const adminMatchesQueryOptions = (tournamentId: string) =>
  queryOptions({
    queryKey: ['admin', 'matches', { tournamentId }],
    queryFn: () => getAdminMatches(tournamentId),
  })

export const adminMatchQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'matches', id],
    queryFn: () => getAdminMatch(id),
    retry: false,
  })

export function useAdminMatches(tournamentId: string) {
  return useQuery(adminMatchesQueryOptions(tournamentId))
}

/** A round's (or any) start times and courts at once, all or none (docs/decisions/141). */
export function setAdminSchedule(
  tournamentId: string,
  input: ScheduleInput,
): Promise<{ matches: AdminMatch[] }> {
  return unwrap(
    api.api.admin.tournaments[':id'].schedule.$put({ param: { id: tournamentId }, json: input }),
  )
}
