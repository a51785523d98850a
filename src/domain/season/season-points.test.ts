import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_TIERS, NO_TIER } from '#domain/prize/tiers'
import {
  compareSeasonTotals,
  mainBracketPoints,
  mainPointsByCorrect,
  seasonRanks,
  secondChancePoints,
  SEASON_TIER_BONUS,
  tierBonus,
  type SeasonTotals,
} from './season-points'

describe('season points', () => {
  it('adds the tier bonus of the table to the correct picks of a main bracket', () => {
    expect(SEASON_TIER_BONUS).toEqual({
      tier_100: 10,
      tier_90: 6,
      tier_80: 3,
      tier_70: 2,
      tier_60: 1,
    })
    expect(mainBracketPoints(16, 'tier_100')).toBe(26)
    expect(mainBracketPoints(15, 'tier_90')).toBe(21)
    expect(mainBracketPoints(9, NO_TIER)).toBe(9)
    expect(tierBonus(NO_TIER)).toBe(0)
  })

  it('gives a second-chance entry one point per correct pick and no bonus', () => {
    expect(secondChancePoints(8)).toBe(8)
    expect(secondChancePoints(0)).toBe(0)
  })

  it('scores every count of 16 picks with the default tiers as the table says', () => {
    // 16/16 = 100 %, 15 = 93.75 %, 14 = 87.5 %, 13 = 81.25 %, 12 = 75 %, 11 = 68.75 %, 10 = 62.5 %.
    expect(mainPointsByCorrect(16, DEFAULT_TIERS)).toEqual([
      0,
      1,
      2,
      3,
      4,
      5,
      6,
      7,
      8,
      9,
      10 + 1,
      11 + 1,
      12 + 2,
      13 + 3,
      14 + 3,
      15 + 6,
      16 + 10,
    ])
  })

  it('refuses counts that are not whole and non-negative', () => {
    expect(() => mainBracketPoints(-1, NO_TIER)).toThrow(RangeError)
    expect(() => secondChancePoints(1.5)).toThrow(RangeError)
  })
})

describe('the season order', () => {
  const row = (points: number, tournaments: number, coinsWon: number): SeasonTotals => ({
    points,
    tournaments,
    coinsWon,
  })

  it('orders by points, then tournaments played, then coins won', () => {
    expect(compareSeasonTotals(row(10, 1, 0), row(9, 5, 900))).toBeLessThan(0)
    expect(compareSeasonTotals(row(10, 2, 0), row(10, 1, 900))).toBeLessThan(0)
    expect(compareSeasonTotals(row(10, 2, 50), row(10, 2, 40))).toBeLessThan(0)
    expect(compareSeasonTotals(row(10, 2, 50), row(10, 2, 50))).toBe(0)
  })

  it('shares ranks between equal rows (1, 1, 3)', () => {
    expect(seasonRanks([row(30, 3, 10), row(30, 3, 10), row(30, 2, 10), row(1, 1, 0)])).toEqual([
      1, 1, 3, 4,
    ])
  })

  it('gives every row one more than the rows strictly above it', () => {
    const rows = fc.array(
      fc.record({
        points: fc.integer({ min: 0, max: 5 }),
        tournaments: fc.integer({ min: 0, max: 2 }),
        coinsWon: fc.integer({ min: 0, max: 2 }),
      }),
      { maxLength: 30 },
    )
    fc.assert(
      fc.property(rows, (unordered) => {
        const ordered = [...unordered].sort(compareSeasonTotals)
        const ranks = seasonRanks(ordered)
        ordered.forEach((mine, index) => {
          const above = ordered.filter((other) => compareSeasonTotals(other, mine) < 0).length
          expect(ranks[index]).toBe(above + 1)
        })
      }),
    )
  })
})
