import type { Popularity } from '#shared/schemas/brackets'

/** Match id → the pair most brackets picked to win it (the "popular pick" mark). */
export function popularWinners(popularity: Popularity | undefined): ReadonlyMap<string, string> {
  const winners = new Map<string, string>()
  for (const slot of popularity?.slots ?? []) {
    const top = slot.winners[0]
    if (top) winners.set(slot.matchId, top.id)
  }
  return winners
}

/** Match id → the predicted winner, to compare two brackets. */
export function winnersByMatch(
  picks: readonly { matchId: string; predictedWinnerId: string }[],
): ReadonlyMap<string, string> {
  return new Map(picks.map((pick) => [pick.matchId, pick.predictedWinnerId]))
}

/** How many of `mine`'s picks differ from `theirs` (a match missing in one counts). */
export function countDifferences(
  mine: ReadonlyMap<string, string>,
  theirs: ReadonlyMap<string, string>,
): number {
  const matches = new Set([...mine.keys(), ...theirs.keys()])
  let differences = 0
  for (const match of matches) if (mine.get(match) !== theirs.get(match)) differences += 1
  return differences
}
