// The deadline reminder (docs/product.md "Mail preferences, unsubscribing and deadline
// reminders"): names the tournament, the deadline in the fan's language and time zone, the
// current pool, and links straight to the wizard; the one-click unsubscribe turns reminders off
// (docs/decisions/100). A second chance's reminder (§19) names the second chance, its own
// deadline and pool. A reminder that goes out late (docs/decisions/165) says when the deadline
// falls ("closes today at 16:33", in the fan's zone) instead of a number of hours that no longer
// holds.
import type { Language } from '#shared/schemas/auth'
import type { Contest } from '#shared/schemas/contest'
import { formatTime } from '#server/game/push-copy'
import { renderMailLayout, type MailContent } from '#server/mail/mail-layout'
import {
  compileMailTemplate,
  fillMailTemplate,
  type MailFiller,
  type MailTemplate,
} from '#server/mail/mail-template'

export type ReminderWindow = 24 | 2
/** A deadline at most 24 h away falls today or tomorrow in the fan's zone. */
type ClosingDay = 'today' | 'tomorrow'

const HOUR_MS = 60 * 60 * 1000
/**
 * A scan runs every minute (REMINDER_SCAN_SECONDS), so an on-time reminder leaves within a minute
 * or two of its window opening; one written more than this after (the servers were down, the
 * deadline was moved into the window) says when the deadline falls, not "24 hours left".
 */
export const LATE_AFTER_MS = 15 * 60 * 1000

/** Whether a reminder written at `now` is late for its window (decided by the scan's clock). */
export function isLateReminder(window: ReminderWindow, deadline: Date, now: Date): boolean {
  return deadline.getTime() - now.getTime() < window * HOUR_MS - LATE_AFTER_MS
}

export interface ReminderMailInput {
  lang: Language
  /** Which deadline: the main bracket's, or the second chance's. */
  contest: Contest
  /** IANA zone; null = UTC. */
  timeZone: string | null
  name: string
  window: ReminderWindow
  /** The scan's moment: whether the reminder is late, and "today" or "tomorrow", follow it. */
  sentAt: Date
  tournamentName: string
  deadline: Date
  pool: number
  wizardLink: string
  /** The tournament's .ics (docs/product.md "Calendars"), to keep the deadline in a calendar. */
  calendarLink: string
  unsubscribeLink: string
}

const COPY = {
  en: {
    subject: (window: ReminderWindow, tournament: string) =>
      window === 24
        ? `24 hours left to enter ${tournament}`
        : `Last call: 2 hours left to enter ${tournament}`,
    lateSubject: (when: string, tournament: string) => `Closes ${when}: enter ${tournament}`,
    when: (day: ClosingDay, time: string) => `${day} at ${time}`,
    greeting: (name: string) => `Hi ${name},`,
    body: (tournament: string, deadline: string) =>
      `Predictions for ${tournament} close on ${deadline}. You have not made yours yet.`,
    pool: (pool: string) => `The prize pool is ${pool} coins so far.`,
    action: 'Make my prediction',
    note: 'You get this reminder because you have not entered this tournament.',
    calendar: (link: string) => `Add the deadline to your calendar: ${link}`,
    utc: 'UTC',
    secondChance: {
      subject: (window: ReminderWindow, tournament: string) =>
        window === 24
          ? `24 hours left to enter the second chance of ${tournament}`
          : `Last call: 2 hours left to enter the second chance of ${tournament}`,
      lateSubject: (when: string, tournament: string) =>
        `Closes ${when}: the second chance of ${tournament}`,
      body: (tournament: string, deadline: string) =>
        `The second chance of ${tournament} (the quarterfinals, semifinals, final and MVP) takes entries until ${deadline}. You have not entered it yet.`,
      pool: (pool: string) => `Its prize pool is ${pool} coins so far.`,
      action: 'Enter the second chance',
      note: 'You get this reminder because you entered this tournament but not its second chance.',
    },
  },
  es: {
    subject: (window: ReminderWindow, tournament: string) =>
      window === 24
        ? `Quedan 24 horas para participar en ${tournament}`
        : `Última llamada: quedan 2 horas para participar en ${tournament}`,
    lateSubject: (when: string, tournament: string) =>
      `Se cierra ${when}: participa en ${tournament}`,
    when: (day: ClosingDay, time: string) => `${day === 'today' ? 'hoy' : 'mañana'} a las ${time}`,
    greeting: (name: string) => `Hola, ${name}:`,
    body: (tournament: string, deadline: string) =>
      `Los pronósticos de ${tournament} se cierran el ${deadline}. Todavía no has hecho el tuyo.`,
    pool: (pool: string) => `El bote va por ${pool} monedas.`,
    action: 'Hacer mi pronóstico',
    note: 'Recibes este recordatorio porque aún no participas en este torneo.',
    calendar: (link: string) => `Añade el cierre a tu calendario: ${link}`,
    utc: 'UTC',
    secondChance: {
      subject: (window: ReminderWindow, tournament: string) =>
        window === 24
          ? `Quedan 24 horas para entrar en la segunda oportunidad de ${tournament}`
          : `Última llamada: quedan 2 horas para entrar en la segunda oportunidad de ${tournament}`,
      lateSubject: (when: string, tournament: string) =>
        `Se cierra ${when}: segunda oportunidad de ${tournament}`,
      body: (tournament: string, deadline: string) =>
        `La segunda oportunidad de ${tournament} (cuartos, semifinales, final y MVP) admite participaciones hasta el ${deadline}. Todavía no has entrado.`,
      pool: (pool: string) => `Su bote va por ${pool} monedas.`,
      action: 'Entrar en la segunda oportunidad',
      note: 'Recibes este recordatorio porque participas en este torneo pero no en su segunda oportunidad.',
    },
  },
} as const

