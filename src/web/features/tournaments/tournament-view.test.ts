import { describe, expect, it } from 'vitest'
import {
  canPredictIn,
  championOf,
  clockOffset,
  sortByStartDesc,
  tournamentAction,
} from './tournament-view'

describe('tournamentAction', () => {
  const upcoming = { status: 'upcoming', hasBet: false, isBettingOpen: true } as const

  it('offers a bet while betting is open and the user has none', () => {
    expect(tournamentAction(upcoming)).toBe('place_bet')
  })
  it('shows the bet once placed', () => {
    expect(tournamentAction({ ...upcoming, hasBet: true })).toBe('view_bet')
  })
  it('says betting closed after the deadline', () => {
    expect(tournamentAction({ ...upcoming, isBettingOpen: false })).toBe('betting_closed')
  })
  it('a cancelled tournament is only there to be looked at, with or without a (refunded) bet', () => {
    const cancelled = { ...upcoming, status: 'cancelled', isBettingOpen: false } as const
    expect(tournamentAction(cancelled)).toBe('view_cancelled')
    expect(tournamentAction({ ...cancelled, hasBet: true })).toBe('view_cancelled')
  })
  it('points to live results and results by status', () => {
    expect(tournamentAction({ ...upcoming, status: 'active', hasBet: true })).toBe('view_live')
    expect(tournamentAction({ ...upcoming, status: 'completed' })).toBe('view_results')
  })
})

describe('sortByStartDesc', () => {
  it('puts the newest start first without touching the input', () => {
    const cards = [
      { id: 'a', startDate: '2026-01-01T00:00:00Z' },
      { id: 'b', startDate: '2026-03-01T00:00:00Z' },
      { id: 'c', startDate: '2026-02-01T00:00:00Z' },
    ]
    expect(sortByStartDesc(cards).map((c) => c.id)).toEqual(['b', 'c', 'a'])
    expect(cards[0]?.id).toBe('a')
  })
})

describe('clockOffset', () => {
  it('is the server clock minus the device clock, 0 for a bad date', () => {
    expect(clockOffset('2026-01-01T00:00:10.000Z', Date.parse('2026-01-01T00:00:00Z'))).toBe(10_000)
    expect(clockOffset('nope', 5)).toBe(0)
  })
})

describe('championOf', () => {
  const match = (round: 'semifinal' | 'final', winnerTeamId: string | null) => ({
    round,
    winnerTeamId,
  })
  it('is the winner of the final once it is played', () => {
    expect(championOf([match('semifinal', 'a'), match('final', 'b')])).toBe('b')
  })
  it('is unknown before the final is played, or without a final', () => {
    expect(championOf([match('semifinal', 'a'), match('final', null)])).toBeNull()
    expect(championOf([match('semifinal', 'a')])).toBeNull()
    expect(championOf([])).toBeNull()
  })
})

describe('canPredictIn', () => {
  // A full draw: 8 round-of-16 matches with two pairs each, then empty later rounds.
  const rounds = [
    ['round16', 8],
    ['quarterfinal', 4],
    ['semifinal', 2],
    ['final', 1],
  ] as const
  const matches = rounds.flatMap(([round, count]) =>
    Array.from({ length: count }, (_, i) => ({
      id: `${round}-${i + 1}`,
      round,
      matchNumber: i + 1,
      team1Id: round === 'round16' ? `p${2 * i + 1}` : null,
      team2Id: round === 'round16' ? `p${2 * i + 2}` : null,
      winnerTeamId: null,
      sets: null,
      startsAt: null,
      court: null,
    })),
  )
  const open = { isBettingOpen: true, hasBet: false, matches }

  it('lets a fan without a bet predict while betting is open on a playable draw', () => {
    expect(canPredictIn(open, null)).toBe(true)
  })
  it('not once betting has closed, a bet exists, or the draw cannot produce a champion', () => {
    expect(canPredictIn({ ...open, isBettingOpen: false }, null)).toBe(false)
    expect(canPredictIn({ ...open, hasBet: true }, null)).toBe(false)
    expect(canPredictIn({ ...open, matches: [] }, null)).toBe(false)
  })
  it('not when the answer already holds a bet the card does not know of yet', () => {
    const bet = { status: 'active' } as unknown as Parameters<typeof canPredictIn>[1]
    expect(canPredictIn(open, bet)).toBe(false)
  })
})
