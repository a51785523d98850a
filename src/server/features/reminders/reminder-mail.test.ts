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
    // Two hours before, as the 2 h window opens: on time.
    sentAt: new Date(DEADLINE.getTime() - 2 * 60 * 60 * 1000),
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

  it('counts the hours left on time, and says when it closes once late', () => {
    expect(renderReminderMail(input({})).subject).toBe(
      'Última llamada: quedan 2 horas para participar en Madrid P1',
    )
    // 14:33 UTC is 16:33 in Madrid (summer time).
    const late = input({ sentAt: new Date('2026-05-02T13:30:00Z') })
    expect(renderReminderMail(late).subject).toBe(
      'Se cierra hoy a las 16:33: participa en Madrid P1',
    )
    expect(renderReminderMail({ ...late, lang: 'en', timeZone: null }).subject).toBe(
      'Closes today at 14:33 UTC: enter Madrid P1',
    )
    // The 24 h reminder sent the evening before, late: tomorrow in the fan's zone.
    const eveningBefore = input({ window: 24, sentAt: new Date('2026-05-01T20:00:00Z') })
    expect(renderReminderMail(eveningBefore).subject).toBe(
      'Se cierra mañana a las 16:33: participa en Madrid P1',
    )
    expect(
      renderReminderMail({ ...eveningBefore, contest: 'second_chance', lang: 'en' }).subject,
    ).toBe('Closes tomorrow at 16:33: the second chance of Madrid P1')
    // Fourteen minutes into the window still counts as on time.
    const fourteen = input({ window: 24, sentAt: new Date('2026-05-01T14:47:00Z') })
    expect(renderReminderMail(fourteen).subject).toBe(
      'Quedan 24 horas para participar en Madrid P1',
    )
  })
})
