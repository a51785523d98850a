// A league's pot on one tournament (docs/product.md "Leagues", "League pots"): read it, set the stake
// (owner), join it (a member; the stake leaves the wallet, so the balance is refreshed too).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { LeaguePot } from '#shared/schemas/league-pot'
import { api, ApiError, unwrap, whenOnline } from '#web/lib/api-client'
import { queryKeys, refreshAfterCoinsMoved } from '#web/lib/query-keys'

const potKey = (leagueId: string, tournamentId: string) =>
  [...queryKeys.leagues.all, 'pot', leagueId, tournamentId] as const

/** The pot, or null while the owner has set none (the API's 404). */
async function readPot(leagueId: string, tournamentId: string): Promise<LeaguePot | null> {
  try {
    return await unwrap(
      api.api.leagues[':id'].pots[':tournamentId'].$get({ param: { id: leagueId, tournamentId } }),
    )
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export function useLeaguePot(leagueId: string, tournamentId: string) {
  return useQuery(
    queryOptions({
      queryKey: potKey(leagueId, tournamentId),
      queryFn: () => readPot(leagueId, tournamentId),
    }),
  )
}

export function useSetPotStake(leagueId: string, tournamentId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (stake: number) =>
      unwrap(
        api.api.leagues[':id'].pots[':tournamentId'].$put({
          param: { id: leagueId, tournamentId },
          json: { stake },
        }),
      ),
    onSuccess: (pot) => client.setQueryData(potKey(leagueId, tournamentId), pot),
  })
}

export function useJoinPot(leagueId: string, tournamentId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      // Coins move: refused at once while offline, never queued.
      whenOnline(() =>
        unwrap(
          api.api.leagues[':id'].pots[':tournamentId'].join.$post({
            param: { id: leagueId, tournamentId },
          }),
        ),
      ),
    onSuccess: async (pot) => {
      client.setQueryData(potKey(leagueId, tournamentId), pot)
      await refreshAfterCoinsMoved(client)
    },
  })
}
