import { describe, expect, it } from 'vitest'
import { TOP_UP_INTERVAL_MS, topUpEligibility } from './top-up'

const now = new Date('2026-11-25T12:00:00Z')
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000)

describe('topUpEligibility', () => {
  it('offers a top-up to a fan below the lowest open entry fee', () => {
    expect(
      topUpEligibility({ balance: 49, lowestOpenEntryFee: 50, lastTopUpAt: null, now }),
    ).toEqual({ eligible: true })
    expect(topUpEligibility({ balance: 0, lowestOpenEntryFee: 1, lastTopUpAt: null, now })).toEqual(
      { eligible: true },
    )
  })

  it('never offers one to a fan who can afford an entry, whenever the last one was', () => {
    expect(
      topUpEligibility({ balance: 50, lowestOpenEntryFee: 50, lastTopUpAt: null, now }),
    ).toEqual({ eligible: false, reason: 'can_afford', nextAt: null })
    expect(
      topUpEligibility({ balance: 60, lowestOpenEntryFee: 50, lastTopUpAt: hoursAgo(1), now }),
    ).toMatchObject({ reason: 'can_afford' })
  })

  it('offers none while no tournament is open for predictions', () => {
    expect(
      topUpEligibility({ balance: 0, lowestOpenEntryFee: null, lastTopUpAt: null, now }),
    ).toEqual({ eligible: false, reason: 'no_open_tournament', nextAt: null })
  })

  it('offers one every 24 hours, to the millisecond', () => {
    const last = hoursAgo(23)
    expect(
      topUpEligibility({ balance: 0, lowestOpenEntryFee: 50, lastTopUpAt: last, now }),
    ).toEqual({
      eligible: false,
      reason: 'too_soon',
      nextAt: new Date(last.getTime() + TOP_UP_INTERVAL_MS),
    })
    const exactlyADay = new Date(now.getTime() - TOP_UP_INTERVAL_MS)
    expect(
      topUpEligibility({ balance: 0, lowestOpenEntryFee: 50, lastTopUpAt: exactlyADay, now }),
    ).toEqual({ eligible: true })
    const justUnder = new Date(exactlyADay.getTime() + 1)
    expect(
      topUpEligibility({ balance: 0, lowestOpenEntryFee: 50, lastTopUpAt: justUnder, now }),
    ).toMatchObject({ reason: 'too_soon' })
  })
})
