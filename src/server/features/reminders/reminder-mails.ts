// The mails of one scan's pass over one due tournament (reminder-scan.ts). A window's first pass
// writes a mail to every fan who has not entered, tens of thousands at once, and they differ only
// by the fan's language, zone, name and unsubscribe link: each language and zone is rendered once
// per pass (docs/decisions/169), and the outbox keeps that render once per chunk with each fan's
// name and link beside it, filled when the mail is sent (docs/decisions/176): the same bytes a
// full render gives.
import { displayNameOf, type Language } from '#shared/schemas/auth'
import type { Env } from '#server/env'
import type { TemplatedMail } from '#server/mail/mail-outbox'
import type { MailTemplate } from '#server/mail/mail-template'
import { unsubscribeLinks } from '#server/mail/unsubscribe-links'
import type { DueTournament } from './due-tournaments'
import { reminderMailTemplate, type ReminderSlot } from './reminder-mail'

export type ReminderMailEnv = Pick<Env, 'PUBLIC_URL' | 'BETTER_AUTH_SECRET'>

/** What a fan's reminder needs from their account and preferences. */
export interface ReminderFan {
  id: string
  email: string
  username: string | null
  display_username: string | null
  locale: string
  time_zone: string | null
}

/** The reminders of one language and zone: the template and each fan's values. */
export interface ReminderWave {
  template: MailTemplate<ReminderSlot>
  mails: TemplatedMail<ReminderSlot>[]
}

/**
 * Returns the writer of `tournament`'s reminders for this pass (`now` is the scan's moment): it
 * groups a chunk's fans by language and zone, one wave each.
 */
export function reminderWavesOf(
  env: ReminderMailEnv,
  tournament: DueTournament,
  now: Date,
): (fans: readonly ReminderFan[]) => ReminderWave[] {
  // Straight to the contest's wizard (the tournament page opens it for a fan who can pay).
  const wizardLink = `${env.PUBLIC_URL}/tournament/${tournament.id}?${
    tournament.contest === 'main' ? 'predict=1' : 'secondChance=1'
  }`
  const compiled = new Map<string, MailTemplate<ReminderSlot>>()
  const templateOf = (key: string, lang: Language, timeZone: string | null) => {
    let template = compiled.get(key)
    if (!template) {
      template = reminderMailTemplate({
        lang,
        contest: tournament.contest,
        timeZone,
        window: tournament.window,
        sentAt: now,
        tournamentName: tournament.name,
        deadline: tournament.deadline,
        pool: tournament.pool,
        wizardLink,
        calendarLink: `${env.PUBLIC_URL}/api/tournaments/${tournament.id}/calendar.ics?lang=${lang}`,
      })
      compiled.set(key, template)
    }
    return template
  }
  return (fans) => {
    const waves = new Map<string, ReminderWave>()
    for (const fan of fans) {
      const lang: Language = fan.locale === 'es' ? 'es' : 'en'
      // '(none)' is no IANA zone: a fan without one cannot share a key with a fan with one.
      const key = `${lang} ${fan.time_zone ?? '(none)'}`
      let wave = waves.get(key)
      if (!wave) {
        wave = { template: templateOf(key, lang, fan.time_zone), mails: [] }
        waves.set(key, wave)
      }
      const links = unsubscribeLinks(env, fan.id, 'reminders')
      wave.mails.push({
        to: fan.email,
        values: {
          name: displayNameOf({
            email: fan.email,
            username: fan.username,
            displayUsername: fan.display_username,
          }),
          unsubscribeLink: links.pageUrl,
        },
        link: wizardLink,
        headers: links.headers,
      })
    }
    return [...waves.values()]
  }
}
