// /api/admin/seasons (docs/product.md "Seasons"): seasons and the tournaments they count. Every change
// refreshes the fans' season pages too, which share the 'seasons' prefix.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreateSeasonInput } from '#shared/schemas/season'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

export const adminSeasonsQueryOptions = queryOptions({
  queryKey: queryKeys.seasons.admin,
  queryFn: () => unwrap(api.api.admin.seasons.$get()),
})

export function useAdminSeasons() {
  return useQuery(adminSeasonsQueryOptions)
}

function useSeasonMutation<Input>(send: (input: Input) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.seasons.all }),
  })
}

export function useCreateSeason() {
  return useSeasonMutation((input: CreateSeasonInput) =>
    unwrap(api.api.admin.seasons.$post({ json: input })),
  )
}

export function useAddSeasonTournament(seasonId: string) {
  return useSeasonMutation((tournamentId: string) =>
    unwrap(
      api.api.admin.seasons[':id'].tournaments[':tournamentId'].$put({
        param: { id: seasonId, tournamentId },
      }),
    ),
  )
}

export function useRemoveSeasonTournament(seasonId: string) {
  return useSeasonMutation((tournamentId: string) =>
    unwrap(
      api.api.admin.seasons[':id'].tournaments[':tournamentId'].$delete({
        param: { id: seasonId, tournamentId },
      }),
    ),
  )
}
