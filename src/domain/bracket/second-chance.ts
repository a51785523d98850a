// The second-chance bracket (docs/product.md "Second chance"): opened once the round of 16 is over, it
// predicts the quarterfinals (whose pairs are the real round-of-16 winners), the semifinals and
// the final as the fan's own quarterfinal picks lead, plus the MVP: 7 picks + MVP, scored out of
// 8. The main bracket's rules, restricted to the rounds from the quarterfinals. Pure.
import {
  indexBracket,
  MATCHES_PER_ROUND,
  slotKey,
  type BracketIndex,
  type MatchRef,
  type PickEntry,
  type PlayerId,
  type Round,
  type TeamId,
  type Teams,
} from './bracket'
import type { TournamentStatus } from '#domain/tournament/tournament'
import { checkBracket, type BracketCheck } from './validate-bracket'

/** The rounds a second-chance bracket predicts. */
export const SECOND_CHANCE_ROUNDS: readonly Round[] = ['quarterfinal', 'semifinal', 'final']

/** Match picks of a second-chance bracket (4 + 2 + 1); the MVP makes 8 predictions. */
export const SECOND_CHANCE_PICK_COUNT = 7

export interface MatchWithResult extends MatchRef {
  readonly winnerTeamId: TeamId | null
}

/** Every round-of-16 slot (1…8) holds one match and it has a winner. */
export function isRound16Complete(matches: readonly MatchWithResult[]): boolean {
  return missingRound16Results(matches) === 0
}

/** A quarterfinal has a result: the second chance takes no more entries (its picks would be known). */
export function hasQuarterfinalResult(matches: readonly MatchWithResult[]): boolean {
  return matches.some((match) => match.round === 'quarterfinal' && match.winnerTeamId !== null)
}

/** Why an admin may not open a tournament's second chance; the server refuses with the same code. */
export const SECOND_CHANCE_OPEN_PROBLEMS = [
  'TOURNAMENT_CANCELLED',
  'SECOND_CHANCE_EXISTS',
  'ROUND_OF_16_INCOMPLETE',
  'QUARTERFINAL_PLAYED',
] as const
export type SecondChanceOpenReason = (typeof SECOND_CHANCE_OPEN_PROBLEMS)[number]

export interface SecondChanceOpenProblem {
  readonly reason: SecondChanceOpenReason
  /** Round-of-16 slots still without a winner (ROUND_OF_16_INCOMPLETE), 0 otherwise. */
  readonly missingResults: number
}

/**
 * Why the second chance cannot open now, null when it can (docs/product.md "Second chance"): the one rule
 * behind both the admin's disabled button and the server's refusal, checked in this order. A
 * completed tournament has played its quarterfinals.
 */
export function secondChanceOpenProblem({
  status,
  hasSecondChance,
  matches,
}: {
  status: TournamentStatus
  hasSecondChance: boolean
  matches: readonly MatchWithResult[]
}): SecondChanceOpenProblem | null {
  const problem = (reason: SecondChanceOpenReason, missingResults = 0) => ({
    reason,
    missingResults,
  })
  if (status === 'cancelled') return problem('TOURNAMENT_CANCELLED')
  if (hasSecondChance) return problem('SECOND_CHANCE_EXISTS')
  const missing = missingRound16Results(matches)
  if (missing > 0) return problem('ROUND_OF_16_INCOMPLETE', missing)
  if (hasQuarterfinalResult(matches) || status === 'completed') {
    return problem('QUARTERFINAL_PLAYED')
  }
  return null
}

/** Round-of-16 slots (1…8) with no match or no winner yet. */
function missingRound16Results(matches: readonly MatchWithResult[]): number {
  const { bySlot } = indexBracket(matches)
  let missing = 0
  for (let n = 1; n <= MATCHES_PER_ROUND.round16; n += 1) {
    const match = bySlot.get(slotKey('round16', n)) as MatchWithResult | undefined
    if (!match || match.winnerTeamId === null) missing += 1
  }
  return missing
}

/** The tournament's matches as a second-chance bracket: the quarterfinals keep their real pairs. */
export function indexSecondChance<M extends MatchRef>(matches: readonly M[]): BracketIndex<M> {
  return indexBracket(matches, { firstRound: 'quarterfinal' })
}

/**
 * The problems of a second-chance bracket, as checkBracket's, on an index made by
 * indexSecondChance: a round-of-16 pick is an unexpected pick, a quarterfinal winner that is not
 * one of its real pairs an invalid winner, later picks must follow the fan's own picks, and the
 * MVP must play for the predicted champion.
 */
export function checkSecondChanceBracket(
  index: BracketIndex,
  picks: readonly PickEntry[],
  mvpPlayerId: PlayerId | null,
  teamsById: Teams,
): BracketCheck {
  return checkBracket(index, picks, mvpPlayerId, teamsById)
}
