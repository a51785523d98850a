import { describe, expect, it } from 'vitest'
import {
  DASH,
  formatWinRate,
  pickLiveTournaments,
  pickUpcomingTournaments,
  upcomingAction,
} from './dashboard-selection'

type Status = 'upcoming' | 'active' | 'completed' | 'cancelled'

function tournament(id: string, status: Status, startDate: string) {
  return { id, status, startDate }
}

const list = [
  tournament('done', 'completed', '2026-01-01T10:00:00Z'),
  tournament('live-old', 'active', '2026-02-01T10:00:00Z'),
  tournament('up-late', 'upcoming', '2026-06-01T10:00:00Z'),
  tournament('live-new', 'active', '2026-02-10T10:00:00Z'),
  tournament('up-soon', 'upcoming', '2026-03-01T10:00:00Z'),
  tournament('cancelled', 'cancelled', '2026-03-02T10:00:00Z'),
  tournament('live-mid', 'active', '2026-02-05T10:00:00Z'),
  tournament('up-mid', 'upcoming', '2026-04-01T10:00:00Z'),
  tournament('live-oldest', 'active', '2026-01-20T10:00:00Z'),
  tournament('up-latest', 'upcoming', '2026-07-01T10:00:00Z'),
]

describe('pickLiveTournaments', () => {
  it('keeps only active tournaments, at most three, most recently started first', () => {
    expect(pickLiveTournaments(list).map((t) => t.id)).toEqual(['live-new', 'live-mid', 'live-old'])
  })

  it('returns fewer when fewer are live, and none from an empty list', () => {
    expect(pickLiveTournaments(list.slice(0, 2)).map((t) => t.id)).toEqual(['live-old'])
    expect(pickLiveTournaments([])).toEqual([])
  })

  it('does not reorder the list it was given', () => {
    const copy = [...list]
    pickLiveTournaments(list)
    expect(list).toEqual(copy)
  })
})

describe('pickUpcomingTournaments', () => {
  it('keeps only upcoming tournaments, at most three, soonest start first', () => {
    expect(pickUpcomingTournaments(list).map((t) => t.id)).toEqual(['up-soon', 'up-mid', 'up-late'])
  })

  it('never shows completed or cancelled tournaments', () => {
    const ids = pickUpcomingTournaments(list, 10).map((t) => t.id)
    expect(ids).not.toContain('done')
    expect(ids).not.toContain('cancelled')
    expect(ids).toHaveLength(4)
  })
})

describe('upcomingAction', () => {
  it('offers the bet when there is one, even after the deadline', () => {
    expect(upcomingAction({ hasBet: true, isBettingOpen: true })).toBe('view-bet')
    expect(upcomingAction({ hasBet: true, isBettingOpen: false })).toBe('view-bet')
  })

  it('offers to place bets while betting is open, else just the tournament', () => {
    expect(upcomingAction({ hasBet: false, isBettingOpen: true })).toBe('place-bets')
    expect(upcomingAction({ hasBet: false, isBettingOpen: false })).toBe('view')
  })
})

describe('formatWinRate', () => {
  const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 })

  it('shows dashes while no bet is settled', () => {
    expect(formatWinRate(null, percent)).toBe(DASH)
    expect(formatWinRate(undefined, percent)).toBe(DASH)
  })

  it('formats the percentage, including a real 0 %', () => {
    expect(formatWinRate(0, percent)).toBe('0%')
    expect(formatWinRate(66.67, percent)).toBe('66.7%')
    expect(formatWinRate(100, percent)).toBe('100%')
  })
})
