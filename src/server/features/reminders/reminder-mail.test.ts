import { describe, expect, it } from 'vitest'
import { compileReminderMail, renderReminderMail, type ReminderMailInput } from './reminder-mail'

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

describe('the deadline reminder rendered once per language and zone', () => {
  const fans = [
    { name: 'Ana', unsubscribeLink: 'https://gp.example/unsubscribe?token=u1.reminders.YQ.sig' },
    { name: `O'Brien <b>&"x"`, unsubscribeLink: 'https://gp.example/unsubscribe?token=a&b=<c>' },
    { name: "$1 $& $` $' $$", unsubscribeLink: 'https://gp.example/unsubscribe?token=t' },
    { name: 'José Ñúñez 🎾', unsubscribeLink: 'https://gp.example/unsubscribe?token=ñ' },
  ]

  it('fills each fan into the same bytes as a full render, in both languages', () => {
    let compared = 0
    for (const lang of ['en', 'es'] as const)
      for (const contest of ['main', 'second_chance'] as const)
        for (const timeZone of [null, 'Europe/Madrid', 'America/Mexico_City'])
          for (const sentAt of [
            new Date(DEADLINE.getTime() - 2 * 60 * 60 * 1000),
            // Late: the subject names the day and time in the fan's zone.
            new Date('2026-05-02T13:30:00Z'),
          ]) {
            const {
              name: _name,
              unsubscribeLink: _link,
              ...shared
            } = input({
              lang,
              contest,
              timeZone,
              sentAt,
              tournamentName: 'Open <de> "Madrid" & Co',
            })
            const fill = compileReminderMail(shared)
            for (const fan of fans) {
              expect(fill(fan)).toEqual(renderReminderMail({ ...shared, ...fan }))
              compared++
            }
          }
    expect(compared).toBe(2 * 2 * 3 * 2 * fans.length)
  })
})
