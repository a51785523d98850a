import { describe, expect, it } from 'vitest'
import { balanceHistory, sparklineGeometry } from './balance-history'

describe('balanceHistory', () => {
  it('walks back from the current balance, oldest point first', () => {
    const newestFirst = [
      { amount: 300, createdAt: '2026-03-04T10:00:00.000Z' },
      { amount: -100, createdAt: '2026-03-03T10:00:00.000Z' },
      { amount: -50, createdAt: '2026-03-02T10:00:00.000Z' },
      { amount: 1000, createdAt: '2026-03-01T10:00:00.000Z' },
    ]
    expect(balanceHistory(newestFirst, 1150)).toEqual([
      { at: '2026-03-01T10:00:00.000Z', balance: 1000 },
      { at: '2026-03-02T10:00:00.000Z', balance: 950 },
      { at: '2026-03-03T10:00:00.000Z', balance: 850 },
      { at: '2026-03-04T10:00:00.000Z', balance: 1150 },
    ])
  })

  it('works on a window of the newest transactions only (older ones left out)', () => {
    const newestFirst = [
      { amount: -100, createdAt: '2026-03-03T10:00:00.000Z' },
      { amount: 0, createdAt: '2026-03-02T10:00:00.000Z' },
    ]
    expect(balanceHistory(newestFirst, 400)).toEqual([
      { at: '2026-03-02T10:00:00.000Z', balance: 500 },
      { at: '2026-03-03T10:00:00.000Z', balance: 400 },
    ])
  })

  it('has no points without transactions', () => {
    expect(balanceHistory([], 1000)).toEqual([])
  })
})

describe('sparklineGeometry', () => {
  const box = { width: 100, height: 40, padding: 0 }

  it('needs two points for a line', () => {
    expect(sparklineGeometry([], box)).toBeNull()
    expect(sparklineGeometry([{ at: 'a', balance: 1000 }], box)).toBeNull()
  })

  it('spreads the points across the box, highest balance at the top', () => {
    const geometry = sparklineGeometry(
      [
        { at: 'a', balance: 1000 },
        { at: 'b', balance: 900 },
        { at: 'c', balance: 1100 },
      ],
      box,
    )
    expect(geometry).toEqual({
      line: 'M0 20 L50 40 L100 0',
      area: 'M0 20 L50 40 L100 0 L100 40 L0 40 Z',
      last: { x: 100, y: 0 },
    })
  })

  it('draws a flat history through the middle', () => {
    const geometry = sparklineGeometry(
      [
        { at: 'a', balance: 1000 },
        { at: 'b', balance: 1000 },
      ],
      box,
    )
    expect(geometry?.line).toBe('M0 20 L100 20')
  })
})
