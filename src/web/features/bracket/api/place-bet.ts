import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PlaceBetInput } from '#shared/schemas/bet'
import type { Contest } from '#shared/schemas/contest'
import { api, unwrap, whenOnline } from '#web/lib/api-client'
import { queryKeys, refreshAfterCoinsMoved } from '#web/lib/query-keys'

export function placeBet(tournamentId: string, input: PlaceBetInput) {
  return whenOnline(() =>
    unwrap(api.api.tournaments[':id'].bets.$post({ param: { id: tournamentId }, json: input })),
  )
}

/** The second chance's entry: 7 picks + the MVP (+ the tiebreaker), paid from its own fee. */
export function placeSecondChanceBet(tournamentId: string, input: PlaceBetInput) {
  return whenOnline(() =>
    unwrap(
      api.api.tournaments[':id']['second-chance'].bets.$post({
        param: { id: tournamentId },
        json: input,
      }),
    ),
  )
}

/** The mutation only posts; the wizard reloads the data once its success message has shown. */
export function usePlaceBet(tournamentId: string, contest: Contest = 'main') {
  return useMutation({
    mutationFn: (input: PlaceBetInput) =>
      contest === 'main'
        ? placeBet(tournamentId, input)
        : placeSecondChanceBet(tournamentId, input),
  })
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
