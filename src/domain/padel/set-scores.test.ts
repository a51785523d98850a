import { describe, expect, it } from 'vitest'
import {
  FINAL_TOTAL_GAMES_MAX,
  FINAL_TOTAL_GAMES_MIN,
  isFinalTotalGamesInRange,
  setScoresProblems,
  setWinner,
  tiebreakerDistance,
  totalGames,
  type SetScore,
} from './set-scores'

describe('setWinner', () => {
  it.each<[SetScore, 'pair1' | 'pair2']>([
    [[6, 0], 'pair1'],
    [[6, 4], 'pair1'],
    [[5, 7], 'pair2'],
    [[7, 6], 'pair1'],
    [[6, 7], 'pair2'],
  ])('%j is a set won by %s', (score, side) => {
    expect(setWinner(score, { thirdSet: false })).toBe(side)
  })

  it.each<[SetScore]>([
    [[6, 5]],
    [[6, 6]],
    [[7, 4]],
    [[8, 6]],
    [[5, 3]],
    [[0, 0]],
    [[-1, 6]],
    [[6.5, 2]],
  ])('%j is no finished set', (score) => {
    expect(setWinner(score, { thirdSet: false })).toBeNull()
    expect(setWinner(score, { thirdSet: true })).toBeNull()
  })

  it('accepts a match tiebreak to 10 by two only as the third set', () => {
    expect(setWinner([10, 8], { thirdSet: true })).toBe('pair1')
    expect(setWinner([3, 10], { thirdSet: true })).toBe('pair2')
    expect(setWinner([12, 10], { thirdSet: true })).toBe('pair1')
    expect(setWinner([10, 8], { thirdSet: false })).toBeNull()
  })

  it('refuses a match tiebreak not won by two or played on past the two-point lead', () => {
    expect(setWinner([10, 9], { thirdSet: true })).toBeNull()
    expect(setWinner([11, 8], { thirdSet: true })).toBeNull()
    expect(setWinner([11, 10], { thirdSet: true })).toBeNull()
    expect(setWinner([9, 7], { thirdSet: true })).toBeNull()
  })
})

describe('setScoresProblems', () => {
  it('accepts two sets to the same pair and a split match decided in the third', () => {
    expect(
      setScoresProblems(
        [
          [6, 4],
          [7, 5],
        ],
        'pair1',
      ),
    ).toEqual([])
    expect(
      setScoresProblems(
        [
          [6, 4],
          [3, 6],
          [7, 6],
        ],
        'pair1',
      ),
    ).toEqual([])
    expect(
      setScoresProblems(
        [
          [4, 6],
          [6, 3],
          [8, 10],
        ],
        'pair2',
      ),
    ).toEqual([])
  })

  it('needs two or three sets', () => {
    expect(setScoresProblems([[6, 4]], 'pair1')).toEqual([{ code: 'SET_COUNT', sets: 1 }])
    expect(setScoresProblems([], 'pair1')).toEqual([{ code: 'SET_COUNT', sets: 0 }])
    const four: SetScore[] = [
      [6, 4],
      [4, 6],
      [6, 4],
      [6, 4],
    ]
    expect(setScoresProblems(four, 'pair1')).toEqual([{ code: 'SET_COUNT', sets: 4 }])
  })

  it('names the first set whose score is impossible', () => {
    expect(
      setScoresProblems(
        [
          [6, 4],
          [6, 5],
        ],
        'pair1',
      ),
    ).toEqual([{ code: 'SET_SCORE', set: 2 }])
    expect(
      setScoresProblems(
        [
          [10, 8],
          [6, 4],
        ],
        'pair1',
      ),
    ).toEqual([{ code: 'SET_SCORE', set: 1 }])
  })

  it('refuses a third set after a pair already won two', () => {
    expect(
      setScoresProblems(
        [
          [6, 4],
          [6, 4],
          [6, 4],
        ],
        'pair1',
      ),
    ).toEqual([{ code: 'SET_AFTER_MATCH_WON', set: 3 }])
  })

  it('refuses a match left at one set all', () => {
    expect(
      setScoresProblems(
        [
          [6, 4],
          [4, 6],
        ],
        'pair1',
      ),
    ).toEqual([{ code: 'MATCH_NOT_FINISHED' }])
  })

  it('refuses scores that name the other pair as winner', () => {
    expect(
      setScoresProblems(
        [
          [6, 4],
          [3, 6],
          [6, 7],
        ],
        'pair1',
      ),
    ).toEqual([{ code: 'WINNER_DISAGREES', winner: 'pair2' }])
  })
})

describe('totalGames and the tiebreaker', () => {
  it('counts every game and a match tiebreak as one', () => {
    expect(
      totalGames([
        [6, 4],
        [7, 5],
      ]),
    ).toBe(22)
    expect(
      totalGames([
        [6, 4],
        [3, 6],
        [10, 8],
      ]),
    ).toBe(20)
    expect(
      totalGames([
        [6, 4],
        [3, 6],
        [7, 6],
      ]),
    ).toBe(32)
  })

  it('bounds the prediction by the shortest and longest finals', () => {
    expect(
      totalGames([
        [6, 0],
        [6, 0],
      ]),
    ).toBe(FINAL_TOTAL_GAMES_MIN)
    expect(
      totalGames([
        [7, 6],
        [6, 7],
        [7, 6],
      ]),
    ).toBe(FINAL_TOTAL_GAMES_MAX)
    expect(isFinalTotalGamesInRange(12)).toBe(true)
    expect(isFinalTotalGamesInRange(39)).toBe(true)
    expect(isFinalTotalGamesInRange(11)).toBe(false)
    expect(isFinalTotalGamesInRange(40)).toBe(false)
    expect(isFinalTotalGamesInRange(20.5)).toBe(false)
  })

  it('orders closest first and brackets without a tiebreaker last', () => {
    expect(tiebreakerDistance(25, 22)).toBe(3)
    expect(tiebreakerDistance(19, 22)).toBe(3)
    expect(tiebreakerDistance(null, 22)).toBeGreaterThan(tiebreakerDistance(39, 12))
  })
})
