import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { computePayouts, summarizePayouts, tierPrize, type Winner } from './payouts'
import { DEFAULT_TIERS, NO_TIER, TIER_KEYS, tierFor, type TierConfig, type TierKey } from './tiers'

const winners = (...keys: TierKey[]): Winner[] =>
  keys.map((tierKey, i) => ({ betId: `b${i + 1}`, tierKey }))

describe('tierPrize', () => {
  it('is floor(percentage × pool / 100)', () => {
    expect(tierPrize(10_000, 60)).toBe(6000)
    expect(tierPrize(5035, 5)).toBe(251) // 251.75
    expect(tierPrize(5035, 15)).toBe(755) // 755.25
    expect(tierPrize(999, 33.33)).toBe(332) // 332.9667
    expect(tierPrize(0, 100)).toBe(0)
  })

  it('is exact where floating point is not', () => {
    // 0.29 × 100 = 28.999999999999996 in floating point.
    expect(tierPrize(100, 29)).toBe(29)
    expect(tierPrize(700, 14.1)).toBe(98) // 98.7
  })

  it('rejects bad input', () => {
    expect(() => tierPrize(-1, 10)).toThrow(RangeError)
    expect(() => tierPrize(1.5, 10)).toThrow(RangeError)
    expect(() => tierPrize(100, -5)).toThrow(RangeError)
  })
})

describe('computePayouts', () => {
  it('pays each winner its tier prize when the pool covers them all', () => {
    const result = computePayouts(10_000, winners('tier_90', 'tier_60', 'tier_60'), DEFAULT_TIERS)
    expect(result.payouts).toEqual([
      { betId: 'b1', tierKey: 'tier_90', amount: 6000 },
      { betId: 'b2', tierKey: 'tier_60', amount: 500 },
      { betId: 'b3', tierKey: 'tier_60', amount: 500 },
    ])
    expect(result).toMatchObject({
      pool: 10_000,
      unscaledTotal: 7000,
      isScaled: false,
      totalPaid: 7000,
      houseRemainder: 3000,
    })
  })

  it('pays exactly the pool when the prizes add up to it', () => {
    const result = computePayouts(10_000, winners('tier_100'), DEFAULT_TIERS)
    expect(result).toMatchObject({ isScaled: false, totalPaid: 10_000, houseRemainder: 0 })
  })

  it('scales every prize by pool / total and floors when they exceed the pool', () => {
    // 100% + 60% + 30% = 19 000 of a 10 000 pool: factor 10/19.
    const result = computePayouts(10_000, winners('tier_100', 'tier_90', 'tier_80'), DEFAULT_TIERS)
    expect(result.payouts.map((payout) => payout.amount)).toEqual([5263, 3157, 1578])
    expect(result).toMatchObject({
      unscaledTotal: 19_000,
      isScaled: true,
      totalPaid: 9998,
      houseRemainder: 2,
    })
  })

  it('scales many winners of one tier', () => {
    const many = Array.from({ length: 3 }, (_, i) => ({
      betId: `b${i}`,
      tierKey: 'tier_90' as const,
    }))
    const result = computePayouts(1000, many, DEFAULT_TIERS)
    expect(result.payouts.map((payout) => payout.amount)).toEqual([333, 333, 333])
    expect(result.houseRemainder).toBe(1)
  })

  it('pays nothing with no winners and keeps the whole pool', () => {
    const result = computePayouts(5000, [], DEFAULT_TIERS)
    expect(result).toMatchObject({
      payouts: [],
      totalPaid: 0,
      houseRemainder: 5000,
      isScaled: false,
    })
  })

  it('summarises every tier for the admin preview', () => {
    const result = computePayouts(10_000, winners('tier_100', 'tier_90', 'tier_80'), DEFAULT_TIERS)
    expect(result.tiers).toEqual([
      {
        tierKey: 'tier_100',
        description: 'Perfect Prediction',
        minAccuracy: 100,
        prizePercentage: 100,
        winners: 1,
        unscaledPrize: 10_000,
        prizeEach: 5263,
        coins: 5263,
      },
      {
        tierKey: 'tier_90',
        description: 'Near Perfect',
        minAccuracy: 90,
        prizePercentage: 60,
        winners: 1,
        unscaledPrize: 6000,
        prizeEach: 3157,
        coins: 3157,
      },
      {
        tierKey: 'tier_80',
        description: 'Excellent',
        minAccuracy: 80,
        prizePercentage: 30,
        winners: 1,
        unscaledPrize: 3000,
        prizeEach: 1578,
        coins: 1578,
      },
      {
        tierKey: 'tier_70',
        description: 'Very Good',
        minAccuracy: 70,
        prizePercentage: 15,
        winners: 0,
        unscaledPrize: 1500,
        prizeEach: 789, // what a winner of this tier would get with the same scaling
        coins: 0,
      },
      {
        tierKey: 'tier_60',
        description: 'Good',
        minAccuracy: 60,
        prizePercentage: 5,
        winners: 0,
        unscaledPrize: 500,
        prizeEach: 263,
        coins: 0,
      },
    ])
  })

  it('rejects winners of unknown tiers, repeated bets and bad pools', () => {
    const onlyTop = DEFAULT_TIERS.slice(0, 1)
    expect(() => computePayouts(100, winners('tier_60'), onlyTop)).toThrow(RangeError)
    const twice = [...winners('tier_60'), ...winners('tier_70')]
    expect(() => computePayouts(100, twice, DEFAULT_TIERS)).toThrow(RangeError)
    expect(() => computePayouts(-1, [], DEFAULT_TIERS)).toThrow(RangeError)
    expect(() => computePayouts(1.5, [], DEFAULT_TIERS)).toThrow(RangeError)
    const doubled = [...DEFAULT_TIERS, DEFAULT_TIERS[0]!]
    expect(() => computePayouts(100, [], doubled)).toThrow(RangeError)
  })
})

