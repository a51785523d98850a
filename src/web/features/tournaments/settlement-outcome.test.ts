import { describe, expect, it } from 'vitest'
import type { MyPerformance } from '#shared/schemas/admin'
import type { PrizePoolConfig } from '#shared/schemas/tournament'
import { settlementOutcome } from './settlement-outcome'

const tiers: PrizePoolConfig['tiers'] = {
  tier_100: { min_accuracy: 100, prize_percentage: 100, description: 'Perfect Prediction' },
  tier_90: { min_accuracy: 90, prize_percentage: 60, description: 'Near Perfect' },
  tier_60: { min_accuracy: 60, prize_percentage: 5, description: 'Good' },
}

function performance(overrides: {
  tier: MyPerformance['tier_level']
  prize: number
  correct?: number
  status?: MyPerformance['bet_status']
}): MyPerformance {
  const correct = overrides.correct ?? 15
  return {
    bet_status: overrides.status ?? (overrides.prize > 0 ? 'won' : 'lost'),
    prediction_result: {
      correct_predictions: correct,
      total_predictions: 16,
      accuracy_percentage: (correct / 16) * 100,
    },
    prize_distribution: { prize_amount: overrides.prize },
    tier_level: overrides.tier,
  }
}

describe('settlementOutcome', () => {
  it('a win at the full table prize: tier, score, amount, nothing reduced', () => {
    // 60 % of 1,200 is 720.
    expect(settlementOutcome(performance({ tier: 'tier_90', prize: 720 }), 1200, tiers)).toEqual({
      kind: 'won',
      amount: 720,
      tierKey: 'tier_90',
      tierLabel: 'Near Perfect',
      correct: 15,
      total: 16,
      accuracy: 93.75,
      tablePrize: 720,
      tablePercentage: 60,
      isReduced: false,
    })
  })

  it('a win below the table prize says the prizes were reduced, and by how much', () => {
    const outcome = settlementOutcome(performance({ tier: 'tier_90', prize: 600 }), 1200, tiers)
    expect(outcome).toMatchObject({ kind: 'won', amount: 600, tablePrize: 720, isReduced: true })
  })

  it('a tier reached whose reduced prize came to nothing is not a plain loss', () => {
    const outcome = settlementOutcome(performance({ tier: 'tier_60', prize: 0 }), 1200, tiers)
    expect(outcome).toMatchObject({
      kind: 'reduced_to_nothing',
      tierKey: 'tier_60',
      tierLabel: 'Good',
      tablePrize: 60,
    })
  })

  it('below every tier: no prize, with the score', () => {
    expect(
      settlementOutcome(performance({ tier: 'no_tier', prize: 0, correct: 7 }), 1200, tiers),
    ).toEqual({ kind: 'no_prize', correct: 7, total: 16, accuracy: 43.75 })
  })

  it('a tier missing from the config still reads as a win, with the key as its label', () => {
    const outcome = settlementOutcome(performance({ tier: 'tier_80', prize: 300 }), 1200, tiers)
    expect(outcome).toMatchObject({
      kind: 'won',
      tierLabel: 'tier_80',
      tablePrize: null,
      isReduced: false,
    })
  })
})
