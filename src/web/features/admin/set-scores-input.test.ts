import { describe, expect, it } from 'vitest'
import type { AdminMatch } from '#shared/schemas/admin'
import { gamesOf, parseGames, winnerOf, type Games } from './set-scores-input'

const typed = (...sets: [string, string][]): Games =>
  [sets[0] ?? ['', ''], sets[1] ?? ['', ''], sets[2] ?? ['', '']] as unknown as Games

describe('the score fields', () => {
  it('start from the stored sets, blank where none', () => {
    expect(
      gamesOf([
        [6, 4],
        [7, 6],
      ]),
    ).toEqual([
      ['6', '4'],
      ['7', '6'],
      ['', ''],
    ])
    expect(gamesOf(null)).toEqual([
      ['', ''],
      ['', ''],
      ['', ''],
    ])
  })

  it('read the typed sets in order; none typed clears', () => {
    expect(parseGames(typed(['6', '4'], ['3', '6'], ['10', '8']))).toEqual([
      [6, 4],
      [3, 6],
      [10, 8],
    ])
    expect(parseGames(typed([' 6', '4 '], ['6', '0']))).toEqual([
      [6, 4],
      [6, 0],
    ])
    expect(parseGames(typed())).toBeNull()
  })

  it('call a half-typed or skipped set incomplete', () => {
    expect(parseGames(typed(['6', ''], ['6', '4']))).toBe('incomplete')
    expect(parseGames(typed(['6', '4'], ['', ''], ['6', '4']))).toBe('incomplete')
  })

  it('name the pair the scores make the winner', () => {
    const match = { team1Id: 'a', team2Id: 'b' } as AdminMatch
    const twoSets = (a: number, b: number) =>
      [
        [a, b],
        [a, b],
      ] as [number, number][]
    expect(winnerOf(match, twoSets(6, 4))).toBe('a')
    expect(winnerOf(match, twoSets(4, 6))).toBe('b')
    expect(winnerOf(match, twoSets(6, 5))).toBeNull()
  })
})
