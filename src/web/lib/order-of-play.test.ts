import { describe, expect, it } from 'vitest'
import type { Match } from '#shared/schemas/tournament'
import { dayInZone, formatTimeOfDay } from '#web/lib/format'
import { orderOfPlay, shortMatchName } from './order-of-play'

const match = (overrides: Partial<Match>): Match => ({
  id: 'm',
  round: 'quarterfinal',
  matchNumber: 1,
  team1Id: 'a',
  team2Id: 'b',
  winnerTeamId: null,
  sets: null,
  startsAt: null,
  court: null,
  ...overrides,
})

describe('order of play', () => {
  it('names matches as a printed order of play does', () => {
    expect(shortMatchName({ round: 'quarterfinal', matchNumber: 1 })).toBe('QF1')
    expect(shortMatchName({ round: 'semifinal', matchNumber: 2 })).toBe('SF2')
    expect(shortMatchName({ round: 'round16', matchNumber: 7 })).toBe('R16-7')
    expect(shortMatchName({ round: 'final', matchNumber: 1 })).toBe('F')
  })

  it('counts the day in the fan’s zone, not the server’s', () => {
    // 23:30 in Madrid on 2 May is already 3 May in Tokyo and still 2 May in Buenos Aires.
    const at = new Date('2026-05-02T21:30:00Z')
    expect(dayInZone(at, 'Europe/Madrid')).toBe('2026-05-02')
    expect(dayInZone(at, 'Asia/Tokyo')).toBe('2026-05-03')
    expect(dayInZone(at, 'America/Argentina/Buenos_Aires')).toBe('2026-05-02')
    expect(formatTimeOfDay(at, 'es', 'Europe/Madrid')).toBe('23:30')
    expect(formatTimeOfDay(at, 'en', 'America/Argentina/Buenos_Aires')).toBe('6:30 PM')
  })

  it('orders by start, leaves unscheduled matches out and says today, tomorrow or a date', () => {
    const now = new Date('2026-05-02T10:00:00Z')
    const entries = orderOfPlay(
      [
        match({ id: 'later', startsAt: '2026-05-03T09:00:00Z' }),
        match({ id: 'none' }),
        match({ id: 'today', startsAt: '2026-05-02T16:00:00Z', court: 'Pista Central' }),
        match({ id: 'far', startsAt: '2026-05-09T16:00:00Z' }),
      ],
      now,
      'Europe/Madrid',
    )
    expect(entries.map((entry) => [entry.match.id, entry.day.kind])).toEqual([
      ['today', 'today'],
      ['later', 'tomorrow'],
      ['far', 'date'],
    ])
  })

  it('says a match is playing between its start and its result', () => {
    const now = new Date('2026-05-02T18:30:00Z')
    const [started, played, upcoming] = orderOfPlay(
      [
        match({ id: 'started', startsAt: '2026-05-02T18:00:00Z' }),
        match({ id: 'played', startsAt: '2026-05-02T18:05:00Z', winnerTeamId: 'a' }),
        match({ id: 'upcoming', startsAt: '2026-05-02T20:00:00Z' }),
      ],
      now,
      'UTC',
    )
    expect([started!.state, played!.state, upcoming!.state]).toEqual([
      'playing',
      'played',
      'upcoming',
    ])
  })
})
