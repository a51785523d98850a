import { queryOptions, useQuery } from '@tanstack/react-query'
import type { FanBracket, Popularity } from '#shared/schemas/brackets'
import type { Contest } from '#shared/schemas/contest'
import { api, ApiError, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

export function getFanBracket(
  tournamentId: string,
  username: string,
  contest: Contest = 'main',
): Promise<FanBracket> {
  return unwrap(
    api.api.tournaments[':id'].brackets[':username'].$get({
      param: { id: tournamentId, username },
      query: { contest },
    }),
  )
}

export function getPopularity(
  tournamentId: string,
  contest: Contest = 'main',
): Promise<Popularity> {
  return unwrap(
    api.api.tournaments[':id'].popularity.$get({ param: { id: tournamentId }, query: { contest } }),
  )
}

// A 404 is an answer (no such bracket, or not yet public), not a failure worth retrying.
const retryUnlessNotFound = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status === 404) && count < 2

export function fanBracketQueryOptions(
  tournamentId: string,
  username: string,
  contest: Contest = 'main',
) {
  return queryOptions({
    queryKey: queryKeys.brackets.fan(tournamentId, username, contest),
    queryFn: () => getFanBracket(tournamentId, username, contest),
    retry: retryUnlessNotFound,
  })
}

export function popularityQueryOptions(tournamentId: string, contest: Contest = 'main') {
  return queryOptions({
    queryKey: queryKeys.brackets.popularity(tournamentId, contest),
    queryFn: () => getPopularity(tournamentId, contest),
    retry: retryUnlessNotFound,
  })
}

/** A fan's bracket of a contest; `enabled` false while the username is not known yet. */
export function useFanBracket(
  tournamentId: string,
  username: string,
  { enabled = true, contest = 'main' }: { enabled?: boolean; contest?: Contest } = {},
) {
  return useQuery({ ...fanBracketQueryOptions(tournamentId, username, contest), enabled })
}

/** The People's Bracket; only asked for once betting has closed (it is 404 before). */
export function usePopularity(tournamentId: string, enabled: boolean, contest: Contest = 'main') {
  return useQuery({ ...popularityQueryOptions(tournamentId, contest), enabled })
}

/** Whether a query failed because there is nothing to show (404), as opposed to a failure. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}
