import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countdown, countdownText, type Countdown } from './countdown'
import { isBettingOpen } from './tournament'

const deadline = new Date('2026-05-10T20:00:00Z')
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const before = (ms: number) => new Date(deadline.getTime() - ms)

describe('countdown', () => {
  it('is closed (red) at and after the deadline', () => {
    expect(countdown(deadline, deadline)).toEqual({ kind: 'closed', colour: 'red' })
    expect(countdown(deadline, before(-1))).toEqual({ kind: 'closed', colour: 'red' })
    expect(countdownText(countdown(deadline, deadline))).toBe('Betting closed')
  })

  it('shows days and hours (green) while a day or more is left', () => {
    const value = countdown(deadline, before(2 * DAY + 5 * HOUR + 59 * MINUTE))
    expect(value).toEqual({ kind: 'days', days: 2, hours: 5, colour: 'green' })
    expect(countdownText(value)).toBe('2d 5h remaining')
    expect(countdown(deadline, before(DAY))).toEqual({
      kind: 'days',
      days: 1,
      hours: 0,
      colour: 'green',
    })
  })

  it('shows hours and minutes (orange) under a day', () => {
    const value = countdown(deadline, before(DAY - 1))
    expect(value).toEqual({ kind: 'hours', hours: 23, minutes: 59, colour: 'orange' })
    expect(countdownText(value)).toBe('23h 59m remaining')
    expect(countdownText(countdown(deadline, before(HOUR)))).toBe('1h 0m remaining')
  })

  it('shows minutes (orange) under an hour', () => {
    const value = countdown(deadline, before(HOUR - 1))
    expect(value).toEqual({ kind: 'minutes', minutes: 59, colour: 'orange' })
    expect(countdownText(value)).toBe('59m remaining')
    expect(countdownText(countdown(deadline, before(MINUTE)))).toBe('1m remaining')
  })

  it('says less than a minute, still open, in the last minute', () => {
    expect(countdown(deadline, before(MINUTE - 1))).toEqual({
      kind: 'under_minute',
      colour: 'orange',
    })
    expect(countdown(deadline, before(1))).toEqual({ kind: 'under_minute', colour: 'orange' })
    expect(countdownText(countdown(deadline, before(30 * SECOND)))).toBe('Less than 1m remaining')
  })

  it('accepts epoch milliseconds', () => {
    expect(countdown(deadline.getTime(), deadline.getTime() - 90 * MINUTE)).toMatchObject({
      kind: 'hours',
      hours: 1,
      minutes: 30,
    })
  })

  it('treats an invalid date as closed', () => {
    expect(countdown(new Date('nonsense'), deadline).kind).toBe('closed')
    expect(countdown(deadline, Number.NaN).kind).toBe('closed')
  })

  it('never shows more time than is left, and is open exactly when betting is (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -DAY, max: 400 * DAY }), (left) => {
        const value: Countdown = countdown(deadline, before(left))
        const shown =
          value.kind === 'days'
            ? value.days * DAY + value.hours * HOUR
            : value.kind === 'hours'
              ? value.hours * HOUR + value.minutes * MINUTE
              : value.kind === 'minutes'
                ? value.minutes * MINUTE
                : 0
        expect(shown).toBeLessThanOrEqual(Math.max(left, 0))
        expect(left - shown).toBeLessThan(value.kind === 'days' ? HOUR : MINUTE)
        expect(value.kind !== 'closed').toBe(isBettingOpen('upcoming', deadline, before(left)))
        expect(value.colour).toBe(
          value.kind === 'closed' ? 'red' : value.kind === 'days' ? 'green' : 'orange',
        )
      }),
    )
  })
})
