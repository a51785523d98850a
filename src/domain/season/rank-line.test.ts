import { describe, expect, it } from 'vitest'
import { rankLine } from './rank-line'

const step = (n: number, rankAfter: number | null) => ({ name: `Open ${n}`, rankAfter })

describe('rankLine', () => {
  it('puts first place at the top and the worst rank at the bottom, skipping unranked steps', () => {
    const points = rankLine([step(1, null), step(2, 5), step(3, 1)], 100, 50, 10)
    expect(points).toEqual([
      { x: 10, y: 40, rank: 5, name: 'Open 2' },
      { x: 90, y: 10, rank: 1, name: 'Open 3' },
    ])
  })

  it('centres a single point and draws nothing without a rank', () => {
    expect(rankLine([step(1, 3)], 100, 50, 10)).toEqual([{ x: 50, y: 25, rank: 3, name: 'Open 1' }])
    expect(rankLine([step(1, null)], 100, 50)).toEqual([])
    expect(rankLine([step(1, 1), step(2, 1)], 100, 50, 10).map((p) => p.y)).toEqual([25, 25])
  })
})
