// Can a tournament be settled (docs/product.md "Money")? Completed, a well-formed bracket whose 15 matches all
// have a winner that played in them, and an MVP.

import { bracketStructureProblems, type StructureProblem } from '#domain/bracket/bracket-structure'
import {
  feederMatchNumbers,
  indexBracket,
  previousRound,
  slotKey,
  type MatchId,
} from '#domain/bracket/bracket'
import type { MatchResult } from '#domain/scoring/scoring'
import type { TournamentStatus } from './tournament'

/** Every kind of problem settlementProblems reports, in the order it checks them. */
export const SETTLEMENT_PROBLEM_CODES = [
  'not_completed',
  'bracket_malformed',
  'missing_winner',
  'winner_not_in_match',
  'teams_not_from_feeders',
  'missing_mvp',
] as const
export type SettlementProblemCode = (typeof SETTLEMENT_PROBLEM_CODES)[number]

export function isSettlementProblemCode(code: string): code is SettlementProblemCode {
  return (SETTLEMENT_PROBLEM_CODES as readonly string[]).includes(code)
}

export type SettlementProblem =
  | { readonly code: 'not_completed'; readonly status: TournamentStatus }
  | { readonly code: 'bracket_malformed'; readonly problems: readonly StructureProblem[] }
  | { readonly code: 'missing_winner'; readonly matchId: MatchId }
  /** The winner is not one of the match's two teams (or the teams are not set). */
  | { readonly code: 'winner_not_in_match'; readonly matchId: MatchId }
  /** A later-round match's teams are not the winners of its two feeder matches. */
  | { readonly code: 'teams_not_from_feeders'; readonly matchId: MatchId }
  | { readonly code: 'missing_mvp' }

export interface SettlementInput {
  readonly status: TournamentStatus
  readonly matches: readonly MatchResult[]
  readonly mvpPlayerId: string | null
}

/**
 * Everything that stops settlement; empty means it may run. Scoring compares picks with the
 * winner of the same match, so the real bracket must follow the same progression as the
 * predicted one: a later match's teams (in either order) are the winners of its feeders.
 */
export function settlementProblems({
  status,
  matches,
  mvpPlayerId,
}: SettlementInput): SettlementProblem[] {
  const problems: SettlementProblem[] = []
  if (status !== 'completed') problems.push({ code: 'not_completed', status })

  const structure = bracketStructureProblems(matches)
  if (structure.length > 0) {
    problems.push({ code: 'bracket_malformed', problems: structure })
  } else {
    const { playable, bySlot } = indexBracket(matches)
    for (const match of playable) {
      const { id: matchId, winnerTeamId, team1Id, team2Id } = match
      if (winnerTeamId === null) {
        problems.push({ code: 'missing_winner', matchId })
      } else if (winnerTeamId !== team1Id && winnerTeamId !== team2Id) {
        problems.push({ code: 'winner_not_in_match', matchId })
      }
      const before = previousRound(match.round)
      if (before === null) continue
      const feederWinners = feederMatchNumbers(match.matchNumber).map(
        (n) => bySlot.get(slotKey(before, n))?.winnerTeamId ?? null,
      )
      const teams = [team1Id, team2Id]
      const fromFeeders =
        feederWinners.every((team) => team !== null && teams.includes(team)) &&
        feederWinners[0] !== feederWinners[1]
      if (!fromFeeders) problems.push({ code: 'teams_not_from_feeders', matchId })
    }
  }

  if (mvpPlayerId === null || mvpPlayerId === '') problems.push({ code: 'missing_mvp' })
  return problems
}

export function canSettle(input: SettlementInput): boolean {
  return settlementProblems(input).length === 0
}
