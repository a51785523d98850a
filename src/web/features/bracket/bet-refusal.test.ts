import { describe, expect, it } from 'vitest'
import { ApiError } from '#web/lib/api-client'
import { betRefusalOf } from './bet-refusal'

const refused = (status: number, code: ConstructorParameters<typeof ApiError>[1]) =>
  betRefusalOf(new ApiError(status, code, code))

describe('betRefusalOf: what the review does after the server says no', () => {
  it('ends the attempt when the tournament can no longer take this bet', () => {
    expect(refused(409, 'ALREADY_BET')).toBe('final')
    expect(refused(409, 'BETTING_CLOSED')).toBe('final')
    expect(refused(404, 'NOT_FOUND')).toBe('final')
  })

  it('refreshes the balance when the coins are short', () => {
    expect(refused(402, 'INSUFFICIENT_FUNDS')).toBe('funds')
  })

  it('reloads the tournament when its draw or fee changed', () => {
    expect(refused(409, 'CONFLICT')).toBe('changed')
    // The wizard sends only what validation accepts, so a refused bracket means a new draw.
    expect(refused(400, 'INVALID_BRACKET')).toBe('changed')
  })

  it('lets the user simply try again otherwise', () => {
    expect(refused(0, 'NETWORK_ERROR')).toBe('retry')
    expect(refused(500, 'INTERNAL')).toBe('retry')
    expect(refused(429, 'RATE_LIMITED')).toBe('retry')
    expect(betRefusalOf(new Error('boom'))).toBe('retry')
  })
})
