// Test data for the domain tests (imported only by *.test.ts files).

import fc from 'fast-check'
import {
  MATCHES_PER_ROUND,
  predictedMatchups,
  ROUND_ORDER,
  type MatchRef,
  type PickEntry,
  type Picks,
  type PlayerId,
  type PredictedMatch,
  type TeamId,
  type TeamRef,
} from './bracket'

export interface TestMatch extends MatchRef {
  readonly winnerTeamId: TeamId | null
}

export interface TestTournament {
  readonly matches: TestMatch[]
  readonly teams: TeamRef[]
}

export const ROUND_PREFIX = { round16: 'r16', quarterfinal: 'qf', semifinal: 'sf', final: 'final' }

/**
 * A well-formed bracket: teams t1…t16 with players p1a/p1b…; round16 match k is t(2k−1) v t(2k);
 * matches are r16-1…r16-8, qf-1…qf-4, sf-1, sf-2, final-1 with no teams after round16.
 */
export function makeTournament(): TestTournament {
  const teams: TeamRef[] = Array.from({ length: 16 }, (_, i) => ({
    id: `t${i + 1}`,
    player1Id: `p${i + 1}a`,
    player2Id: `p${i + 1}b`,
  }))
  const matches: TestMatch[] = ROUND_ORDER.flatMap((round) =>
    Array.from({ length: MATCHES_PER_ROUND[round] }, (_, i) => ({
      id: `${ROUND_PREFIX[round]}-${i + 1}`,
      round,
      matchNumber: i + 1,
      team1Id: round === 'round16' ? `t${2 * i + 1}` : null,
      team2Id: round === 'round16' ? `t${2 * i + 2}` : null,
      winnerTeamId: null,
    })),
  )
  return { matches, teams }
}

/**
 * Fills the bracket round by round; `choose` gets each match with its predicted participants
 * (the i-th playable match) and returns the winner.
 */
export function completePicks(
  matches: readonly MatchRef[],
  choose: (match: PredictedMatch, i: number) => TeamId | null = (match) => match.team1Id,
): Picks {
  let picks: Record<string, TeamId> = {}
  const count = predictedMatchups(matches, picks).length
  for (let i = 0; i < count; i += 1) {
    const match = predictedMatchups(matches, picks)[i]
    if (!match) break
    const winner = choose(match, i)
    if (winner !== null) picks = { ...picks, [match.matchId]: winner }
  }
  return picks
}

export function toEntries(picks: Picks): PickEntry[] {
  return Object.entries(picks).map(([matchId, winnerTeamId]) => ({ matchId, winnerTeamId }))
}

export function patchMatch(matches: readonly TestMatch[], id: string, patch: Partial<TestMatch>) {
  return matches.map((match) => (match.id === id ? { ...match, ...patch } : match))
}

export interface RandomBet {
  readonly tournament: TestTournament
  readonly picks: Picks
  readonly mvpPlayerId: PlayerId
  readonly championId: TeamId
}

/** A well-formed tournament with random ids and row order. */
export const tournamentArb: fc.Arbitrary<TestTournament> = fc
  .record({
    teamIds: fc.uniqueArray(fc.uuid(), { minLength: 16, maxLength: 16 }),
    playerIds: fc.uniqueArray(fc.uuid(), { minLength: 32, maxLength: 32 }),
    matchIds: fc.uniqueArray(fc.uuid(), { minLength: 15, maxLength: 15 }),
    order: fc.array(fc.nat(), { minLength: 15, maxLength: 15 }),
    swaps: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  })
  .map(({ teamIds, playerIds, matchIds, order, swaps }) => {
    const base = makeTournament()
    const teamId = (old: string | null) =>
      old === null ? null : teamIds[Number(old.slice(1)) - 1]!
    const teams = base.teams.map((team, i) => ({
      id: teamIds[i]!,
      player1Id: playerIds[2 * i]!,
      player2Id: playerIds[2 * i + 1]!,
    }))
    const matches = base.matches.map((match, i) => {
      const swap = match.round === 'round16' && swaps[match.matchNumber - 1]
      return {
        ...match,
        id: matchIds[i]!,
        team1Id: teamId(swap ? match.team2Id : match.team1Id),
        team2Id: teamId(swap ? match.team1Id : match.team2Id),
      }
    })
    const shuffled = matches
      .map((match, i) => ({ match, key: order[i] ?? 0 }))
      .sort((a, b) => a.key - b.key)
      .map(({ match }) => match)
    return { matches: shuffled, teams }
  })

/** A random tournament with a complete, consistent bet. */
export const randomBetArb: fc.Arbitrary<RandomBet> = fc
  .record({
    tournament: tournamentArb,
    choices: fc.array(fc.boolean(), { minLength: 15, maxLength: 15 }),
    mvpIsFirst: fc.boolean(),
  })
  .map(({ tournament, choices, mvpIsFirst }) => {
    const picks = completePicks(tournament.matches, (match, i) =>
      choices[i] ? match.team1Id : match.team2Id,
    )
    const championId = predictedMatchups(tournament.matches, picks).find(
      (match) => match.round === 'final',
    )!.winnerTeamId!
    const champion = tournament.teams.find((team) => team.id === championId)!
    const mvpPlayerId = mvpIsFirst ? champion.player1Id : champion.player2Id
    return { tournament, picks, mvpPlayerId, championId }
  })
