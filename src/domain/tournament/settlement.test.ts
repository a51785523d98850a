import { describe, expect, expectTypeOf, it } from 'vitest'
import { predictedMatchups } from '#domain/bracket/bracket'
import {
  completePicks,
  makeTournament,
  patchMatch,
  type TestMatch,
} from '#domain/bracket/bracket-fixtures'
import {
  canSettle,
  isSettlementProblemCode,
  settlementProblems,
  type SettlementProblem,
  type SettlementProblemCode,
} from './settlement'

const { matches } = makeTournament()
// A played-out tournament: team2 wins every match (t16 champion).
const played: TestMatch[] = predictedMatchups(
  matches,
  completePicks(matches, (m) => m.team2Id),
).map((m) => ({
  id: m.matchId,
  round: m.round,
  matchNumber: m.matchNumber,
  team1Id: m.team1Id,
  team2Id: m.team2Id,
  winnerTeamId: m.winnerTeamId,
}))
const ready = { status: 'completed' as const, matches: played, mvpPlayerId: 'p16a' }

describe('settlementProblems', () => {
  it('allows a completed, fully played tournament with an MVP', () => {
    expect(settlementProblems(ready)).toEqual([])
    expect(canSettle(ready)).toBe(true)
  })

  it('needs status completed', () => {
    expect(settlementProblems({ ...ready, status: 'active' })).toEqual([
      { code: 'not_completed', status: 'active' },
    ])
  })

  it('needs an MVP', () => {
    expect(settlementProblems({ ...ready, mvpPlayerId: null })).toEqual([{ code: 'missing_mvp' }])
    expect(canSettle({ ...ready, mvpPlayerId: '' })).toBe(false)
  })

  it('needs a winner in every match', () => {
    const unplayed = patchMatch(played, 'sf-2', { winnerTeamId: null })
    expect(settlementProblems({ ...ready, matches: unplayed })).toEqual([
      { code: 'missing_winner', matchId: 'sf-2' },
      // The final's teams are no longer both feeder winners.
      { code: 'teams_not_from_feeders', matchId: 'final-1' },
    ])
  })

  it('needs the winner to have played in the match', () => {
    const wrong = patchMatch(played, 'r16-1', { winnerTeamId: 't5' })
    expect(settlementProblems({ ...ready, matches: wrong })).toEqual([
      { code: 'winner_not_in_match', matchId: 'r16-1' },
      { code: 'teams_not_from_feeders', matchId: 'qf-1' },
    ])
  })

  it('needs later teams to be the feeder winners, in either order', () => {
    const swapped = patchMatch(played, 'qf-1', { team1Id: 't4', team2Id: 't2' })
    expect(settlementProblems({ ...ready, matches: swapped })).toEqual([])
    const other = patchMatch(played, 'qf-1', { team1Id: 't2', team2Id: 't3', winnerTeamId: 't3' })
    expect(settlementProblems({ ...ready, matches: other })).toEqual([
      { code: 'teams_not_from_feeders', matchId: 'qf-1' },
      { code: 'teams_not_from_feeders', matchId: 'sf-1' },
    ])
  })

  it('needs a well-formed bracket', () => {
    const fewer = played.filter((m) => m.id !== 'qf-3')
    expect(settlementProblems({ ...ready, matches: fewer })).toEqual([
      {
        code: 'bracket_malformed',
        problems: [{ code: 'missing_match', round: 'quarterfinal', matchNumber: 3 }],
      },
    ])
  })
})

describe('SETTLEMENT_PROBLEM_CODES', () => {
  it('names every kind of problem, and nothing else', () => {
    expectTypeOf<SettlementProblemCode>().toEqualTypeOf<SettlementProblem['code']>()
    expect(isSettlementProblemCode('missing_mvp')).toBe(true)
    expect(isSettlementProblemCode('other')).toBe(false)
  })
})
