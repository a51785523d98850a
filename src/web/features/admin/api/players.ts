import { queryOptions, useQuery } from '@tanstack/react-query'
import type { AdminPlayer, PlayerInput } from '#shared/schemas/admin'
import { api, unwrap } from '#web/lib/api-client'

/** Every player, ordered by name (GET /api/admin/players). */
export function getAdminPlayers(): Promise<{ players: AdminPlayer[] }> {
  return unwrap(api.api.admin.players.$get({ query: {} }))
}

export function getAdminPlayer(id: string): Promise<AdminPlayer> {
  return unwrap(api.api.admin.players[':id'].$get({ param: { id } }))
}

export function createAdminPlayer(input: PlayerInput): Promise<AdminPlayer> {
  return unwrap(api.api.admin.players.$post({ json: input }))
}

export function updateAdminPlayer(id: string, input: PlayerInput): Promise<AdminPlayer> {
  return unwrap(api.api.admin.players[':id'].$put({ param: { id }, json: input }))
}

export const adminPlayersQueryOptions = queryOptions({
  queryKey: ['admin', 'players'],
  queryFn: getAdminPlayers,
})

export const adminPlayerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'players', id],
    queryFn: () => getAdminPlayer(id),
    retry: false,
  })

export function useAdminPlayers() {
  return useQuery(adminPlayersQueryOptions)
}
