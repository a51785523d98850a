import { describe, expect, it } from 'vitest'
import type { BracketPick } from '#shared/schemas/brackets'
import { bracketDifferences, championOf } from './bracket-differences'

const pick = (
  matchId: string,
  round: BracketPick['round'],
  matchNumber: number,
  predictedWinnerId: string,
  winnerTeamId: string | null = null,
): BracketPick => ({
  matchId,
  round,
  matchNumber,
  team1Id: 'a',
  team2Id: 'b',
  predictedWinnerId,
  winnerTeamId,
  mark: 'alive',
  startsAt: null,
  court: null,
})

describe('bracketDifferences', () => {
  it('lists the matches whose winners differ, in the order of the draw, with the result', () => {
    const mine = [
      pick('f', 'final', 1, 'x'),
      pick('q2', 'quarterfinal', 2, 'c'),
      pick('r1', 'round16', 1, 'a', 'a'),
      pick('r2', 'round16', 2, 'b'),
    ]
    const theirs = [
      pick('r1', 'round16', 1, 'b', 'a'),
      pick('r2', 'round16', 2, 'b'),
      pick('q2', 'quarterfinal', 2, 'd'),
      pick('f', 'final', 1, 'y'),
    ]
    expect(bracketDifferences(mine, theirs)).toEqual([
      { matchId: 'r1', round: 'round16', matchNumber: 1, mine: 'a', theirs: 'b', winner: 'a' },
      {
        matchId: 'q2',
        round: 'quarterfinal',
        matchNumber: 2,
        mine: 'c',
        theirs: 'd',
        winner: null,
      },
      { matchId: 'f', round: 'final', matchNumber: 1, mine: 'x', theirs: 'y', winner: null },
    ])
  })

  it('counts a match one bracket lacks; the same brackets differ nowhere', () => {
    const mine = [pick('r1', 'round16', 1, 'a')]
    expect(bracketDifferences(mine, [])).toEqual([
      { matchId: 'r1', round: 'round16', matchNumber: 1, mine: 'a', theirs: null, winner: null },
    ])
    expect(bracketDifferences(mine, mine)).toEqual([])
  })

  it('names the predicted champion', () => {
    expect(championOf([pick('r1', 'round16', 1, 'a'), pick('f', 'final', 1, 'z')])).toBe('z')
    expect(championOf([])).toBeNull()
  })
})
