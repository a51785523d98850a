// Validation of a submitted bracket. The server rejects a bet with INVALID_BRACKET and these
// problems; the wizard uses the same rules, so it can never let through what the server refuses.

import {
  championOf,
  findTeam,
  indexBracket,
  pickOf,
  picksFromEntries,
  predictFromIndex,
  type BracketIndex,
  type MatchId,
  type MatchRef,
  type PickEntry,
  type PlayerId,
  type PredictedMatch,
  type Round,
  type TeamId,
  type Teams,
} from './bracket'

export type BracketProblem =
  /** The pick names a match that is not one of the tournament's. */
  | { readonly code: 'unknown_match'; readonly matchId: MatchId }
  /** The match was picked more than once (the first pick is the one checked). */
  | { readonly code: 'duplicate_pick'; readonly matchId: MatchId }
  /** The match exists but is not part of the playable bracket (e.g. a round16 match missing a team). */
  | { readonly code: 'unexpected_pick'; readonly matchId: MatchId }
  | {
      readonly code: 'missing_pick'
      readonly matchId: MatchId
      readonly round: Round
      readonly matchNumber: number
    }
  /** The pick is not one of the two pairs the user's own earlier picks put into this match. */
  | {
      readonly code: 'invalid_winner'
      readonly matchId: MatchId
      readonly round: Round
      readonly matchNumber: number
      readonly winnerTeamId: TeamId
      readonly allowed: readonly [TeamId | null, TeamId | null]
    }
  /** The tournament's matches cannot produce a champion, so no bracket can be complete. */
  | { readonly code: 'no_playable_final' }
  | { readonly code: 'missing_mvp' }
  /** The MVP is not one of the two players of the predicted champion pair. */
  | {
      readonly code: 'mvp_not_in_champion'
      readonly mvpPlayerId: PlayerId
      readonly championTeamId: TeamId
    }

export type BracketProblemCode = BracketProblem['code']

/**
 * Every problem of a submitted bracket, in a stable order: problems of the pick list as sent,
 * then each playable match in round order, then the MVP. Empty means the bet is valid. When the
 * final has no valid pick the champion is unknown and the MVP is not checked further: the
 * final's own problem already explains why.
 */
export function validateBracket(
  matches: readonly MatchRef[],
  picks: readonly PickEntry[],
  mvpPlayerId: PlayerId | null,
  teamsById: Teams,
): BracketProblem[] {
  return checkBracket(indexBracket(matches), picks, mvpPlayerId, teamsById).problems
}

export interface BracketCheck {
  /** As validateBracket. */
  readonly problems: BracketProblem[]
  /**
   * The playable matches with the pairs the accepted picks put into them: when there are no
   * problems, the bracket as submitted (predictedMatchups of the picks).
   */
  readonly predicted: PredictedMatch[]
}

/**
 * validateBracket on a bracket indexed once (a server validating many bets against one
 * tournament), also answering the predicted matchups it worked out on the way.
 */
export function checkBracket(
  index: BracketIndex,
  picks: readonly PickEntry[],
  mvpPlayerId: PlayerId | null,
  teamsById: Teams,
): BracketCheck {
  const problems: BracketProblem[] = []

  const seen = new Set<MatchId>()
  const accepted: PickEntry[] = []
  for (const entry of picks) {
    if (!index.byId.has(entry.matchId)) {
      problems.push({ code: 'unknown_match', matchId: entry.matchId })
    } else if (seen.has(entry.matchId)) {
      problems.push({ code: 'duplicate_pick', matchId: entry.matchId })
    } else if (!index.playableIds.has(entry.matchId)) {
      problems.push({ code: 'unexpected_pick', matchId: entry.matchId })
    } else {
      accepted.push(entry)
    }
    seen.add(entry.matchId)
  }

  const chosen = picksFromEntries(accepted)
  const predicted = predictFromIndex(index, chosen)
  for (const match of predicted) {
    const { matchId, round, matchNumber } = match
    const pick = pickOf(chosen, matchId)
    if (pick === undefined) {
      problems.push({ code: 'missing_pick', matchId, round, matchNumber })
    } else if (match.winnerTeamId === null) {
      const allowed = [match.team1Id, match.team2Id] as const
      problems.push({
        code: 'invalid_winner',
        matchId,
        round,
        matchNumber,
        winnerTeamId: pick,
        allowed,
      })
    }
  }

  if (!predicted.some((match) => match.round === 'final')) {
    problems.push({ code: 'no_playable_final' })
  }

  if (mvpPlayerId === null || mvpPlayerId === '') {
    problems.push({ code: 'missing_mvp' })
  } else {
    const championTeamId = championOf(predicted)
    if (championTeamId !== null) {
      const champion = findTeam(teamsById, championTeamId)
      if (champion?.player1Id !== mvpPlayerId && champion?.player2Id !== mvpPlayerId) {
        problems.push({ code: 'mvp_not_in_champion', mvpPlayerId, championTeamId })
      }
    }
  }

  return { problems, predicted }
}

export function isBracketValid(
  matches: readonly MatchRef[],
  picks: readonly PickEntry[],
  mvpPlayerId: PlayerId | null,
  teamsById: Teams,
): boolean {
  return validateBracket(matches, picks, mvpPlayerId, teamsById).length === 0
}

/** English text of a problem, for logs, API messages and tests (the UI translates the code). */
export function describeBracketProblem(problem: BracketProblem): string {
  switch (problem.code) {
    case 'unknown_match':
      return `Match ${problem.matchId} is not part of this tournament`
    case 'duplicate_pick':
      return `Match ${problem.matchId} is picked more than once`
    case 'unexpected_pick':
      return `Match ${problem.matchId} is not part of the playable bracket`
    case 'missing_pick':
      return `Missing pick for ${problem.round} match ${problem.matchNumber} (${problem.matchId})`
    case 'invalid_winner': {
      const allowed = problem.allowed.filter((team) => team !== null)
      const options = allowed.length > 0 ? allowed.join(' or ') : 'no pair yet'
      return (
        `Pick ${problem.winnerTeamId} for ${problem.round} match ${problem.matchNumber} ` +
        `(${problem.matchId}) is not one of the pairs your earlier picks put there: ${options}`
      )
    }
    case 'no_playable_final':
      return 'The tournament has no playable final, so no bracket can be completed'
    case 'missing_mvp':
      return 'No MVP chosen'
    case 'mvp_not_in_champion':
      return `MVP ${problem.mvpPlayerId} is not a player of the predicted champion ${problem.championTeamId}`
  }
}
