// The "second chance is open" mail (docs/product.md, second chance for fans) in the fan's
// language and time zone, with the one-click unsubscribe of the reminders it belongs with
// (RFC 8058 headers and the footer link, decision 100).
import type { Language } from '#shared/schemas/auth'
import { renderMailLayout } from '#server/mail/mail-layout'
import type { OutgoingMail } from '#server/mail/mailer'
import { formatDeadline } from '#server/features/reminders/reminder-mail'
import type { UnsubscribeLinks } from '#server/features/preferences/unsubscribe-links'

export interface SecondChanceMailInput {
  to: string
  name: string
  lang: Language
  timeZone: string | null
  tournamentName: string
  entryFee: number
  deadline: Date
  /** The tournament page, where the second chance's card opens the wizard. */
  link: string
  unsubscribe: UnsubscribeLinks
}

const COPY = {
  en: {
    subject: (tournament: string) => `A second chance in ${tournament}`,
    greeting: (name: string) => `Hi ${name},`,
    body: (tournament: string) =>
      `The quarterfinals of ${tournament} are set, and a second chance is open: predict the quarterfinals, semifinals, final and MVP and play for a new prize pool, by the same tiers.`,
    terms: (fee: string, deadline: string) =>
      `The entry fee is ${fee} coins. Entries close on ${deadline}.`,
    action: 'Enter the second chance',
    note: 'You get this mail because you entered this tournament and have reminders on.',
  },
  es: {
    subject: (tournament: string) => `Una segunda oportunidad en ${tournament}`,
    greeting: (name: string) => `Hola, ${name}:`,
    body: (tournament: string) =>
      `Los cuartos de final de ${tournament} ya están definidos y se abre una segunda oportunidad: predice cuartos, semifinales, final y MVP y juega por un nuevo bote, con los mismos niveles.`,
    terms: (fee: string, deadline: string) =>
      `La inscripción cuesta ${fee} monedas. Se cierra el ${deadline}.`,
    action: 'Entrar en la segunda oportunidad',
    note: 'Recibes este correo porque participas en este torneo y tienes los recordatorios activados.',
  },
} as const

export function secondChanceMail(input: SecondChanceMailInput): OutgoingMail {
  const copy = COPY[input.lang]
  const fee = new Intl.NumberFormat(input.lang === 'es' ? 'es-ES' : 'en-GB', {
    useGrouping: 'always',
  }).format(input.entryFee)
  const content = renderMailLayout({
    lang: input.lang,
    subject: copy.subject(input.tournamentName),
    greeting: copy.greeting(input.name),
    paragraphs: [
      copy.body(input.tournamentName),
      copy.terms(fee, formatDeadline(input.deadline, input.lang, input.timeZone)),
    ],
    action: { label: copy.action, link: input.link },
    note: copy.note,
    unsubscribeLink: input.unsubscribe.pageUrl,
  })
  return { to: input.to, link: input.link, ...content, headers: input.unsubscribe.headers }
}
