import { describe, expect, it } from 'vitest'
import {
  cancelProblem,
  canCancel,
  canChangeLive,
  canEnterResults,
  canSetMvp,
  SETTLEMENT_STAGES,
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
  it('sets the MVP only on a completed tournament whose settlement has not started', () => {
    expect(TOURNAMENT_STATUSES.filter((status) => canSetMvp(status, 'not_started'))).toEqual([
      'completed',
    ])
    for (const stage of SETTLEMENT_STAGES.filter((stage) => stage !== 'not_started')) {
      expect(canSetMvp('completed', stage)).toBe(false)
    }
  })

  it('cancels any tournament whose settlement has not started, a completed one included', () => {
    expect(TOURNAMENT_STATUSES.filter((status) => canCancel(status, 'not_started'))).toEqual([
      'upcoming',
      'active',
      'completed',
    ])
    expect(cancelProblem('cancelled', 'not_started')).toBe('already_cancelled')
  })

  it('cancels a stopped settlement, never a running, finished or cancelled one', () => {
    expect(cancelProblem('completed', 'stopped')).toBeNull()
    expect(cancelProblem('completed', 'in_progress')).toBe('settlement_running')
    expect(cancelProblem('completed', 'completed')).toBe('settled')
    expect(cancelProblem('cancelled', 'cancelled')).toBe('already_cancelled')
  })
})

describe('results and betting', () => {
  it('takes results only once betting has closed', () => {
    expect(canEnterResults('upcoming', deadline, justBefore)).toBe(false)
    expect(canEnterResults('upcoming', deadline, deadline)).toBe(true)
    expect(canEnterResults('active', deadline, justBefore)).toBe(true)
    expect(canEnterResults('completed', deadline, justBefore)).toBe(true)
  })
})

describe('canChangeLive', () => {
  it('is true while results or the MVP can still arrive, never before play or once final', () => {
    expect(canChangeLive('upcoming', null)).toBe(false)
    expect(canChangeLive('active', null)).toBe(true)
    expect(canChangeLive('active', 'mvp')).toBe(true)
    expect(canChangeLive('completed', null)).toBe(true)
    expect(canChangeLive('completed', 'mvp')).toBe(false)
    expect(canChangeLive('cancelled', null)).toBe(false)
  })
})
