import { describe, expect, it } from 'vitest'
import { abbaOrder, abbaRounds } from './ab-rounds'

describe('abbaOrder', () => {
  it('reverses every other round', () => {
    expect(abbaOrder('a', 'b', 3)).toEqual([
      ['a', 'b'],
      ['b', 'a'],
      ['a', 'b'],
    ])
  })
})

describe('abbaRounds', () => {
  it('measures every round when there is no warm-up', () => {
    expect(abbaRounds('a', 'b', 2)).toEqual([
      { round: 1, variants: ['a', 'b'], measured: true },
      { round: 2, variants: ['b', 'a'], measured: true },
    ])
  })

  it('runs both variants once unmeasured, then balanced measured rounds', () => {
    const rounds = abbaRounds('a', 'b', 2, { warmUp: true })
    expect(rounds[0]).toEqual({ round: 0, variants: ['a', 'b'], measured: false })
    const measured = rounds.filter((round) => round.measured).flatMap((round) => round.variants)
    expect(measured).toEqual(['b', 'a', 'a', 'b'])
  })
})
