// The mail a league pot's members get when it closes (docs/product.md "Leagues"): who won and what the
// reader got, or that every stake went back. In the fan's language, with the one-click unsubscribe
// of results mails (decision 100); the link opens the league page.
import type { Language } from '#shared/schemas/auth'
import { renderMailLayout, type MailContent } from '#server/mail/mail-layout'

export type PotMailKind = 'won' | 'lost' | 'refund'

export interface PotMailInput {
  lang: Language
  kind: PotMailKind
  name: string
  leagueName: string
  tournamentName: string
  /** The reader's coins: their share, or their stake back; for `lost`, the pot. */
  coins: number
  /** Who won, for `lost` (the first when several shared it). */
  winnerName: string
  /** More than one winner shared the pot. */
  isShared: boolean
  leagueLink: string
  unsubscribeLink: string
}

// Coins as the app writes them: Spanish groups four digits too ("5.000 monedas").
const COIN_FORMATS = {
  en: new Intl.NumberFormat('en-GB', { useGrouping: 'always' }),
  es: new Intl.NumberFormat('es-ES', { useGrouping: 'always' }),
} as const

function coinsIn(lang: keyof typeof COIN_FORMATS, coins: number): string {
  return COIN_FORMATS[lang].format(coins)
}

const COPY = {
  en: {
    subject: {
      won: (league: string) => `You won the ${league} pot`,
      lost: (league: string) => `The ${league} pot has a winner`,
      refund: (league: string) => `Your ${league} pot stake is back`,
    },
    greeting: (name: string) => `Hi ${name},`,
    body: {
      won: (i: PotMailInput) =>
        `Your ${i.tournamentName} bracket had the most correct picks in ${i.leagueName}${i.isShared ? ', level with others' : ''}: ${coinsIn('en', i.coins)} coins from the pot are in your wallet.`,
      lost: (i: PotMailInput) =>
        `${i.winnerName}${i.isShared ? ' and others' : ''} had the most correct picks in ${i.leagueName} on ${i.tournamentName} and won the pot of ${coinsIn('en', i.coins)} coins.`,
      refund: (i: PotMailInput) =>
        `The ${i.tournamentName} pot of ${i.leagueName} did not go ahead: your ${coinsIn('en', i.coins)} coins are back in your wallet.`,
    },
    rule: 'Ties go to the nearer tiebreaker, then the pot is split equally; the coins left over go to the earliest entry.',
    action: 'See the league',
    note: (league: string) => `You get this because you joined the pot of ${league}.`,
  },
  es: {
    subject: {
      won: (league: string) => `Has ganado el bote de ${league}`,
      lost: (league: string) => `El bote de ${league} ya tiene ganador`,
      refund: (league: string) => `Te devolvemos tu aportación al bote de ${league}`,
    },
    greeting: (name: string) => `Hola, ${name}:`,
    body: {
      won: (i: PotMailInput) =>
        `Tu cuadro de ${i.tournamentName} tuvo más aciertos que nadie en ${i.leagueName}${i.isShared ? ', empatado con otros' : ''}: ${coinsIn('es', i.coins)} monedas del bote ya están en tu monedero.`,
      lost: (i: PotMailInput) =>
        `${i.winnerName}${i.isShared ? ' y otros' : ''} tuvo más aciertos que nadie en ${i.leagueName} en ${i.tournamentName} y se llevó el bote de ${coinsIn('es', i.coins)} monedas.`,
      refund: (i: PotMailInput) =>
        `El bote de ${i.tournamentName} de ${i.leagueName} no siguió adelante: tus ${coinsIn('es', i.coins)} monedas han vuelto a tu monedero.`,
    },
    rule: 'Los empates se deciden por el desempate más cercano; si siguen, el bote se reparte a partes iguales y las monedas que sobran son para la primera entrada.',
    action: 'Ver la liga',
    note: (league: string) => `Recibes esto porque entraste en el bote de ${league}.`,
  },
} as const

export function renderPotMail(input: PotMailInput): MailContent {
  const copy = COPY[input.lang]
  return renderMailLayout({
    lang: input.lang,
    subject: copy.subject[input.kind](input.leagueName),
    greeting: copy.greeting(input.name),
    paragraphs: [copy.body[input.kind](input), ...(input.kind === 'refund' ? [] : [copy.rule])],
    action: { label: copy.action, link: input.leagueLink },
    note: copy.note(input.leagueName),
    unsubscribeLink: input.unsubscribeLink,
  })
}
