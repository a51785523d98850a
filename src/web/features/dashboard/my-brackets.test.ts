import { describe, expect, it } from 'vitest'
import {
  bracketOutcome,
  firstPredictionTarget,
  needsFirstPrediction,
  visibleBrackets,
} from './my-brackets'

describe('bracketOutcome', () => {
  it('names every result, the prize of a win and the refund of a cancelled tournament', () => {
    expect(bracketOutcome({ status: 'active', payout: null })).toEqual({ kind: 'in-play' })
    expect(bracketOutcome({ status: 'won', payout: 700 })).toEqual({ kind: 'won', coins: 700 })
    expect(bracketOutcome({ status: 'lost', payout: 0 })).toEqual({ kind: 'no-prize' })
    expect(bracketOutcome({ status: 'refunded', payout: 50 })).toEqual({
      kind: 'refunded',
      coins: 50,
    })
  })
})

describe('needsFirstPrediction', () => {
  it('is true only once the figures say the fan has never bet', () => {
    expect(needsFirstPrediction(undefined)).toBe(false)
    expect(needsFirstPrediction({ betCount: 0 })).toBe(true)
    expect(needsFirstPrediction({ betCount: 1 })).toBe(false)
  })
})

describe('firstPredictionTarget', () => {
  const card = (id: string, startDate: string, isBettingOpen: boolean) => ({
    id,
    status: 'upcoming' as const,
    startDate,
    isBettingOpen,
  })

  it('leads to the soonest tournament open for predictions, else to the list', () => {
    expect(
      firstPredictionTarget([
        card('late', '2026-06-01T10:00:00Z', true),
        card('closed', '2026-03-01T10:00:00Z', false),
        card('soon', '2026-04-01T10:00:00Z', true),
      ]),
    ).toBe('/tournament/soon')
    expect(firstPredictionTarget([card('closed', '2026-03-01T10:00:00Z', false)])).toBe(
      '/tournaments',
    )
    expect(firstPredictionTarget([])).toBe('/tournaments')
  })
})

describe('visibleBrackets', () => {
  const bets = Array.from({ length: 8 }, (_, index) => ({ id: `bet-${index}` }))

  it('shows the five newest until asked for all', () => {
    expect(visibleBrackets(bets, false).map((bet) => bet.id)).toEqual([
      'bet-0',
      'bet-1',
      'bet-2',
      'bet-3',
      'bet-4',
    ])
    expect(visibleBrackets(bets, true)).toHaveLength(8)
    expect(visibleBrackets(bets.slice(0, 2), false)).toHaveLength(2)
  })
})
