import { describe, expect, it } from 'vitest'
import {
  allowedStatusTransitions,
  CREATION_STATUSES,
  isCreationStatus,
  statusChangeProblem,
} from './status-transitions'
import { TOURNAMENT_STATUSES } from './tournament'

const deadline = new Date('2026-05-10T20:00:00Z')
const justBefore = new Date(deadline.getTime() - 1)
const closed = { bettingDeadline: deadline, now: deadline.getTime() + 1 }
const fresh = { isSettled: false, hasResults: false }

describe('allowedStatusTransitions', () => {
  it('moves an open tournament forward, never to cancelled (that is its own action)', () => {
    expect(allowedStatusTransitions('upcoming', fresh)).toEqual(['upcoming', 'active', 'completed'])
    expect(statusChangeProblem({ ...fresh, ...closed, from: 'upcoming', to: 'cancelled' })).toBe(
      'cancel_by_route',
    )
  })

  it('reopens betting only while no match has a result', () => {
    expect(allowedStatusTransitions('active', fresh)).toEqual(['active', 'upcoming', 'completed'])
    const withResults = { isSettled: false, hasResults: true }
    expect(allowedStatusTransitions('active', withResults)).toEqual(['active', 'completed'])
    expect(allowedStatusTransitions('completed', withResults)).toEqual(['completed', 'active'])
    expect(
      statusChangeProblem({ ...withResults, ...closed, from: 'completed', to: 'upcoming' }),
    ).toBe('results_exist')
  })

  it('keeps cancelled and settled tournaments where they are', () => {
    expect(allowedStatusTransitions('cancelled', fresh)).toEqual(['cancelled'])
    expect(allowedStatusTransitions('completed', { isSettled: true, hasResults: true })).toEqual([
      'completed',
    ])
  })
})

describe('the select and the server', () => {
  it('offer and accept the same changes, whatever the deadline', () => {
    const open = { bettingDeadline: deadline, now: justBefore }
    for (const from of TOURNAMENT_STATUSES) {
      for (const isSettled of [false, true]) {
        for (const hasResults of [false, true]) {
          const offered = allowedStatusTransitions(from, { isSettled, hasResults })
          for (const to of TOURNAMENT_STATUSES) {
            if (to === from) continue
            for (const when of [open, closed]) {
              const accepted =
                statusChangeProblem({ from, to, isSettled, hasResults, ...when }) === null
              expect(offered.includes(to), `${from} → ${to}`).toBe(accepted)
            }
          }
        }
      }
    }
  })
})

describe('statusChangeProblem', () => {
  const change = { ...closed, isSettled: false, hasResults: true }

  it('never goes back to upcoming once a result exists', () => {
    expect(statusChangeProblem({ ...change, from: 'completed', to: 'upcoming' })).toBe(
      'results_exist',
    )
    expect(statusChangeProblem({ ...change, from: 'active', to: 'upcoming' })).toBe('results_exist')
    expect(statusChangeProblem({ ...change, from: 'completed', to: 'active' })).toBeNull()
    expect(
      statusChangeProblem({ ...change, from: 'completed', to: 'upcoming', hasResults: false }),
    ).toBeNull()
  })

  it('never reopens betting by moving the deadline of an upcoming tournament with results', () => {
    expect(statusChangeProblem({ ...change, from: 'upcoming', to: 'upcoming' })).toBeNull()
    expect(
      statusChangeProblem({ ...change, from: 'upcoming', to: 'upcoming', now: justBefore }),
    ).toBe('results_exist')
  })

  it('refuses every save of a settled tournament, and reopening a cancelled one', () => {
    const settled = { ...change, isSettled: true }
    expect(statusChangeProblem({ ...settled, from: 'completed', to: 'completed' })).toBe('settled')
    expect(statusChangeProblem({ ...settled, from: 'completed', to: 'active' })).toBe('settled')
    const cancelled = { ...change, hasResults: false, from: 'cancelled' as const }
    expect(statusChangeProblem({ ...cancelled, to: 'cancelled' })).toBeNull()
    expect(statusChangeProblem({ ...cancelled, to: 'upcoming' })).toBe('cancelled')
  })
})

describe('CREATION_STATUSES', () => {
  it('lets a new tournament start in any status but cancelled', () => {
    expect(CREATION_STATUSES).toEqual(['upcoming', 'active', 'completed'])
    expect(isCreationStatus('cancelled')).toBe(false)
  })
})
