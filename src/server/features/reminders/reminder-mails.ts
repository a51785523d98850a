// The mails of one scan's pass over one due tournament (reminder-scan.ts). A window's first pass
// writes a mail to every fan who has not entered, tens of thousands at once, and they differ only
// by the fan's language, zone, name and unsubscribe link: each language and zone is rendered once
// per pass and filled per fan (docs/decisions/169), the same bytes a full render gives.
import { displayNameOf, type Language } from '#shared/schemas/auth'
import type { Env } from '#server/env'
import type { OutgoingMail } from '#server/mail/mailer'
import type { MailFiller } from '#server/mail/mail-template'
import { unsubscribeLinks } from '#server/mail/unsubscribe-links'
import type { DueTournament } from './due-tournaments'
import { compileReminderMail, type ReminderSlot } from './reminder-mail'

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

/** Returns the writer of `tournament`'s reminders for this pass: `now` is the scan's moment. */
export function reminderMailsOf(
  env: ReminderMailEnv,
  tournament: DueTournament,
  now: Date,
): (fan: ReminderFan) => OutgoingMail {
  // Straight to the contest's wizard (the tournament page opens it for a fan who can pay).
  const wizardLink = `${env.PUBLIC_URL}/tournament/${tournament.id}?${
    tournament.contest === 'main' ? 'predict=1' : 'secondChance=1'
  }`
  const compiled = new Map<string, MailFiller<ReminderSlot>>()
  const fillerOf = (lang: Language, timeZone: string | null) => {
    // '(none)' is no IANA zone: a fan without one cannot share a key with a fan with one.
    const key = `${lang} ${timeZone ?? '(none)'}`
    let filler = compiled.get(key)
    if (!filler) {
      filler = compileReminderMail({
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
      compiled.set(key, filler)
    }
    return filler
  }
  return (fan) => {
    const links = unsubscribeLinks(env, fan.id, 'reminders')
    const content = fillerOf(
      fan.locale === 'es' ? 'es' : 'en',
      fan.time_zone,
    )({
      name: displayNameOf({
        email: fan.email,
        username: fan.username,
        displayUsername: fan.display_username,
      }),
      unsubscribeLink: links.pageUrl,
    })
    return { to: fan.email, link: wizardLink, headers: links.headers, ...content }
  }
}
