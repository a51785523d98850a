import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PlaceBetInput } from '#shared/schemas/bet'
import { api, unwrap, whenOnline } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

/** PUT /api/tournaments/:id/my-bet: the same body as placing; no coins move (docs/product.md "Changing a bracket and quick fill"). */
export function changeBracket(tournamentId: string, input: PlaceBetInput) {
  return whenOnline(() =>
    unwrap(api.api.tournaments[':id']['my-bet'].$put({ param: { id: tournamentId }, json: input })),
  )
}

export function useChangeBracket(tournamentId: string) {
  return useMutation({ mutationFn: (input: PlaceBetInput) => changeBracket(tournamentId, input) })
}

/** A change moves no coins: only the tournament's pages (my bet, my insight) are reloaded. */
export function useReloadAfterChange() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: queryKeys.tournaments.all })
}
