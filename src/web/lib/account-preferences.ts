// The signed-in fan's preferences (GET|PUT /api/me/preferences, docs/decisions/100), here in lib/
// because two places change them: the profile's mail preferences and the language switch in the
// header, which keeps the account's language (the language of its mails) with the interface's.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Preferences, UpdatePreferences } from '#shared/schemas/preferences'
import { api, unwrap } from './api-client'
import { queryKeys } from './query-keys'

export const preferencesQueryOptions = queryOptions({
  queryKey: queryKeys.me.preferences,
  queryFn: () => unwrap(api.api.me.preferences.$get()),
})

export function usePreferences() {
  return useQuery(preferencesQueryOptions)
}

export function savePreferences(changes: UpdatePreferences): Promise<Preferences> {
  return unwrap(api.api.me.preferences.$put({ json: changes }))
}

/** Saves some preferences; the cache holds the answer, the whole set as the server has it. */
export function useSavePreferences() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => client.setQueryData(queryKeys.me.preferences, saved),
  })
}
