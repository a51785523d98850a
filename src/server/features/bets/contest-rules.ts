// What differs between the two contests on the one bet path (docs/product.md "Second chance", decision 156):
// when a contest takes entries, its fee and the shape of its bracket. Everything else (the order
// of the refusals, the kept bracket and its retry, the batch, the answers) is the same code, in
// place-bet.service.ts.
import type { BracketCheck } from '#domain/bracket/validate-bracket'
import { checkBracket, describeBracketProblem } from '#domain/bracket/validate-bracket'
import { checkSecondChanceBracket, SECOND_CHANCE_PICK_COUNT } from '#domain/bracket/second-chance'
import { isBettingOpen } from '#domain/tournament/tournament'
import type { PlaceBetInput } from '#shared/schemas/bet'
import type { Contest } from '#shared/schemas/contest'
import type { StoredPick } from '#server/db/schema'
import { AppError } from '#server/errors'
import { isSecondChanceOpen } from '#server/game/second-chance-config'
import { entryFeeOf } from '#server/game/tournament-figures'
import type { BettingBracket } from './kept-brackets'

interface ContestRules {
  /** Taking entries at `now` by the server clock; place_bets decides again by the database's. */
  isOpen(bracket: BettingBracket, now: Date): boolean
  /** The entry fee; asked only of an open contest. */
  entryFee(bracket: BettingBracket): number
  /** The domain's problems with the bracket, each with its message. */
  check(bracket: BettingBracket, input: PlaceBetInput): DescribedCheck
}

interface DescribedCheck {
  problems: { code: string; message: string }[]
  predicted: BracketCheck['predicted']
}

function described({ problems, predicted }: BracketCheck): DescribedCheck {
  return {
    problems: problems.map((problem) => ({ ...problem, message: describeBracketProblem(problem) })),
    predicted,
  }
}

export const CONTEST_RULES: Record<Contest, ContestRules> = {
  main: {
    isOpen: ({ tournament }, now) =>
      isBettingOpen(tournament.status, tournament.bettingDeadline, now),
    entryFee: ({ tournament }) => entryFeeOf(tournament.prizePoolConfig),
    check: ({ index, teamRows }, { picks, mvpPlayerId }) =>
      described(checkBracket(index, picks, mvpPlayerId, teamRows)),
  },
  // 7 picks and the MVP, from the quarterfinals with their real pairs (decision 110).
  second_chance: {
    isOpen: ({ tournament, secondChance }, now) =>
      secondChance !== null && isSecondChanceOpen(secondChance, tournament.status, now),
    entryFee: ({ secondChance }) => secondChance?.entryFee ?? 0,
    check: ({ secondChanceIndex, teamRows }, { picks, mvpPlayerId }) => {
      const check = described(
        checkSecondChanceBracket(secondChanceIndex, picks, mvpPlayerId, teamRows),
      )
      // A well-formed bracket has 7 playable matches from the quarterfinals, so the domain's
      // problems already tell any other count; this holds for a malformed one too.
      if (picks.length !== SECOND_CHANCE_PICK_COUNT) {
        check.problems.push({
          code: 'pick_count',
          message: `A second chance has exactly ${SECOND_CHANCE_PICK_COUNT} picks, not ${picks.length}`,
        })
      }
      return check
    },
  },
}

/**
 * The picks as a bet stores them, with the pairs the fan's own picks put into each match
 * (docs/product.md "What is stored", decision 081), or 400 INVALID_BRACKET with details.problems.
 */
export function checkedPicks(
  contest: Contest,
  bracket: BettingBracket,
  input: PlaceBetInput,
): StoredPick[] {
  const { problems, predicted } = CONTEST_RULES[contest].check(bracket, input)
  if (problems.length > 0) throw new AppError('INVALID_BRACKET', undefined, { problems })
  return predicted.map((match) => ({
    match_id: match.matchId,
    team1_id: match.team1Id ?? '',
    team2_id: match.team2Id ?? '',
    predicted_winner_id: match.winnerTeamId ?? '',
  }))
}
