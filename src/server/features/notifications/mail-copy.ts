// The results mail and the receipts in the fan's language (decision 102), in the one mail layout
// (decision 092). Each kind of mail is built by one function — resultsMail, receiptMail — so
// headers every mail of its kind carries (List-Unsubscribe for the results mail, RFC 8058) are
// added in one place. Figures are written with the language's own digits and separators.
import type { Language } from '#shared/schemas/auth'
import type { Contest } from '#shared/schemas/contest'
import { PRODUCT_NAME, renderMailLayout } from '#server/mail/mail-layout'
import type { OutgoingMail } from '#server/mail/mailer'

const TIER_NAMES: Record<Language, Record<string, string>> = {
  en: {
    tier_100: 'Perfect prediction',
    tier_90: 'Near perfect',
    tier_80: 'Excellent',
    tier_70: 'Very good',
    tier_60: 'Good',
  },
  es: {
    tier_100: 'Pronóstico perfecto',
    tier_90: 'Casi perfecta',
    tier_80: 'Excelente',
    tier_70: 'Muy buena',
    tier_60: 'Buena',
  },
}

// Formatters are built once per language (and zone) and kept: building an Intl formatter costs
// far more than using one, and a batch of receipts formats hundreds of figures and dates.
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function localeOf(lang: Language): string {
  return lang === 'es' ? 'es-ES' : 'en-GB'
}

