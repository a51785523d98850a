// Padel scores: a match is best of three sets, pair 1's games first. A set
// is won 6–0 … 6–4, 7–5 or 7–6; the third may instead be a match tiebreak, played to 10 and won by
// two (10–8, 11–9, …). The scores must name the same winner as the result itself.

export type SetScore = readonly [pair1Games: number, pair2Games: number]
export type Side = 'pair1' | 'pair2'

export const MATCH_TIEBREAK_POINTS = 10
/** A match tiebreak counts as one game in the total, so 6–0 6–0 and 7–6 6–7 7–6 bound it. */
export const FINAL_TOTAL_GAMES_MIN = 12
export const FINAL_TOTAL_GAMES_MAX = 39

export type SetScoresProblem =
  | { code: 'SET_COUNT'; sets: number }
  | { code: 'SET_SCORE'; set: number }
  | { code: 'SET_AFTER_MATCH_WON'; set: number }
  | { code: 'MATCH_NOT_FINISHED' }
  | { code: 'WINNER_DISAGREES'; winner: Side }

/** Who won one set, or null when the score is no finished set under the rules above. */
export function setWinner(score: SetScore, { thirdSet }: { thirdSet: boolean }): Side | null {
  const [a, b] = score
  if (![a, b].every((games) => Number.isInteger(games) && games >= 0)) return null
  const high = Math.max(a, b)
  const low = Math.min(a, b)
  const side: Side = a > b ? 'pair1' : 'pair2'
  if (isRegularSet(high, low)) return side
  if (thirdSet && isMatchTiebreak(high, low)) return side
  return null
}

function isRegularSet(high: number, low: number): boolean {
  return (high === 6 && low <= 4) || (high === 7 && (low === 5 || low === 6))
}

function isMatchTiebreak(high: number, low: number): boolean {
  if (high < MATCH_TIEBREAK_POINTS) return false
  // To 10 by two: 10–0 … 10–8, then only a two-point lead ends it (11–9, 12–10, …).
  return high === MATCH_TIEBREAK_POINTS ? low <= high - 2 : low === high - 2
}

/**
 * What is wrong with the set scores of a match whose result names `winner` (no problems: the
 * scores are a finished best-of-three match that `winner` won).
 */
export function setScoresProblems(sets: readonly SetScore[], winner: Side): SetScoresProblem[] {
  if (sets.length < 2 || sets.length > 3) return [{ code: 'SET_COUNT', sets: sets.length }]
  const won = { pair1: 0, pair2: 0 }
  for (const [index, score] of sets.entries()) {
    const set = index + 1
    if (won.pair1 === 2 || won.pair2 === 2) return [{ code: 'SET_AFTER_MATCH_WON', set }]
    const side = setWinner(score, { thirdSet: set === 3 })
    if (!side) return [{ code: 'SET_SCORE', set }]
    won[side] += 1
  }
  const matchWinner: Side | null = won.pair1 === 2 ? 'pair1' : won.pair2 === 2 ? 'pair2' : null
  if (!matchWinner) return [{ code: 'MATCH_NOT_FINISHED' }]
  return matchWinner === winner ? [] : [{ code: 'WINNER_DISAGREES', winner: matchWinner }]
}

/** Total games of a finished match, a match tiebreak counting as one game. */
export function totalGames(sets: readonly SetScore[]): number {
  return sets.reduce((sum, [a, b], index) => {
    const isTiebreak = index === 2 && Math.max(a, b) >= MATCH_TIEBREAK_POINTS
    return sum + (isTiebreak ? 1 : a + b)
  }, 0)
}

export function isFinalTotalGamesInRange(games: number): boolean {
  return Number.isInteger(games) && games >= FINAL_TOTAL_GAMES_MIN && games <= FINAL_TOTAL_GAMES_MAX
}

/**
 * How far a fan's tiebreaker lies from the final's total games; brackets without one (placed
 * before the field existed) sort after every bracket that has one.
 */
export function tiebreakerDistance(predicted: number | null, actual: number): number {
  return predicted === null ? Number.POSITIVE_INFINITY : Math.abs(predicted - actual)
}
