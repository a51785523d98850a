import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TIERS,
  findTier,
  isTierKey,
  NO_TIER,
  TIER_KEYS,
  tierFor,
  tierProblems,
  tiersFromRecord,
  tiersToRecord,
  type TierConfig,
} from './tiers'

describe('DEFAULT_TIERS', () => {
  it('are the five tiers of the spec', () => {
    expect(DEFAULT_TIERS).toEqual([
      {
        key: 'tier_100',
        minAccuracy: 100,
        prizePercentage: 100,
        description: 'Perfect Prediction',
      },
      { key: 'tier_90', minAccuracy: 90, prizePercentage: 60, description: 'Near Perfect' },
      { key: 'tier_80', minAccuracy: 80, prizePercentage: 30, description: 'Excellent' },
      { key: 'tier_70', minAccuracy: 70, prizePercentage: 15, description: 'Very Good' },
      { key: 'tier_60', minAccuracy: 60, prizePercentage: 5, description: 'Good' },
    ])
    expect(tierProblems(DEFAULT_TIERS)).toEqual([])
  })

  it('recognises tier keys', () => {
    expect(TIER_KEYS.every(isTierKey)).toBe(true)
    expect(isTierKey('no_tier')).toBe(false)
    expect(isTierKey('tier_50')).toBe(false)
  })
})

describe('tierFor', () => {
  it('gives the highest tier reached out of 16 predictions', () => {
    const byCorrect = Array.from({ length: 17 }, (_, correct) => tierFor(correct, 16))
    expect(byCorrect).toEqual([
      ...Array<string>(10).fill(NO_TIER), // 0–9: below 60 % (9/16 = 56.25 %)
      'tier_60', // 10/16 = 62.5 %
      'tier_60', // 11/16 = 68.75 %
      'tier_70', // 12/16 = 75 %
      'tier_80', // 13/16 = 81.25 %
      'tier_80', // 14/16 = 87.5 %
      'tier_90', // 15/16 = 93.75 %
      'tier_100',
    ])
  })

  it('reaches a minimum exactly on the boundary', () => {
    expect(tierFor(6, 10)).toBe('tier_60')
    expect(tierFor(7, 10)).toBe('tier_70')
    expect(tierFor(8, 10)).toBe('tier_80')
    expect(tierFor(9, 10)).toBe('tier_90')
    expect(tierFor(59, 100)).toBe(NO_TIER)
  })

  it('gives no tier when nothing was scored or no tiers exist', () => {
    expect(tierFor(0, 0)).toBe(NO_TIER)
    expect(tierFor(16, 16, [])).toBe(NO_TIER)
  })

  it('picks the best-paying tier reached when a config is misordered', () => {
    const odd: TierConfig[] = [
      { key: 'tier_90', minAccuracy: 90, prizePercentage: 5, description: 'a' },
      { key: 'tier_60', minAccuracy: 60, prizePercentage: 50, description: 'b' },
    ]
    expect(tierFor(10, 10, odd)).toBe('tier_60')
    expect(tierProblems(odd)).toEqual([
      { code: 'prize_not_increasing', key: 'tier_90', lowerKey: 'tier_60' },
    ])
  })

  it('breaks ties by the higher minimum, then key order', () => {
    const same: TierConfig[] = [
      { key: 'tier_70', minAccuracy: 60, prizePercentage: 10, description: 'a' },
      { key: 'tier_60', minAccuracy: 60, prizePercentage: 10, description: 'b' },
      { key: 'tier_80', minAccuracy: 50, prizePercentage: 10, description: 'c' },
    ]
    expect(tierFor(10, 10, same)).toBe('tier_70')
    expect(tierFor(11, 20, same)).toBe('tier_80')
  })

  it('never gives a less accurate bet a better-paying tier (property)', () => {
    const tiersArb = fc.subarray([...TIER_KEYS], { minLength: 1 }).chain((keys) =>
      fc.tuple(
        ...keys.map((key) =>
          fc.record({
            key: fc.constant(key),
            minAccuracy: fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
            prizePercentage: fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
            description: fc.constant(key),
          }),
        ),
      ),
    )
    fc.assert(
      fc.property(
        tiersArb,
        fc.integer({ min: 1, max: 200 }),
        fc.nat(),
        fc.nat(),
        (tiers, total, a, b) => {
          const [low, high] = [a % (total + 1), b % (total + 1)].sort((x, y) => x - y)
          const prize = (correct: number) => {
            const key = tierFor(correct, total, tiers)
            return key === NO_TIER ? -1 : findTier(tiers, key)!.prizePercentage
          }
          expect(prize(high!)).toBeGreaterThanOrEqual(prize(low!))
        },
      ),
    )
  })
})

describe('tierProblems', () => {
  it('reports duplicates, out-of-range numbers and blank descriptions', () => {
    const bad: TierConfig[] = [
      { key: 'tier_90', minAccuracy: 101, prizePercentage: -1, description: ' ' },
      { key: 'tier_90', minAccuracy: Number.NaN, prizePercentage: 200, description: 'x' },
    ]
    expect(tierProblems(bad)).toEqual([
      { code: 'min_accuracy_out_of_range', key: 'tier_90' },
      { code: 'prize_percentage_out_of_range', key: 'tier_90' },
      { code: 'missing_description', key: 'tier_90' },
      { code: 'duplicate_tier', key: 'tier_90' },
      { code: 'min_accuracy_out_of_range', key: 'tier_90' },
      { code: 'prize_percentage_out_of_range', key: 'tier_90' },
    ])
  })
})

describe('record shape', () => {
  it('converts to and from the keyed config shape', () => {
    const record = tiersToRecord(DEFAULT_TIERS)
    expect(record.tier_80).toEqual({
      minAccuracy: 80,
      prizePercentage: 30,
      description: 'Excellent',
    })
    expect(tiersFromRecord(record)).toEqual(DEFAULT_TIERS)
    expect(tiersFromRecord({ tier_60: record.tier_60! })).toEqual([DEFAULT_TIERS[4]])
  })
})
