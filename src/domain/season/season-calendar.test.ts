import { describe, expect, it } from 'vitest'
import { currentSeason, isCalendarDay, isSeasonOver, seasonEndsAt } from './season-calendar'

const season = (id: string, startsOn: string, endsOn: string) => ({ id, startsOn, endsOn })

describe('the season calendar', () => {
  it('ends a season at midnight UTC after its last day', () => {
    expect(seasonEndsAt('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z')
    expect(isSeasonOver({ endsOn: '2026-12-31' }, new Date('2026-12-31T23:59:59Z'))).toBe(false)
    expect(isSeasonOver({ endsOn: '2026-12-31' }, new Date('2027-01-01T00:00:00Z'))).toBe(true)
  })

  it('picks the running season, else the one ended last, else the next', () => {
    const past = season('a', '2025-01-01', '2025-12-31')
    const now = season('b', '2026-01-01', '2026-12-31')
    const next = season('c', '2027-01-01', '2027-12-31')
    expect(currentSeason([past, now, next], new Date('2026-06-01T00:00:00Z'))).toBe(now)
    expect(currentSeason([past, next], new Date('2026-06-01T00:00:00Z'))).toBe(past)
    expect(currentSeason([next], new Date('2026-06-01T00:00:00Z'))).toBe(next)
    expect(currentSeason([], new Date())).toBeNull()
  })

  it('prefers the latest start when running seasons overlap', () => {
    const tour = season('a', '2026-01-01', '2026-12-31')
    const summer = season('b', '2026-06-01', '2026-08-31')
    expect(currentSeason([tour, summer], new Date('2026-07-01T00:00:00Z'))).toBe(summer)
  })

  it('knows a real calendar day', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true)
    expect(isCalendarDay('2026-02-30')).toBe(false)
    expect(isCalendarDay('2026-2-3')).toBe(false)
    expect(isCalendarDay('tomorrow')).toBe(false)
  })
})
