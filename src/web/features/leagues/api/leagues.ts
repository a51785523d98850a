// The league endpoints (docs/product.md "Leagues"). Plain requests typed by the wire contract
// (src/shared/schemas/league.ts), read through unwrap like every other call, so an error answer
// becomes an ApiError with its code and reason.
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import type { ClientResponse } from 'hono/client'
import type {
  CreateLeagueInput,
  JoinLeagueInput,
  LeagueDetail,
  LeagueInvite,
  LeagueInvitePreview,
  LeagueList,
  LeagueMemberPage,
  LeagueSummary,
  NudgeResult,
  UpdateLeagueInput,
} from '#shared/schemas/league'
import { ApiError, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (cause) {
    throw new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : 'Network error')
  }
  // Leave, remove and delete answer 204 with no body: success with nothing to read.
  if (response.status === 204) return undefined as T
  const answer = Promise.resolve(response) as unknown as Promise<ClientResponse<T, 200, 'json'>>
  return (await unwrap(answer)) as T
}

/** GET /api/leagues/:id/members: page, q, and tournamentId with entry ('entered' | 'missing'). */
export type MembersQuery = Record<string, string>

const leaguePath = (id: string) => `/api/leagues/${encodeURIComponent(id)}`

export const leaguesApi = {
  mine: () => request<LeagueList>('GET', '/api/leagues'),
  searchPublic: (q: string, page: number) =>
    request<LeagueList>(
      'GET',
      `/api/leagues/public?${new URLSearchParams({ q, page: String(page) }).toString()}`,
    ),
  detail: (id: string) => request<LeagueDetail>('GET', leaguePath(id)),
  members: (id: string, query: MembersQuery) =>
    request<LeagueMemberPage>(
      'GET',
      `${leaguePath(id)}/members?${new URLSearchParams(query).toString()}`,
    ),
  invitePreview: (code: string) =>
    request<LeagueInvitePreview>('GET', `/api/leagues/invites/${encodeURIComponent(code)}`),
  create: (input: CreateLeagueInput) => request<LeagueSummary>('POST', '/api/leagues', input),
  join: (input: JoinLeagueInput) => request<LeagueSummary>('POST', '/api/leagues/join', input),
  update: (id: string, input: UpdateLeagueInput) =>
    request<unknown>('PATCH', leaguePath(id), input),
  renewInvite: (id: string) => request<LeagueInvite>('POST', `${leaguePath(id)}/invite`),
  removeMember: (id: string, userId: string) =>
    request<unknown>('DELETE', `${leaguePath(id)}/members/${encodeURIComponent(userId)}`),
  leave: (id: string) => request<unknown>('POST', `${leaguePath(id)}/leave`),
  remove: (id: string) => request<unknown>('DELETE', leaguePath(id)),
  nudge: (id: string, tournamentId: string) =>
    request<NudgeResult>('POST', `${leaguePath(id)}/nudge`, { tournamentId }),
}

export function useMyLeagues() {
  return useQuery({ queryKey: queryKeys.leagues.mine, queryFn: leaguesApi.mine })
}

export function usePublicLeagues(q: string, page: number) {
  return useQuery({
    queryKey: queryKeys.leagues.publicSearch(q, page),
    queryFn: () => leaguesApi.searchPublic(q, page),
    placeholderData: keepPreviousData,
  })
}

export function useLeague(id: string) {
  return useQuery({ queryKey: queryKeys.leagues.detail(id), queryFn: () => leaguesApi.detail(id) })
}

/** One page of a league's members; the previous page stays on screen while the next loads. */
export function useLeagueMembers(id: string, query: MembersQuery) {
  return useQuery({
    queryKey: queryKeys.leagues.members(id, query),
    queryFn: () => leaguesApi.members(id, query),
    placeholderData: keepPreviousData,
  })
}

export function useInvitePreview(code: string, isSignedIn: boolean) {
  return useQuery({
    // isMember depends on who asks: a sign-in changes the answer.
    queryKey: [...queryKeys.leagues.invite(code), isSignedIn],
    queryFn: () => leaguesApi.invitePreview(code),
    retry: false,
  })
}

/** Every league figure: lists, pages, previews, and the standings a league filter narrows. */
function refreshLeagues(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.leagues.all }),
    client.invalidateQueries({ queryKey: queryKeys.tournaments.all }),
  ])
}

/**
 * A league mutation that refreshes every league figure once it succeeds. `andThen` runs first,
 * whatever is on screen: leaving or deleting a league makes its page a 404 on the refresh, which
 * unmounts the button whose own onSuccess would have moved the fan on.
 */
export function useLeagueMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  andThen?: (output: Output, input: Input) => void,
) {
  const client = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (output, input) => {
      andThen?.(output, input)
      return refreshLeagues(client)
    },
  })
}