const LOCALES: Record<Language, string> = { en: 'en-GB', es: 'es-ES' }

// Building an Intl formatter costs far more than using one, and a scan writes thousands of mails
// in a handful of languages and zones: each formatter is built once per process.
const dateFormats = new Map<string, Intl.DateTimeFormat>()
const numberFormats = new Map<Language, Intl.NumberFormat>()

function dateFormatOf(lang: Language, timeZone: string): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone,
    })
    dateFormats.set(key, format)
  }
  return format
}

function numberFormatOf(lang: Language): Intl.NumberFormat {
  let format = numberFormats.get(lang)
  if (!format) {
    // 'always': Spanish groups four digits too ("5.000 monedas"), as the app does.
    format = new Intl.NumberFormat(LOCALES[lang], { useGrouping: 'always' })
    numberFormats.set(lang, format)
  }
  return format
}

/** The deadline as the fan reads it: their language, their zone (UTC when none), zone named. */
export function formatDeadline(deadline: Date, lang: Language, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC'
  return `${dateFormatOf(lang, zone).format(deadline)} (${timeZone ?? COPY[lang].utc})`
}

/** "today at 16:33" / "mañana a las 09:10": the deadline's day and time in the fan's zone. */
export function closingWhen(
  lang: Language,
  deadline: Date,
  now: Date,
  timeZone: string | null,
): string {
  const day = dayOf(deadline, timeZone) === dayOf(now, timeZone) ? 'today' : 'tomorrow'
  return COPY[lang].when(day, formatTime(lang, deadline, timeZone))
}

function dayOf(at: Date, timeZone: string | null): string {
  try {
    return at.toLocaleDateString('en-CA', { timeZone: timeZone ?? 'UTC' })
  } catch {
    // An unknown zone reads as UTC, as formatTime does.
    return at.toLocaleDateString('en-CA', { timeZone: 'UTC' })
  }
}

export function renderReminderMail(input: ReminderMailInput): MailContent {
  const copy = input.contest === 'main' ? COPY[input.lang] : COPY[input.lang].secondChance
  const pool = numberFormatOf(input.lang).format(input.pool)
  const subject = isLateReminder(input.window, input.deadline, input.sentAt)
    ? copy.lateSubject(
        closingWhen(input.lang, input.deadline, input.sentAt, input.timeZone),
        input.tournamentName,
      )
    : copy.subject(input.window, input.tournamentName)
  return renderMailLayout({
    lang: input.lang,
    subject,
    greeting: COPY[input.lang].greeting(input.name),
    paragraphs: [
      copy.body(input.tournamentName, formatDeadline(input.deadline, input.lang, input.timeZone)),
      copy.pool(pool),
      COPY[input.lang].calendar(input.calendarLink),
    ],
    action: { label: copy.action, link: input.wizardLink },
    note: copy.note,
    unsubscribeLink: input.unsubscribeLink,
  })
}

/** What differs from fan to fan among one scan's reminders of a tournament in one language and zone. */
export type ReminderSlot = 'name' | 'unsubscribeLink'

/**
 * The reminder rendered once for every fan who shares its language and zone, filled per fan
 * (docs/decisions/169): the same bytes as renderReminderMail with the fan's name and link.
 */
export function compileReminderMail(
  input: Omit<ReminderMailInput, ReminderSlot>,
): MailFiller<ReminderSlot> {
  const template = reminderMailTemplate(input)
  return (values) => fillMailTemplate(template, values)
}

/** The same, as data the outbox stores once and fills at send time (docs/decisions/176). */
export function reminderMailTemplate(
  input: Omit<ReminderMailInput, ReminderSlot>,
): MailTemplate<ReminderSlot> {
  return compileMailTemplate(['name', 'unsubscribeLink'], (slots) =>
    renderReminderMail({ ...input, ...slots }),
  )
}
