import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MyBet } from '#shared/schemas/bet'
import type { PrizePoolInfo, TournamentDetail } from '#shared/schemas/tournament'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

export function getTournament(id: string): Promise<TournamentDetail> {
  return unwrap(api.api.tournaments[':id'].$get({ param: { id } }))
}

export function getPrizePool(id: string): Promise<PrizePoolInfo> {
  return unwrap(api.api.tournaments[':id']['prize-pool'].$get({ param: { id } }))
}

export function getMyBet(id: string): Promise<MyBet> {
  return unwrap(api.api.tournaments[':id']['my-bet'].$get({ param: { id } }))
}

export function tournamentQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.tournaments.detail(id),
    queryFn: () => getTournament(id),
  })
}

export function prizePoolQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.tournaments.prizePool(id),
    queryFn: () => getPrizePool(id),
  })
}

export function myBetQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.tournaments.myBet(id), queryFn: () => getMyBet(id) })
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

export function getTournamentResults(id: string) {
  return unwrap(api.api.tournaments[':id'].results.$get({ param: { id } }))
}

export function getMyPerformance(id: string) {
  return unwrap(api.api.tournaments[':id']['my-performance'].$get({ param: { id } }))
}

/** Settlement results of a completed tournament (404 NOT_FOUND until settled). */
export function useTournamentResults(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tournaments.results(id),
    queryFn: () => getTournamentResults(id),
    enabled,
  })
}

/** The user's settled result; a failure or a 404 simply shows nothing (docs/product.md "Errors"). */
export function useMyPerformance(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tournaments.myPerformance(id),
    queryFn: () => getMyPerformance(id),
    enabled,
  })
}
