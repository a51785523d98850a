// Where two fans' brackets part ways (docs/product.md "Fans' brackets and the People's Bracket", compare): each match whose predicted
// winner differs, with both picks and the result once played, in the order of the draw.
import { ROUND_ORDER, type Round } from '#domain/bracket/bracket'
import type { BracketPick } from '#shared/schemas/brackets'

export interface BracketDifference {
  matchId: string
  round: Round
  matchNumber: number
  /** Each side's predicted winner; null when that bracket has no pick for the match. */
  mine: string | null
  theirs: string | null
  /** The match's winner, null until it is played. */
  winner: string | null
}

export function bracketDifferences(
  mine: readonly BracketPick[],
  theirs: readonly BracketPick[],
): BracketDifference[] {
  const theirsByMatch = new Map(theirs.map((pick) => [pick.matchId, pick]))
  const mineByMatch = new Map(mine.map((pick) => [pick.matchId, pick]))
  const matches = new Map<string, BracketPick>()
  for (const pick of [...mine, ...theirs])
    if (!matches.has(pick.matchId)) matches.set(pick.matchId, pick)
  const differences: BracketDifference[] = []
  for (const [matchId, pick] of matches) {
    const a = mineByMatch.get(matchId)?.predictedWinnerId ?? null
    const b = theirsByMatch.get(matchId)?.predictedWinnerId ?? null
    if (a === b) continue
    differences.push({
      matchId,
      round: pick.round,
      matchNumber: pick.matchNumber,
      mine: a,
      theirs: b,
      winner: pick.winnerTeamId,
    })
  }
  return differences.sort(
    (x, y) =>
      ROUND_ORDER.indexOf(x.round) - ROUND_ORDER.indexOf(y.round) || x.matchNumber - y.matchNumber,
  )
}

/** The pair a bracket predicts to win the final, or null without a final pick. */
export function championOf(picks: readonly BracketPick[]): string | null {
  return picks.find((pick) => pick.round === 'final')?.predictedWinnerId ?? null
}
