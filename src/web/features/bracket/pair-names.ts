import type { Pair } from '../../../shared/schemas/tournament'

export type PairsById = ReadonlyMap<string, Pair>

/** "Name One / Name Two", the way a pair is read out. */
export function pairName(pair: Pair | undefined): string {
  return pair ? `${pair.player1.name} / ${pair.player2.name}` : ''
}

/** The players' last names only, for the small cards of the bracket. */
export function pairShortName(pair: Pair | undefined): string {
  if (!pair) return ''
  const last = (name: string) => name.trim().split(/\s+/).at(-1) ?? name
  return `${last(pair.player1.name)} / ${last(pair.player2.name)}`
}
