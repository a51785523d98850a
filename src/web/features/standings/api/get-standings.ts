import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { Contest } from '#shared/schemas/contest'
import type { Standings } from '#shared/schemas/standings'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

/**
 * One page of a tournament's standings and the fan's own row (GET …/standings); with a league,
 * only its members are ranked (docs/product.md "Leagues"); with `q`, the fans whose name holds it.
 */
export function getStandings(
  id: string,
  page: number,
  pageSize: number,
  leagueId?: string,
  contest: Contest = 'main',
  q = '',
): Promise<Standings> {
  return unwrap(
    api.api.tournaments[':id'].standings.$get({
      param: { id },
      query: {
        page: String(page),
        pageSize: String(pageSize),
        contest,
        ...(leagueId ? { leagueId } : {}),
        ...(q ? { q } : {}),
      },
    }),
  )
}

export function useStandings(
  id: string,
  page: number,
  pageSize: number,
  leagueId?: string,
  contest: Contest = 'main',
  q = '',
) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.tournaments.standingsPage(id, page, pageSize, leagueId, contest, q),
      queryFn: () => getStandings(id, page, pageSize, leagueId, contest, q),
      // The page on screen stays while the next one (or a live update) loads.
      placeholderData: keepPreviousData,
    }),
  )
}
