import type { Pair } from '#shared/schemas/tournament'

export type PairsById = ReadonlyMap<string, Pair>

/** "Name One / Name Two", the way a pair is read out. */
export function pairName(pair: Pair | undefined): string {
  return pair ? `${pair.player1.name} / ${pair.player2.name}` : ''
}

/** The players' short names (whole surnames, set per player), for the bracket's small cards. */
export function pairShortName(pair: Pair | undefined): string {
  return pair ? `${pair.player1.shortName} / ${pair.player2.shortName}` : ''
}

/** The tournament's pairs by id, for every view that names the pairs of a match. */
export function pairsById(pairs: readonly Pair[]): PairsById {
  return new Map(pairs.map((pair) => [pair.id, pair]))
}
