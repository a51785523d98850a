import { describe, expect, it } from 'vitest'
import type { Pair } from '#shared/schemas/tournament'
import { resultAnnouncementOf } from './live-results'
import { pairsById } from './pair-names'

function pair(id: string, first: string, second: string): Pair {
  const player = (name: string) =>
    ({ id: `${id}-${name}`, name, shortName: name }) as Pair['player1']
  return { id, player1: player(first), player2: player(second) } as Pair
}

const pairs = pairsById([pair('p1', 'Alonso', 'Ruiz'), pair('p2', 'Galán', 'Chingotto')])

describe('live result announcement', () => {
  it('names the winners and gives the sets from their side', () => {
    const match = {
      team1Id: 'p1',
      team2Id: 'p2',
      sets: [
        [6, 3],
        [4, 6],
        [10, 8],
      ] as [number, number][],
    }
    expect(resultAnnouncementOf({ ...match, winnerTeamId: 'p1' }, pairs)).toEqual({
      winner: 'Alonso / Ruiz',
      sets: [
        [6, 3],
        [4, 6],
        [10, 8],
      ],
    })
    expect(
      resultAnnouncementOf(
        {
          ...match,
          sets: [
            [3, 6],
            [4, 6],
          ],
          winnerTeamId: 'p2',
        },
        pairs,
      ),
    ).toEqual({
      winner: 'Galán / Chingotto',
      sets: [
        [6, 3],
        [6, 4],
      ],
    })
  })

  it('announces a winner without sets, and nothing for a cleared result', () => {
    const match = { team1Id: 'p1', team2Id: 'p2', sets: null }
    expect(resultAnnouncementOf({ ...match, winnerTeamId: 'p2' }, pairs)).toEqual({
      winner: 'Galán / Chingotto',
      sets: null,
    })
    expect(resultAnnouncementOf({ ...match, winnerTeamId: null }, pairs)).toBeNull()
  })
})
