import { MAX_PRIZE_POOL } from '#domain/wallet/coin-limits'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PRIZE_POOL_CONFIG,
  multiplierMillionths,
  prizePool,
  resolveEntryFee,
} from './prize-pool'
import { DEFAULT_TIERS } from './tiers'

describe('defaults', () => {
  it('match the spec', () => {
    expect(DEFAULT_PRIZE_POOL_CONFIG).toEqual({
      basePool: 5000,
      entryFee: 50,
      multiplier: 0.7,
      tiers: DEFAULT_TIERS,
      calculationMethod: 'percentage',
      maxParticipants: 1000,
      minParticipants: 10,
    })
  })

  it('falls back to an entry fee of 50', () => {
    expect(resolveEntryFee(undefined)).toBe(50)
    expect(resolveEntryFee(null)).toBe(50)
    expect(resolveEntryFee(75)).toBe(75)
  })
})

describe('prizePool', () => {
  const pool = (participants: number, multiplier = 0.7, entryFee = 50, basePool = 5000) =>
    prizePool({ basePool, entryFee, participants, multiplier })

  it('is the base pool with no participants', () => {
    expect(pool(0)).toBe(5000)
  })

  it('adds floor(entry fee × participants × multiplier)', () => {
    expect(pool(1)).toBe(5035)
    expect(pool(10)).toBe(5350)
    expect(pool(1000)).toBe(40_000)
    expect(pool(3, 0.7, 1)).toBe(5002) // 2.1 → 2
  })

  it('is exact where floating point is not', () => {
    expect(pool(3)).toBe(5105) // 0.7 × 50 × 3
    expect(Math.floor(50 * 7 * 0.7)).toBe(244) // 244.99999999999997 in floating point
    expect(pool(7)).toBe(5245)
    expect(Math.floor(10 * 9 * 2.3)).toBe(206)
    expect(pool(9, 2.3, 10, 0)).toBe(207)
    expect(pool(3, 0.1, 10, 0)).toBe(3)
    expect(pool(1, 1.1, 100, 0)).toBe(110)
    expect(pool(3, 0.7, 100, 0)).toBe(210)
    expect(pool(7, 0.3, 10, 0)).toBe(21)
  })

  it('takes the multiplier to 6 decimal places', () => {
    expect(multiplierMillionths(0.7)).toBe(700_000)
    expect(multiplierMillionths(1 / 3)).toBe(333_333)
    expect(pool(3, 1 / 3, 1, 0)).toBe(0) // 0.999999 → 0
    expect(pool(1, 0.0000004, 10_000_000, 0)).toBe(0)
  })

  it('rejects non-integer or negative amounts and bad multipliers', () => {
    expect(() => pool(-1)).toThrow(RangeError)
    expect(() => pool(1.5)).toThrow(RangeError)
    expect(() => pool(1, 0.7, 0.5)).toThrow(RangeError)
    expect(() => pool(1, 0.7, 50, -1)).toThrow(RangeError)
    expect(() => pool(1, -0.1)).toThrow(RangeError)
    expect(() => pool(1, Number.POSITIVE_INFINITY)).toThrow(RangeError)
    expect(() => pool(1, Number.NaN)).toThrow(RangeError)
  })

  it('stops at MAX_PRIZE_POOL however many fans join (decision 068)', () => {
    expect(pool(Number.MAX_SAFE_INTEGER, 1000, 1000)).toBe(MAX_PRIZE_POOL)
    // 10^9 + 10^6 × 10 × 100 = 2 × 10^9 exactly; one more fan passes the cap.
    expect(pool(10, 100, 1_000_000, 1_000_000_000)).toBe(2_000_000_000)
    expect(pool(11, 100, 1_000_000, 1_000_000_000)).toBe(MAX_PRIZE_POOL)
    expect(MAX_PRIZE_POOL).toBe(2_000_000_000)
  })

  it('matches the exact decimal formula for one-decimal multipliers (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100 }),
        (basePool, entryFee, participants, tenths) => {
          const expected = Math.min(
            MAX_PRIZE_POOL,
            basePool + Math.floor((entryFee * participants * tenths) / 10),
          )
          expect(prizePool({ basePool, entryFee, participants, multiplier: tenths / 10 })).toBe(
            expected,
          )
        },
      ),
    )
  })

  it('never shrinks as participants join (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (basePool, entryFee, participants, more, multiplier) => {
          const before = prizePool({ basePool, entryFee, participants, multiplier })
          const after = prizePool({
            basePool,
            entryFee,
            participants: participants + more,
            multiplier,
          })
          expect(after).toBeGreaterThanOrEqual(before)
          expect(Number.isSafeInteger(after)).toBe(true)
          expect(before).toBeGreaterThanOrEqual(basePool)
        },
      ),
    )
  })
})
