import { useQuery } from '@tanstack/react-query'
import type { MySecondChanceBet, SecondChance } from '#shared/schemas/second-chance'
import { api, unwrap } from '#web/lib/api-client'
import { queryKeys } from '#web/lib/query-keys'

export function getSecondChance(id: string): Promise<SecondChance> {
  return unwrap(api.api.tournaments[':id']['second-chance'].$get({ param: { id } }))
}

export function getMySecondChanceBet(id: string): Promise<MySecondChanceBet> {
  return unwrap(api.api.tournaments[':id']['second-chance']['my-bet'].$get({ param: { id } }))
}

/** The tournament's second chance: not_open with null figures when none was opened. */
export function useSecondChance(id: string) {
  return useQuery({
    queryKey: queryKeys.tournaments.secondChance(id),
    queryFn: () => getSecondChance(id),
  })
}

/** The signed-in fan's second-chance bracket, read once they have entered. */
export function useMySecondChanceBet(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tournaments.mySecondChanceBet(id),
    queryFn: () => getMySecondChanceBet(id),
    enabled,
  })
}
