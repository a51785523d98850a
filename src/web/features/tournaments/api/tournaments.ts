import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { MyBet, PlaceBetInput } from '../../../../shared/schemas/bet'
import type {
  PrizePoolInfo,
  TournamentDetail,
  TournamentList,
} from '../../../../shared/schemas/tournament'
import { api, unwrap } from '../../../lib/api-client'
import { sessionQueryOptions } from '../../../lib/session'

export const tournamentKeys = {
  all: ['tournaments'] as const,
  list: () => [...tournamentKeys.all, 'list'] as const,
  detail: (id: string) => [...tournamentKeys.all, 'detail', id] as const,
  prizePool: (id: string) => [...tournamentKeys.all, 'prize-pool', id] as const,
  myBet: (id: string) => [...tournamentKeys.all, 'my-bet', id] as const,
}

export function getTournaments(): Promise<TournamentList> {
  return unwrap(api.api.tournaments.$get())
}

export function getTournament(id: string): Promise<TournamentDetail> {
  return unwrap(api.api.tournaments[':id'].$get({ param: { id } }))
}

export function getPrizePool(id: string): Promise<PrizePoolInfo> {
  return unwrap(api.api.tournaments[':id']['prize-pool'].$get({ param: { id } }))
}

export function getMyBet(id: string): Promise<MyBet> {
  return unwrap(api.api.tournaments[':id']['my-bet'].$get({ param: { id } }))
}

export function placeBet(id: string, input: PlaceBetInput) {
  return unwrap(api.api.tournaments[':id'].bets.$post({ param: { id }, json: input }))
}

export const tournamentsQueryOptions = queryOptions({
  queryKey: tournamentKeys.list(),
  queryFn: getTournaments,
})

export function tournamentQueryOptions(id: string) {
  return queryOptions({ queryKey: tournamentKeys.detail(id), queryFn: () => getTournament(id) })
}

export function prizePoolQueryOptions(id: string) {
  return queryOptions({ queryKey: tournamentKeys.prizePool(id), queryFn: () => getPrizePool(id) })
}

export function myBetQueryOptions(id: string) {
  return queryOptions({ queryKey: tournamentKeys.myBet(id), queryFn: () => getMyBet(id) })
}

export function useTournaments() {
  return useQuery(tournamentsQueryOptions)
}

export function useTournament(id: string) {
  return useQuery(tournamentQueryOptions(id))
}

export function usePrizePool(id: string, enabled: boolean) {
  return useQuery({ ...prizePoolQueryOptions(id), enabled })
}

export function useMyBet(id: string) {
  return useQuery(myBetQueryOptions(id))
}

/** The mutation only posts; the wizard reloads the data once its success message has shown. */
export function usePlaceBet(id: string) {
  return useMutation({ mutationFn: (input: PlaceBetInput) => placeBet(id, input) })
}

/** Reloads everything a bet changes: tournaments (pool, hasBet), my bet, and the balance. */
export function useReloadAfterBet() {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: tournamentKeys.all }),
      client.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
      client.invalidateQueries({ queryKey: ['me'] }),
    ])
}

export function getTournamentResults(id: string) {
  return unwrap(api.api.tournaments[':id'].results.$get({ param: { id } }))
}

export function getMyPerformance(id: string) {
  return unwrap(api.api.tournaments[':id']['my-performance'].$get({ param: { id } }))
}

/** Settlement results of a completed tournament (404 NOT_FOUND until settled). */
export function useTournamentResults(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...tournamentKeys.all, 'results', id],
    queryFn: () => getTournamentResults(id),
    enabled,
  })
}

/** The user's settled result; a failure or a 404 simply shows nothing (docs/product.md §8). */
export function useMyPerformance(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...tournamentKeys.all, 'my-performance', id],
    queryFn: () => getMyPerformance(id),
    enabled,
  })
}
