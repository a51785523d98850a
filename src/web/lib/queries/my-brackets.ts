import { queryOptions, useQuery } from '@tanstack/react-query'
import type { MyBrackets } from '#shared/schemas/standings'
import { api, unwrap } from '../api-client'
import { queryKeys } from '../query-keys'

/** The fan's brackets with their live ranks (GET /api/me/brackets): dashboard and /my-brackets. */
export function getMyBrackets(): Promise<MyBrackets> {
  return unwrap(api.api.me.brackets.$get())
}

export const myBracketsQueryOptions = queryOptions({
  queryKey: queryKeys.me.brackets,
  queryFn: getMyBrackets,
})

export function useMyBrackets() {
  return useQuery(myBracketsQueryOptions)
}
