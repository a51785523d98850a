import { describe, expect, it } from 'vitest'
import { timeZoneLabel, zoneOffset } from './format'

describe('timeZoneLabel', () => {
  it('names the zone and its offset on the given date, summer time included', () => {
    const winter = new Date('2026-01-15T12:00:00Z')
    const summer = new Date('2026-07-15T12:00:00Z')
    expect(timeZoneLabel('en', winter, 'Europe/Madrid')).toBe('Europe/Madrid (GMT+1)')
    expect(timeZoneLabel('es', summer, 'Europe/Madrid')).toBe('Europe/Madrid (GMT+2)')
    expect(zoneOffset('en', winter, 'America/Argentina/Buenos_Aires')).toBe('GMT-3')
  })
})
