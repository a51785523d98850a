import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { potOutcome, type PotEntry } from './pot-payouts'

const entry = (
  userId: string,
  correct: number,
  distance: number | null,
  joinedOrder: number,
): PotEntry => ({ userId, correct, distance, joinedOrder })

describe('a league pot', () => {
  it('goes whole to the one member with the most correct picks', () => {
    const outcome = potOutcome(50, [entry('a', 9, 3, 0), entry('b', 12, 9, 1), entry('c', 4, 0, 2)])
    expect(outcome).toEqual({ kind: 'won', pot: 150, winners: [{ userId: 'b', coins: 150 }] })
  })

  it('breaks a tie of correct picks by the tiebreaker distance, none counting as the farthest', () => {
    const byDistance = potOutcome(10, [
      entry('a', 12, 4, 0),
      entry('b', 12, 1, 1),
      entry('c', 12, null, 2),
    ])
    expect(byDistance).toEqual({ kind: 'won', pot: 30, winners: [{ userId: 'b', coins: 30 }] })
    const noneGiven = potOutcome(10, [entry('a', 12, null, 0), entry('b', 12, 30, 1)])
    expect(noneGiven).toEqual({ kind: 'won', pot: 20, winners: [{ userId: 'b', coins: 20 }] })
  })

  it('splits a full tie equally, floored, the remainder to the earliest entry', () => {
    // 7 × 3 = 21 between two: 10 each, 1 left for the one who joined first.
    const outcome = potOutcome(7, [
      entry('late', 10, 2, 5),
      entry('early', 10, 2, 1),
      entry('x', 3, 0, 0),
    ])
    expect(outcome).toEqual({
      kind: 'won',
      pot: 21,
      winners: [
        { userId: 'early', coins: 11 },
        { userId: 'late', coins: 10 },
      ],
    })
  })

  it('gives every stake back with fewer than two entries, or when cancelled', () => {
    expect(potOutcome(100, [entry('a', 16, 0, 0)])).toEqual({
      kind: 'refund',
      reason: 'too_few_entries',
      refunds: [{ userId: 'a', coins: 100 }],
    })
    expect(
      potOutcome(5, [entry('a', 1, 0, 1), entry('b', 2, 0, 0)], { isCancelled: true }),
    ).toEqual({
      kind: 'refund',
      reason: 'cancelled',
      refunds: [
        { userId: 'b', coins: 5 },
        { userId: 'a', coins: 5 },
      ],
    })
    expect(potOutcome(5, [])).toMatchObject({ kind: 'refund', refunds: [] })
  })

  it('refuses a stake outside 1–1,000 coins', () => {
    expect(() => potOutcome(0, [])).toThrow(RangeError)
    expect(() => potOutcome(1001, [])).toThrow(RangeError)
    expect(() => potOutcome(2.5, [])).toThrow(RangeError)
  })

  it('pays out exactly the coins staked, to members none of whom ranks below another', () => {
    const entries = fc.array(
      fc.record({
        correct: fc.integer({ min: 0, max: 16 }),
        distance: fc.option(fc.integer({ min: 0, max: 27 })),
      }),
      { minLength: 2, maxLength: 40 },
    )
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), entries, (stake, rows) => {
        const pot = rows.map((row, index) => entry(`u${index}`, row.correct, row.distance, index))
        const outcome = potOutcome(stake, pot)
        if (outcome.kind !== 'won') throw new Error('two or more entries always pay a winner')
        const paid = outcome.winners.reduce((sum, share) => sum + share.coins, 0)
        expect(paid).toBe(stake * rows.length)
        const best = Math.max(...rows.map((row) => row.correct))
        const winners = outcome.winners.map((share) =>
          pot.find((row) => row.userId === share.userId)!,
        )
        for (const winner of winners) expect(winner.correct).toBe(best)
        const amounts = outcome.winners.map((share) => share.coins)
        expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThan(outcome.winners.length)
      }),
    )
  })
})