describe('summarizePayouts', () => {
  it('previews from counts alone', () => {
    const summary = summarizePayouts(40_000, { tier_90: 1, tier_60: 4 }, DEFAULT_TIERS)
    expect(summary).toMatchObject({ unscaledTotal: 32_000, isScaled: false, totalPaid: 32_000 })
    expect(summary.tiers.find((row) => row.tierKey === 'tier_60')).toMatchObject({
      winners: 4,
      prizeEach: 2000,
      coins: 8000,
    })
  })

  it('matches computePayouts for the same winners', () => {
    const list = winners('tier_100', 'tier_60', 'tier_60', 'tier_70')
    const { payouts: _payouts, ...fromList } = computePayouts(7777, list, DEFAULT_TIERS)
    const fromCounts = summarizePayouts(
      7777,
      { tier_100: 1, tier_60: 2, tier_70: 1 },
      DEFAULT_TIERS,
    )
    expect(fromCounts).toEqual(fromList)
  })

  it('rejects bad counts', () => {
    expect(() => summarizePayouts(100, { tier_60: -1 }, DEFAULT_TIERS)).toThrow(RangeError)
    expect(() => summarizePayouts(100, { tier_60: 1 }, [])).toThrow(RangeError)
    expect(summarizePayouts(100, { tier_60: 0 }, []).totalPaid).toBe(0)
  })
})

const tiersArb: fc.Arbitrary<TierConfig[]> = fc
  .subarray([...TIER_KEYS], { minLength: 1 })
  .chain((keys) =>
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

describe('payout properties', () => {
  it('never exceed the pool; integers ≥ 0; one amount per tier; remainder to the house', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        tiersArb,
        fc.array(fc.nat(), { maxLength: 300 }),
        (pool, tiers, picks) => {
          const list = picks.map((n, i) => ({
            betId: `b${i}`,
            tierKey: tiers[n % tiers.length]!.key,
          }))
          const result = computePayouts(pool, list, tiers)
          const sum = result.payouts.reduce((total, payout) => total + payout.amount, 0)
          expect(sum).toBe(result.totalPaid)
          expect(sum).toBeLessThanOrEqual(pool)
          expect(result.houseRemainder).toBe(pool - sum)
          for (const payout of result.payouts) {
            expect(Number.isSafeInteger(payout.amount)).toBe(true)
            expect(payout.amount).toBeGreaterThanOrEqual(0)
            const row = result.tiers.find((r) => r.tierKey === payout.tierKey)!
            expect(payout.amount).toBe(row.prizeEach)
            expect(payout.amount).toBeLessThanOrEqual(row.unscaledPrize)
          }
          expect(result.isScaled).toBe(result.unscaledTotal > pool)
        },
      ),
    )
  })

  it('a more accurate bet never earns less, for any pool, tier set and winner mix', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        tiersArb,
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 200 }),
        (pool, tiers, total, corrects) => {
          const bets = corrects.map((n, i) => ({
            betId: `b${i}`,
            correct: n % (total + 1),
            tier: tierFor(n % (total + 1), total, tiers),
          }))
          const list = bets.flatMap((bet) =>
            bet.tier === NO_TIER ? [] : [{ betId: bet.betId, tierKey: bet.tier }],
          )
          const amounts = new Map(
            computePayouts(pool, list, tiers).payouts.map((payout) => [
              payout.betId,
              payout.amount,
            ]),
          )
          const earned = (betId: string) => amounts.get(betId) ?? 0
          const sorted = [...bets].sort((a, b) => a.correct - b.correct)
          for (let i = 1; i < sorted.length; i += 1) {
            const [lower, higher] = [sorted[i - 1]!, sorted[i]!]
            if (higher.correct > lower.correct) {
              expect(earned(higher.betId)).toBeGreaterThanOrEqual(earned(lower.betId))
            } else {
              expect(earned(higher.betId)).toBe(earned(lower.betId))
            }
          }
        },
      ),
    )
  })
})
