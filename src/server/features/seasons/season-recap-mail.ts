// The season recap mail (docs/product.md "Seasons"): "My 2026 in padel" in the fan's language, their
// figures of the season, a button to their recap and the public link of their season card, with
// the one-click unsubscribe of the results mails it belongs with (decision 100).
import type { Language } from '#shared/schemas/auth'
import { renderMailLayout } from '#server/mail/mail-layout'
import type { OutgoingMail } from '#server/mail/mailer'
import type { UnsubscribeLinks } from '#server/mail/unsubscribe-links'

export interface SeasonRecapMailInput {
  to: string
  name: string
  lang: Language
  seasonName: string
  /** The year the season ends in: "My 2026 in padel". */
  year: string
  rank: number
  fans: number
  points: number
  played: number
  correct: number
  coinsWon: number
  /** The fan's recap page (My season). */
  link: string
  /** The public page of the fan's season card. */
  shareLink: string
  unsubscribe: UnsubscribeLinks
}

interface Figures {
  rank: string
  fans: string
  points: string
  played: string
  correct: string
  coins: string
}

const COPY = {
  en: {
    subject: (year: string) => `My ${year} in padel`,
    greeting: (name: string) => `Hi ${name},`,
    over: (season: string) => `${season} is over, and here is your season.`,
    figures: (f: Figures) =>
      `You finished ${f.rank} of ${f.fans} with ${f.points} points: ${f.played} tournaments played, ${f.correct} correct picks and ${f.coins} coins won.`,
    share: (link: string) => `Your season card, ready to share: ${link}`,
    action: 'See my season',
    note: 'You get this mail because you played this season and have results mails on.',
  },
  es: {
    subject: (year: string) => `Mi ${year} en el pádel`,
    greeting: (name: string) => `Hola, ${name}:`,
    over: (season: string) => `${season} ha terminado y este es tu resumen de la temporada.`,
    figures: (f: Figures) =>
      `Has terminado en el puesto ${f.rank} de ${f.fans} con ${f.points} puntos: ${f.played} torneos jugados, ${f.correct} aciertos y ${f.coins} monedas ganadas.`,
    share: (link: string) => `Tu tarjeta de la temporada, lista para compartir: ${link}`,
    action: 'Ver mi temporada',
    note: 'Recibes este correo porque has participado en esta temporada y tienes activados los correos de resultados.',
  },
} as const

export function seasonRecapMail(input: SeasonRecapMailInput): OutgoingMail {
  const copy = COPY[input.lang]
  const format = new Intl.NumberFormat(input.lang === 'es' ? 'es-ES' : 'en-GB', {
    useGrouping: 'always',
  })
  const rank = input.lang === 'es' ? format.format(input.rank) : ordinal(input.rank, format)
  const content = renderMailLayout({
    lang: input.lang,
    subject: copy.subject(input.year),
    greeting: copy.greeting(input.name),
    paragraphs: [
      copy.over(input.seasonName),
      copy.figures({
        rank,
        fans: format.format(input.fans),
        points: format.format(input.points),
        played: format.format(input.played),
        correct: format.format(input.correct),
        coins: format.format(input.coinsWon),
      }),
      copy.share(input.shareLink),
    ],
    action: { label: copy.action, link: input.link },
    note: copy.note,
    unsubscribeLink: input.unsubscribe.pageUrl,
  })
  return { to: input.to, link: input.link, ...content, headers: input.unsubscribe.headers }
}

function ordinal(rank: number, format: Intl.NumberFormat): string {
  const suffix = { one: 'st', two: 'nd', few: 'rd', other: 'th', zero: 'th', many: 'th' }[
    new Intl.PluralRules('en', { type: 'ordinal' }).select(rank)
  ]
  return `${format.format(rank)}${suffix}`
}
