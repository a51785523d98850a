import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TournamentList } from '#shared/schemas/tournament'
import { api, unwrap } from '../api-client'
import { queryKeys } from '../query-keys'

// The tournament list is read by two features (the list page and the dashboard), so it lives here.

export function getTournaments(): Promise<TournamentList> {
  return unwrap(api.api.tournaments.$get())
}

export const tournamentsQueryOptions = queryOptions({
  queryKey: queryKeys.tournaments.list,
  queryFn: getTournaments,
})

export function useTournaments() {
  return useQuery(tournamentsQueryOptions)
}
