import { describe, expect, it } from 'vitest'
import type { LeaguePot, PotEntry } from '#shared/schemas/league-pot'
import { balanceAfterJoining, canSetStake, parseStake, winnersOf } from './pot-view-model'

function entry(username: string, payout: number | null, isWinner: boolean): PotEntry {
  return {
    username,
    joinedAt: '2026-05-01T10:00:00.000Z',
    isMe: false,
    correct: null,
    tiebreakerDistance: null,
    payout,
    isWinner,
  }
}

function pot(overrides: Partial<LeaguePot> = {}): LeaguePot {
  return {
    leagueId: 'l',
    tournamentId: 't',
    tournamentName: 'Open',
    stake: 50,
    state: 'open',
    total: 0,
    entries: [],
    canJoin: true,
    needsBracket: false,
    hasJoined: false,
    isBettingOpen: true,
    bettingDeadline: '2026-05-02T10:00:00.000Z',
    refundReason: null,
    closedAt: null,
    ...overrides,
  }
}

describe('canSetStake', () => {
  it('lets the owner set a stake on an open tournament until the first member joins', () => {
    expect(canSetStake(null, true, true)).toBe(true)
    expect(canSetStake(pot(), true, true)).toBe(true)
    expect(canSetStake(pot({ entries: [entry('ana', null, false)] }), true, true)).toBe(false)
  })

  it('refuses members, a closed betting window and a closed pot', () => {
    expect(canSetStake(null, false, true)).toBe(false)
    expect(canSetStake(null, true, false)).toBe(false)
    expect(canSetStake(pot({ state: 'refunded' }), true, true)).toBe(false)
  })
})

describe('parseStake', () => {
  it('takes whole coins from 1 to 1,000', () => {
    expect(parseStake('1')).toBe(1)
    expect(parseStake(' 250 ')).toBe(250)
    expect(parseStake('1000')).toBe(1000)
  })

  it('refuses anything else', () => {
    for (const text of ['0', '1001', '', '12.5', '-3', 'ten', '1e3']) {
      expect(parseStake(text), text).toBeNull()
    }
  })
})

describe('balanceAfterJoining and winnersOf', () => {
  it('takes the stake off the balance', () => {
    expect(balanceAfterJoining(1000, 50)).toBe(950)
    expect(balanceAfterJoining(20, 50)).toBe(-30)
  })

  it('names the winners of a paid pot only', () => {
    const entries = [entry('ana', 101, true), entry('ben', 0, false), entry('cy', 100, true)]
    expect(winnersOf(pot({ state: 'paid', entries })).map((e) => e.username)).toEqual(['ana', 'cy'])
    expect(winnersOf(pot({ state: 'refunded', entries }))).toEqual([])
  })
})
