// The league nudge mail (docs/product.md "Leagues"): the league's owner reminds a member who has no
// bracket yet that a tournament closes soon. In the fan's language and time zone, with a link
// straight to the wizard and the one-click unsubscribe from league nudges (docs/decisions/100).
import type { Language } from '#shared/schemas/auth'
import { renderMailLayout, type MailContent } from '#server/mail/mail-layout'
import { formatDeadline } from '#server/features/reminders/index'

export interface NudgeMailInput {
  lang: Language
  timeZone: string | null
  name: string
  ownerName: string
  leagueName: string
  tournamentName: string
  deadline: Date
  wizardLink: string
  unsubscribeLink: string
}

const COPY = {
  en: {
    subject: (owner: string, tournament: string) =>
      `${owner} is waiting for your ${tournament} prediction`,
    greeting: (name: string) => `Hi ${name},`,
    body: (owner: string, league: string, tournament: string, deadline: string) =>
      `${owner}, who runs your league ${league}, reminds you that predictions for ${tournament} close on ${deadline}. You have not made yours yet.`,
    action: 'Make my prediction',
    note: (league: string) =>
      `You get this because you are a member of ${league}. A league's owner can remind you at most once a day per tournament.`,
  },
  es: {
    subject: (owner: string, tournament: string) =>
      `${owner} espera tu pronóstico de ${tournament}`,
    greeting: (name: string) => `Hola, ${name}:`,
    body: (owner: string, league: string, tournament: string, deadline: string) =>
      `${owner}, que administra tu liga ${league}, te recuerda que los pronósticos de ${tournament} se cierran el ${deadline}. Todavía no has hecho el tuyo.`,
    action: 'Hacer mi pronóstico',
    note: (league: string) =>
      `Recibes esto porque eres miembro de ${league}. Quien administra una liga puede recordártelo como mucho una vez al día por torneo.`,
  },
} as const

export function renderNudgeMail(input: NudgeMailInput): MailContent {
  const copy = COPY[input.lang]
  const deadline = formatDeadline(input.deadline, input.lang, input.timeZone)
  return renderMailLayout({
    lang: input.lang,
    subject: copy.subject(input.ownerName, input.tournamentName),
    greeting: copy.greeting(input.name),
    paragraphs: [copy.body(input.ownerName, input.leagueName, input.tournamentName, deadline)],
    action: { label: copy.action, link: input.wizardLink },
    note: copy.note(input.leagueName),
    unsubscribeLink: input.unsubscribeLink,
  })
}
