import { describe, expect, it } from 'vitest'
import {
  canCancel,
  canSetMvp,
  isBettingOpen,
  isTournamentStatus,
  TOURNAMENT_STATUSES,
} from './tournament'

const deadline = new Date('2026-05-10T20:00:00Z')
const justBefore = new Date(deadline.getTime() - 1)

describe('statuses', () => {
  it('has the spec’s three and cancelled', () => {
    expect(TOURNAMENT_STATUSES).toEqual(['upcoming', 'active', 'completed', 'cancelled'])
    expect(isTournamentStatus('active')).toBe(true)
    expect(isTournamentStatus('live')).toBe(false)
  })
})

describe('isBettingOpen', () => {
  it('is open only while upcoming and strictly before the deadline', () => {
    expect(isBettingOpen('upcoming', deadline, justBefore)).toBe(true)
    expect(isBettingOpen('upcoming', deadline, deadline)).toBe(false)
    expect(isBettingOpen('upcoming', deadline, deadline.getTime() + 1)).toBe(false)
  })

  it('is closed in every other status', () => {
    for (const status of ['active', 'completed', 'cancelled'] as const) {
      expect(isBettingOpen(status, deadline, justBefore)).toBe(false)
    }
  })

  it('fails closed on an invalid date', () => {
    expect(isBettingOpen('upcoming', new Date('nonsense'), justBefore)).toBe(false)
    expect(isBettingOpen('upcoming', deadline, Number.NaN)).toBe(false)
  })
})

describe('admin actions', () => {
  it('sets the MVP only on a completed tournament', () => {
    expect(TOURNAMENT_STATUSES.filter(canSetMvp)).toEqual(['completed'])
  })

  it('cancels only a tournament that is not completed or cancelled', () => {
    expect(TOURNAMENT_STATUSES.filter(canCancel)).toEqual(['upcoming', 'active'])
  })
})