function numberFormat(lang: Language, kind: 'number' | 'percent'): Intl.NumberFormat {
  const key = `${lang}|${kind}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(
      localeOf(lang),
      kind === 'percent'
        ? { style: 'percent', maximumFractionDigits: 0 }
        : // Spanish groups four digits too ("5.000 monedas"), as the app does.
          { useGrouping: 'always' },
    )
    numberFormats.set(key, format)
  }
  return format
}

const formatNumber = (lang: Language, value: number) => numberFormat(lang, 'number').format(value)

function formatPercent(lang: Language, correct: number, total: number): string {
  return numberFormat(lang, 'percent').format(total > 0 ? correct / total : 0)
}

const WHEN_OPTIONS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
}

function whenFormat(lang: Language, timeZone: string): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lang), { ...WHEN_OPTIONS, timeZone })
    dateFormats.set(key, format)
  }
  return format
}

function formatWhen(lang: Language, at: Date, timeZone: string | null): string {
  try {
    return whenFormat(lang, timeZone ?? 'UTC').format(at)
  } catch {
    // A zone this runtime does not know: UTC, which the text names.
    return whenFormat(lang, 'UTC').format(at)
  }
}

export interface Recipient {
  to: string
  name: string
  lang: Language
  timeZone: string | null
}

export interface ResultsMailInput extends Recipient {
  tournamentName: string
  /** The settled contest: the second chance's mail says so (docs/product.md "Second chance"). */
  contest: Contest
  /** The fan's bracket on the tournament page. */
  link: string
  /** The fan's place in the contest's final standings, when the standings have every result. */
  rank: { rank: number; of: number } | null
  standingsLink: string
  /** The open tournament that closes first, if any. */
  next: { name: string; link: string } | null
  correct: number
  total: number
  /** The tier reached, or null (no prize). */
  tier: string | null
  coins: number
  /** The tier prizes together were more than the pool, so each was scaled down. */
  isScaled: boolean
  /** The fan's one-click unsubscribe from results mail (unsubscribeLinks(…, 'results')). */
  unsubscribe: { pageUrl: string; headers: Record<string, string> }
}

const RESULTS = {
  en: {
    subject: (tournament: string) => `Your result in ${tournament}`,
    greeting: (name: string) => `Hi ${name},`,
    settled: (tournament: string) =>
      `${tournament} has been settled. Here is how your bracket did.`,
    accuracy: (right: string, total: string, percent: string) =>
      `You got ${right} of ${total} picks right (${percent}).`,
    won: (tier: string, coins: string) =>
      `Your tier: ${tier}. You won ${coins} coins; they are already in your wallet.`,
    nothing: 'Your bracket did not reach a prize tier this time, so no coins were won.',
    scaled:
      'The prizes of all tiers together were more than the prize pool, so every prize was scaled down by the same share to fit the pool.',
    rank: (rank: number, of: string) => `You finished ${ordinalEn(rank)} of ${of}.`,
    standings: (link: string) => `The standings: ${link}`,
    next: (tournament: string, link: string) =>
      `Next up: ${tournament} takes brackets now: ${link}`,
    action: 'See your bracket',
    note: 'You get this mail because results mails are on in your profile.',
    secondChance: {
      subject: (tournament: string) => `Your second-chance result in ${tournament}`,
      settled: (tournament: string) =>
        `The second chance of ${tournament} has been settled. Here is how your second-chance bracket did.`,
    },
  },
  es: {
    subject: (tournament: string) => `Tu resultado en ${tournament}`,
    greeting: (name: string) => `Hola, ${name}:`,
    settled: (tournament: string) => `${tournament} se ha liquidado. Así le ha ido a tu cuadro.`,
    accuracy: (right: string, total: string, percent: string) =>
      `Acertaste ${right} de ${total} pronósticos (${percent}).`,
    won: (tier: string, coins: string) =>
      `Tu nivel: ${tier}. Has ganado ${coins} monedas; ya están en tu monedero.`,
    nothing: 'Esta vez tu cuadro no llegó a ningún nivel de premio, así que no has ganado monedas.',
    scaled:
      'Los premios de todos los niveles juntos superaban el bote, así que cada premio se redujo en la misma proporción para ajustarse a él.',
    rank: (rank: number, of: string) => `Quedaste ${rank}.º de ${of}.`,
    standings: (link: string) => `La clasificación: ${link}`,
    next: (tournament: string, link: string) =>
      `El siguiente: ${tournament} ya admite cuadros: ${link}`,
    action: 'Ver tu cuadro',
    note: 'Recibes este correo porque tienes activados los correos de resultados en tu perfil.',
    secondChance: {
      subject: (tournament: string) => `Tu resultado en la segunda oportunidad de ${tournament}`,
      settled: (tournament: string) =>
        `La segunda oportunidad de ${tournament} se ha liquidado. Así le ha ido a tu cuadro de segunda oportunidad.`,
    },
  },
} satisfies Record<Language, unknown>

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
function ordinalEn(rank: number): string {
  const tens = rank % 100
  if (tens >= 11 && tens <= 13) return `${rank}th`
  const suffix = { 1: 'st', 2: 'nd', 3: 'rd' }[rank % 10] ?? 'th'
  return `${rank}${suffix}`
}

/**
 * The results mail of one entrant, with its List-Unsubscribe and List-Unsubscribe-Post headers
 * (RFC 8058, decision 100) and the footer link to the page that turns results mail off.
 */
export function resultsMail(input: ResultsMailInput): OutgoingMail {
  const { lang } = input
  const copy = RESULTS[lang]
  const framing = input.contest === 'main' ? copy : { ...copy, ...copy.secondChance }
  const paragraphs = [
    framing.settled(input.tournamentName),
    copy.accuracy(
      formatNumber(lang, input.correct),
      formatNumber(lang, input.total),
      formatPercent(lang, input.correct, input.total),
    ),
    input.tier && input.coins > 0
      ? copy.won(TIER_NAMES[lang][input.tier] ?? input.tier, formatNumber(lang, input.coins))
      : copy.nothing,
    ...(input.isScaled && input.coins > 0 ? [copy.scaled] : []),
    ...(input.rank ? [copy.rank(input.rank.rank, formatNumber(lang, input.rank.of))] : []),
    copy.standings(input.standingsLink),
    ...(input.next ? [copy.next(input.next.name, input.next.link)] : []),
  ]
  const content = renderMailLayout({
    lang,
    subject: framing.subject(input.tournamentName),
    greeting: copy.greeting(input.name),
    paragraphs,
    action: { label: copy.action, link: input.link },
    note: copy.note,
    unsubscribeLink: input.unsubscribe.pageUrl,
  })
  return { to: input.to, link: input.link, ...content, headers: input.unsubscribe.headers }
}

export interface ReceiptMailInput extends Recipient {
  kind: 'entry_fee' | 'refund'
  tournamentName: string
  coins: number
  at: Date
  /** The ledger row: the receipt's reference. */
  reference: string
  /** The fan's wallet history. */
  link: string
}

const RECEIPTS = {
  en: {
    subject: {
      entry_fee: (tournament: string) => `Receipt: entry fee for ${tournament}`,
      refund: (tournament: string) => `Receipt: refund for ${tournament}`,
    },
    greeting: (name: string) => `Hi ${name},`,
    body: {
      entry_fee: (coins: string, tournament: string, when: string) =>
        `You paid an entry fee of ${coins} coins for ${tournament} on ${when}.`,
      refund: (coins: string, tournament: string, when: string) =>
        `${tournament} was cancelled: your entry fee of ${coins} coins was refunded to your wallet on ${when}.`,
    },
    reference: (id: string) => `Reference: ${id}`,
    action: 'See your wallet',
    note: `This receipt is part of your account with ${PRODUCT_NAME}: it is sent for every entry fee and refund.`,
  },
  es: {
    subject: {
      entry_fee: (tournament: string) => `Recibo: inscripción en ${tournament}`,
      refund: (tournament: string) => `Recibo: devolución de ${tournament}`,
    },
    greeting: (name: string) => `Hola, ${name}:`,
    body: {
      entry_fee: (coins: string, tournament: string, when: string) =>
        `Pagaste una inscripción de ${coins} monedas en ${tournament} el ${when}.`,
      refund: (coins: string, tournament: string, when: string) =>
        `${tournament} se canceló: tu inscripción de ${coins} monedas volvió a tu monedero el ${when}.`,
    },
    reference: (id: string) => `Referencia: ${id}`,
    action: 'Ver tu monedero',
    note: `Este recibo forma parte de tu cuenta en ${PRODUCT_NAME}: se envía con cada inscripción y cada devolución.`,
  },
} satisfies Record<Language, unknown>

/** A receipt: essential mail about the fan's own coins, sent whatever the preferences say. */
export function receiptMail(input: ReceiptMailInput): OutgoingMail {
  const { lang } = input
  const copy = RECEIPTS[lang]
  const content = renderMailLayout({
    lang,
    subject: copy.subject[input.kind](input.tournamentName),
    greeting: copy.greeting(input.name),
    paragraphs: [
      copy.body[input.kind](
        formatNumber(lang, input.coins),
        input.tournamentName,
        formatWhen(lang, input.at, input.timeZone),
      ),
      copy.reference(input.reference),
    ],
    action: { label: copy.action, link: input.link },
    note: copy.note,
  })
  return { to: input.to, link: input.link, ...content }
}
