import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MatchRef } from './bracket'
import { makeTournament, patchMatch, tournamentArb } from './bracket-fixtures'
import { bracketStructureProblems, isWellFormedBracket } from './bracket-structure'

const { matches } = makeTournament()

describe('bracketStructureProblems', () => {
  it('finds nothing wrong with a well-formed bracket', () => {
    expect(bracketStructureProblems(matches)).toEqual([])
    expect(isWellFormedBracket(matches)).toBe(true)
  })

  it('finds nothing wrong with any well-formed bracket in any order (property)', () => {
    fc.assert(
      fc.property(tournamentArb, (t) => {
        expect(bracketStructureProblems(t.matches)).toEqual([])
      }),
    )
  })

  it('reports missing slots', () => {
    expect(bracketStructureProblems([])).toHaveLength(15)
    const withoutFinal = matches.filter((match) => match.round !== 'final')
    expect(bracketStructureProblems(withoutFinal)).toEqual([
      { code: 'missing_match', round: 'final', matchNumber: 1 },
    ])
  })

  it('reports duplicate slots', () => {
    const doubled = [...matches, { ...matches[9]!, id: 'qf-2-copy' }]
    expect(bracketStructureProblems(doubled)).toEqual([
      {
        code: 'duplicate_match',
        round: 'quarterfinal',
        matchNumber: 2,
        matchIds: ['qf-2', 'qf-2-copy'],
      },
    ])
  })

  it('reports rows outside the bracket', () => {
    const extra: MatchRef[] = [
      { id: 'sf-3', round: 'semifinal', matchNumber: 3, team1Id: null, team2Id: null },
      { id: 'odd', round: 'round32' as never, matchNumber: 1, team1Id: null, team2Id: null },
    ]
    expect(bracketStructureProblems([...matches, ...extra])).toEqual([
      { code: 'match_number_out_of_range', matchId: 'sf-3', round: 'semifinal', matchNumber: 3 },
      { code: 'unknown_round', matchId: 'odd' },
    ])
  })

  it('reports round16 matches missing a team, or with one team twice', () => {
    const broken = patchMatch(patchMatch(matches, 'r16-2', { team1Id: null }), 'r16-5', {
      team2Id: 't9',
    })
    expect(bracketStructureProblems(broken)).toEqual([
      { code: 'missing_team', matchId: 'r16-2', matchNumber: 2 },
      { code: 'same_team_twice', matchId: 'r16-5' },
    ])
  })

  it('reports one team twice in a later round too', () => {
    const broken = patchMatch(matches, 'sf-1', { team1Id: 't1', team2Id: 't1' })
    expect(bracketStructureProblems(broken)).toEqual([{ code: 'same_team_twice', matchId: 'sf-1' }])
  })

  it('reports a pair in several round16 matches', () => {
    const broken = patchMatch(matches, 'r16-4', { team1Id: 't1' })
    expect(bracketStructureProblems(broken)).toEqual([
      { code: 'team_in_several_matches', teamId: 't1', matchIds: ['r16-1', 'r16-4'] },
    ])
  })
})
