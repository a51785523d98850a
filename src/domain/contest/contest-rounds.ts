// The rounds each contest predicts (docs/product.md, second chance): the main bracket the whole
// draw, the second chance the draw from the quarterfinals on (4 + 2 + 1 picks and the MVP). The
// bracket rules (bracket.ts) start a bracket at its earliest round, so a contest's matches are
// validated, scored and drawn by the same functions as the main bracket.
import { ROUND_ORDER, roundIndex, type MatchRef, type Round } from '#domain/bracket/bracket'

export type ContestName = 'main' | 'second_chance'

/** The first round a contest predicts. */
export const CONTEST_FIRST_ROUND: Readonly<Record<ContestName, Round>> = {
  main: 'round16',
  second_chance: 'quarterfinal',
}

/** The rounds a contest predicts, in order. */
export function contestRounds(contest: ContestName): readonly Round[] {
  return ROUND_ORDER.slice(roundIndex(CONTEST_FIRST_ROUND[contest]))
}

/** The tournament's matches a contest predicts (its rounds only, the order kept). */
export function contestMatches<M extends Pick<MatchRef, 'round'>>(
  matches: readonly M[],
  contest: ContestName,
): M[] {
  const first = roundIndex(CONTEST_FIRST_ROUND[contest])
  return matches.filter((match) => roundIndex(match.round) >= first)
}
