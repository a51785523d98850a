// Is a tournament's set of matches a well-formed 15-match bracket? The bracket rules tolerate
// malformed data (they skip what cannot be played); this says what an admin should fix.

import {
  isRound,
  MATCHES_PER_ROUND,
  ROUND_ORDER,
  slotKey,
  type MatchId,
  type MatchRef,
  type Round,
  type TeamId,
} from './bracket'

export type StructureProblem =
  | { readonly code: 'unknown_round'; readonly matchId: MatchId }
  | {
      readonly code: 'match_number_out_of_range'
      readonly matchId: MatchId
      readonly round: Round
      readonly matchNumber: number
    }
  | {
      readonly code: 'duplicate_match'
      readonly round: Round
      readonly matchNumber: number
      readonly matchIds: readonly MatchId[]
    }
  | { readonly code: 'missing_match'; readonly round: Round; readonly matchNumber: number }
  /** A round16 match without both pairs (it is skipped by the bracket rules). */
  | { readonly code: 'missing_team'; readonly matchId: MatchId; readonly matchNumber: number }
  | { readonly code: 'same_team_twice'; readonly matchId: MatchId }
  /** A pair that appears in more than one round16 match. */
  | {
      readonly code: 'team_in_several_matches'
      readonly teamId: TeamId
      readonly matchIds: readonly MatchId[]
    }

/** Problems in a stable order; empty means all 15 slots are filled once and round16 is sound. */
export function bracketStructureProblems(matches: readonly MatchRef[]): StructureProblem[] {
  const problems: StructureProblem[] = []
  const claims = new Map<string, MatchRef[]>()
  const round16ByTeam = new Map<TeamId, MatchId[]>()

  for (const match of matches) {
    if (!isRound(match.round)) {
      problems.push({ code: 'unknown_round', matchId: match.id })
      continue
    }
    const { round, matchNumber } = match
    if (
      !Number.isInteger(matchNumber) ||
      matchNumber < 1 ||
      matchNumber > MATCHES_PER_ROUND[round]
    ) {
      problems.push({ code: 'match_number_out_of_range', matchId: match.id, round, matchNumber })
      continue
    }
    const key = slotKey(round, matchNumber)
    claims.set(key, [...(claims.get(key) ?? []), match])
    if (match.team1Id !== null && match.team1Id === match.team2Id) {
      problems.push({ code: 'same_team_twice', matchId: match.id })
    }
    if (round === 'round16') {
      if (match.team1Id === null || match.team2Id === null) {
        problems.push({ code: 'missing_team', matchId: match.id, matchNumber })
      }
      for (const teamId of new Set([match.team1Id, match.team2Id])) {
        if (teamId === null) continue
        round16ByTeam.set(teamId, [...(round16ByTeam.get(teamId) ?? []), match.id])
      }
    }
  }

  for (const round of ROUND_ORDER) {
    for (let matchNumber = 1; matchNumber <= MATCHES_PER_ROUND[round]; matchNumber += 1) {
      const rows = claims.get(slotKey(round, matchNumber)) ?? []
      if (rows.length === 0) problems.push({ code: 'missing_match', round, matchNumber })
      if (rows.length > 1) {
        problems.push({
          code: 'duplicate_match',
          round,
          matchNumber,
          matchIds: rows.map((row) => row.id),
        })
      }
    }
  }

  for (const [teamId, matchIds] of round16ByTeam) {
    if (matchIds.length > 1) problems.push({ code: 'team_in_several_matches', teamId, matchIds })
  }

  return problems
}

export function isWellFormedBracket(matches: readonly MatchRef[]): boolean {
  return bracketStructureProblems(matches).length === 0
}

/**
 * Round-of-16 draw by seed, so that the two best pairs can only meet in the final:
 * match 1 is 1 v 16, match 2 is 8 v 9, … (quarterfinal n takes the winners of 2n−1 and 2n).
 */
export const ROUND16_DRAW: readonly (readonly [number, number])[] = [
  [1, 16],
  [8, 9],
  [5, 12],
  [4, 13],
  [6, 11],
  [3, 14],
  [7, 10],
  [2, 15],
]
