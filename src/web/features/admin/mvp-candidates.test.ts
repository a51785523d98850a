import { describe, expect, it } from 'vitest'
import { playersOfTeams } from './mvp-candidates'

describe('playersOfTeams', () => {
  it('lists every player of the pairs once, by name', () => {
    const a = { id: 'a', name: 'Tapia' }
    const b = { id: 'b', name: 'Coello' }
    const c = { id: 'c', name: 'Galán' }
    expect(
      playersOfTeams([
        { player1: a, player2: b },
        { player1: c, player2: a },
      ]),
    ).toEqual([b, c, a])
    expect(playersOfTeams([])).toEqual([])
  })
})
