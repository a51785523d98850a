import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PlaceBetInput } from '../../../../shared/schemas/bet'
import { api, unwrap } from '../../../lib/api-client'
import { queryKeys, refreshAfterCoinsMoved } from '../../../lib/query-keys'

export function placeBet(tournamentId: string, input: PlaceBetInput) {
  return unwrap(api.api.tournaments[':id'].bets.$post({ param: { id: tournamentId }, json: input }))
}

/** The mutation only posts; the wizard reloads the data once its success message has shown. */
export function usePlaceBet(tournamentId: string) {
  return useMutation({ mutationFn: (input: PlaceBetInput) => placeBet(tournamentId, input) })
}

/**
 * Reloads everything a bet changes: the tournaments (pool, hasBet, my bet), and what the entry
 * fee moved: the balance, the fan's own figures and the leaderboard with "my position".
 */
export function useReloadAfterBet() {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.tournaments.all }),
      refreshAfterCoinsMoved(client),
    ])
}

/** After a refusal for funds: only the balance may have moved under the wizard. */
export function useRefreshBalance() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: queryKeys.session })
}
