// The seasons endpoints (docs/product.md "Seasons"): the list, one season with its points rule, a page
// of its table (globally or narrowed to a league) and the caller's own season.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

export const seasonsQueryOptions = queryOptions({
  queryKey: queryKeys.seasons.list,
  queryFn: () => unwrap(api.api.seasons.$get()),
})

export function useSeasons() {
  return useQuery(seasonsQueryOptions)
}

export function useSeason(id: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.seasons.detail(id),
      queryFn: () => unwrap(api.api.seasons[':id'].$get({ param: { id } })),
    }),
  )
}

export function useSeasonStandings(id: string, page: number, pageSize: number, leagueId?: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.seasons.standings(id, page, pageSize, leagueId),
      queryFn: () =>
        unwrap(
          api.api.seasons[':id'].standings.$get({
            param: { id },
            query: {
              page: String(page),
              pageSize: String(pageSize),
              ...(leagueId ? { leagueId } : {}),
            },
          }),
        ),
      // The page on screen stays while the next one loads.
      placeholderData: keepPreviousData,
    }),
  )
}

export function useMySeason(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.seasons.mine(id ?? ''),
      queryFn: () => unwrap(api.api.seasons[':id'].me.$get({ param: { id: id ?? '' } })),
      enabled: id !== null,
    }),
  )
}

/** A fan's season card as anyone with its link sees it (no session needed). */
export function useSharedSeason(shareId: string) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.seasons.shared(shareId),
      queryFn: () => unwrap(api.api['season-share'][':shareId'].$get({ param: { shareId } })),
      retry: false,
    }),
  )
}
