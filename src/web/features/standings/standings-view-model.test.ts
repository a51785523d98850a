import { describe, expect, it } from 'vitest'
import {
  bracketPath,
  pageCount,
  pageFromSearch,
  rankMovesOf,
  ranksOf,
  searchParamOf,
  tierLabelKey,
  tierMarkOf,
} from './standings-view-model'

describe('standings view model', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1)
    expect(pageCount(25, 25)).toBe(1)
    expect(pageCount(26, 25)).toBe(2)
  })

  it('reads ?page= as a whole number from 1', () => {
    expect(pageFromSearch('3')).toBe(3)
    for (const value of [null, '', '0', '-2', '1.5', 'x']) expect(pageFromSearch(value)).toBe(1)
  })

  it('links a row to the fan’s bracket, escaped', () => {
    expect(bracketPath('t1', 'ana.b')).toBe('/tournaments/t1/brackets/ana.b')
    expect(bracketPath('t1', 'a/b c')).toBe('/tournaments/t1/brackets/a%2Fb%20c')
    expect(bracketPath('t1', 'ana', 'main')).toBe('/tournaments/t1/brackets/ana')
    expect(bracketPath('t1', 'ana', 'second_chance')).toBe(
      '/tournaments/t1/brackets/ana?contest=second_chance',
    )
  })

  it('names tiers, and no tier', () => {
    expect(tierLabelKey('tier_90')).toBe('prize.tier_names.tier_90')
    expect(tierLabelKey('no_tier')).toBe('standings.no_tier')
  })
})

describe('tierMarkOf', () => {
  it('is the tier threshold, nothing below the lowest tier', () => {
    expect(tierMarkOf('tier_100')).toBe('100')
    expect(tierMarkOf('tier_60')).toBe('60')
    expect(tierMarkOf('no_tier')).toBeNull()
  })
})

describe('searchParamOf', () => {
  it('sits beside its page parameter', () => {
    expect(searchParamOf('page')).toBe('q')
    expect(searchParamOf('t1-page')).toBe('t1-page-q')
  })

  it('says who moved since the last update, up as positive, and not who stayed or is new', () => {
    const before = ranksOf([
      { username: 'ana', rank: 1 },
      { username: 'bea', rank: 1 },
      { username: 'cris', rank: 3 },
    ])
    const moves = rankMovesOf(before, [
      { username: 'cris', rank: 1 },
      { username: 'ana', rank: 2 },
      { username: 'bea', rank: 2 },
      { username: 'dani', rank: 4 },
    ])
    expect([...moves]).toEqual([
      ['cris', 2],
      ['ana', -1],
      ['bea', -1],
    ])
    expect(rankMovesOf(before, [{ username: 'ana', rank: 1 }]).size).toBe(0)
  })
})
