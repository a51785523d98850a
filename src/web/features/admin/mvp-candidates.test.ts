import { describe, expect, it } from 'vitest'
import { playersOfTeams } from './mvp-candidates'

const a = { id: 'a', name: 'Tapia' }
const b = { id: 'b', name: 'Coello' }
const c = { id: 'c', name: 'Galán' }
const d = { id: 'd', name: 'Chingotto' }

describe('playersOfTeams', () => {
  it('lists every player of the pairs once, by name', () => {
    expect(
      playersOfTeams([
        { player1: a, player2: b },
        { player1: c, player2: a },
      ]).map((player) => player.name),
    ).toEqual(['Coello', 'Galán', 'Tapia'])
    expect(playersOfTeams([])).toEqual([])
  })

  it('puts the champion pair first, in pair order, and marks them', () => {
    const teams = [
      { id: 'x', player1: a, player2: b },
      { id: 'y', player1: c, player2: d },
    ]
    const candidates = playersOfTeams(teams, 'y')
    expect(candidates.map((player) => player.name)).toEqual([
      'Galán',
      'Chingotto',
      'Coello',
      'Tapia',
    ])
    expect(candidates.map((player) => player.isChampion)).toEqual([true, true, false, false])
    // No final winner yet: everyone by name.
    expect(playersOfTeams(teams, null)[0]).toEqual({
      id: 'd',
      name: 'Chingotto',
      isChampion: false,
    })
  })
})
