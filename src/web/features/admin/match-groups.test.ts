import { describe, expect, it } from 'vitest'
import { groupMatches } from './match-groups'

const match = (tournamentId: string, round: 'round16' | 'final', matchNumber: number) => ({
  id: `${tournamentId}-${round}-${matchNumber}`,
  tournamentId,
  tournamentName: `Open ${tournamentId}`,
  round,
  matchNumber,
})

describe('groupMatches', () => {
  it('groups interleaved matches by tournament, then round, then number', () => {
    const groups = groupMatches([
      match('b', 'final', 1),
      match('a', 'round16', 2),
      match('b', 'round16', 2),
      match('a', 'final', 1),
      match('b', 'round16', 1),
    ])
    expect(groups.map((group) => group.tournamentName)).toEqual(['Open b', 'Open a'])
    expect(groups[0]!.rounds.map((round) => round.round)).toEqual(['round16', 'final'])
    expect(groups[0]!.rounds[0]!.matches.map((m) => m.matchNumber)).toEqual([1, 2])
    expect(groups[1]!.rounds.map((round) => round.matches.map((m) => m.id))).toEqual([
      ['a-round16-2'],
      ['a-final-1'],
    ])
    expect(groupMatches([])).toEqual([])
  })
})
