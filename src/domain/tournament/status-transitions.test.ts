import { describe, expect, it } from 'vitest'
import { allowedStatusTransitions, canChangeStatus } from './status-transitions'

const fresh = { isSettled: false, hasResults: false }

describe('allowedStatusTransitions', () => {
  it('moves an open tournament forward, never to cancelled (that is its own action)', () => {
    expect(allowedStatusTransitions('upcoming', fresh)).toEqual(['upcoming', 'active', 'completed'])
    expect(canChangeStatus('upcoming', 'cancelled', fresh)).toBe(false)
  })

  it('reopens betting only while no match has a result', () => {
    expect(allowedStatusTransitions('active', fresh)).toEqual(['active', 'upcoming', 'completed'])
    const withResults = { isSettled: false, hasResults: true }
    expect(allowedStatusTransitions('active', withResults)).toEqual(['active', 'completed'])
    expect(allowedStatusTransitions('completed', withResults)).toEqual(['completed', 'active'])
    expect(canChangeStatus('completed', 'upcoming', withResults)).toBe(false)
  })

  it('keeps cancelled and settled tournaments where they are', () => {
    expect(allowedStatusTransitions('cancelled', fresh)).toEqual(['cancelled'])
    expect(allowedStatusTransitions('completed', { isSettled: true, hasResults: true })).toEqual([
      'completed',
    ])
  })
})
