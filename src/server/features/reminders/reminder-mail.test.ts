import { describe, expect, it } from 'vitest'
import { renderReminderMail, type ReminderMailInput } from './reminder-mail'

const DEADLINE = new Date('2026-05-02T14:33:00Z')

function input(overrides: Partial<ReminderMailInput>): ReminderMailInput {
  return {
    lang: 'es',
    contest: 'main',
    timeZone: 'Europe/Madrid',
    name: 'Ana',
    window: 2,
    tournamentName: 'Madrid P1',
    deadline: DEADLINE,
    pool: 5000,
    wizardLink: 'https://gp.example/tournament/t?predict=1',
    calendarLink: 'https://gp.example/cal.ics',
    unsubscribeLink: 'https://gp.example/unsubscribe',
    ...overrides,
  }
}

describe('the deadline reminder', () => {
  it('formats the pool the Spanish way, four digits included', () => {
    expect(renderReminderMail(input({})).text).toContain('El bote va por 5.000 monedas.')
    expect(renderReminderMail(input({ lang: 'en' })).text).toContain('5,000 coins')
  })
})
