import { describe, expect, it } from 'vitest'
import type { LeaderboardEntry } from '#shared/schemas/leaderboard'
import { canShowMore, nextLeaderboardLimit, podiumSlots } from './leaderboard-view-model'

function entry(username: string, rank_position: number, total_coins: number): LeaderboardEntry {
  return { username, rank_position, total_coins, is_current_user: false }
}

describe('podiumSlots', () => {
  it('keeps rank order for reading and puts first in the middle on screen', () => {
    const slots = podiumSlots([
      entry('ana', 1, 3000),
      entry('bea', 2, 2000),
      entry('cris', 3, 1500),
      entry('dani', 4, 1000),
    ])
    expect(slots.map((s) => s.entry.username)).toEqual(['ana', 'bea', 'cris'])
    expect(slots.map((s) => s.step)).toEqual([1, 2, 3])
    const leftToRight = [...slots].sort((a, b) => a.visualOrder - b.visualOrder)
    expect(leftToRight.map((s) => s.entry.username)).toEqual(['bea', 'ana', 'cris'])
  })

  it('puts players who share a place on the same step, marked as shared', () => {
    const firstTied = podiumSlots([
      entry('ana', 1, 1000),
      entry('bea', 1, 1000),
      entry('cris', 3, 900),
    ])
    expect(firstTied.map((s) => [s.entry.rank_position, s.step, s.isShared])).toEqual([
      [1, 1, true],
      [1, 1, true],
      [3, 3, false],
    ])
    const secondTied = podiumSlots([
      entry('ana', 1, 1000),
      entry('bea', 2, 900),
      entry('cris', 2, 900),
      entry('dani', 2, 900),
    ])
    expect(secondTied.map((s) => [s.step, s.isShared])).toEqual([
      [1, false],
      [2, true],
      [2, true],
    ])
    // Still laid out like a podium: the second in the list on the left, the third on the right.
    const leftToRight = [...secondTied].sort((a, b) => a.visualOrder - b.visualOrder)
    expect(leftToRight.map((s) => s.entry.username)).toEqual(['bea', 'ana', 'cris'])
  })

  it('marks a place shared with a player just below the podium', () => {
    const slots = podiumSlots([
      entry('ana', 1, 1000),
      entry('bea', 2, 900),
      entry('cris', 3, 800),
      entry('dani', 3, 800),
    ])
    expect(slots.map((s) => s.isShared)).toEqual([false, false, true])
  })

  it('has as many slots as there are players, up to three', () => {
    expect(podiumSlots([])).toEqual([])
    expect(podiumSlots([entry('ana', 1, 10)]).map((s) => s.visualOrder)).toEqual([2])
    expect(podiumSlots([entry('ana', 1, 10), entry('bea', 2, 5)])).toHaveLength(2)
  })
})

describe('show more', () => {
  it('steps from the top 5 up to 100 and stops there', () => {
    expect(nextLeaderboardLimit(5)).toBe(25)
    expect(nextLeaderboardLimit(25)).toBe(50)
    expect(nextLeaderboardLimit(50)).toBe(100)
    expect(nextLeaderboardLimit(100)).toBeNull()
  })

  it('is offered only when the list was full and a longer one exists', () => {
    expect(canShowMore(5, 5)).toBe(true)
    expect(canShowMore(5, 3)).toBe(false)
    expect(canShowMore(50, 50)).toBe(true)
    expect(canShowMore(100, 100)).toBe(false)
  })
})
