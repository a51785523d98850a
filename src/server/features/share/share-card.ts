// What the share image says and how it is laid out (docs/decisions/104): a 1200×630 card in the
// brand's court blue with the ball's yellow-green accent. The layout is a plain element tree for
// satori (no JSX on the server); the words are kept here in both languages, as the mails keep
// theirs, since the image is drawn without the web's locale files.
import type { Language } from '#shared/schemas/auth'
import type { SharedBracketBody, SharePhase } from '#shared/schemas/share'
import type { CardDrawing, CardNode } from '#server/images/card-node'

export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630

// The design's colours, shared by every card drawn here.
export const COURT_950 = '#0f213a'
export const COURT_200 = '#b9d4ee'
export const BALL_400 = '#d5ee3f'
export const WHITE = '#ffffff'
const PADDING = 64
const STRIPE = 16

interface Copy {
  pool: (coins: string) => string
  closes: (when: string) => string
  entered: string
  bracketOf: (username: string) => string
  champion: string
  correct: (correct: number, total: number) => string
  stillPossible: (max: number) => string
  cancelled: string
  invite: string
  noChampion: string
}

export const SHARE_COPY: Record<Language, Copy> = {
  es: {
    pool: (coins) => `Bote: ${coins} monedas`,
    closes: (when) => `Cierre: ${when}`,
    entered: 'se ha apuntado a',
    bracketOf: (username) => `El cuadro de ${username}`,
    champion: 'Campeón elegido',
    correct: (correct, total) => `${correct} de ${total} aciertos`,
    stillPossible: (max) => `hasta ${max} posibles`,
    cancelled: 'Torneo cancelado: las inscripciones se han devuelto',
    invite: 'Haz tu pronóstico del cuadro en Golden Point',
    noChampion: 'Sin campeón',
  },
  en: {
    pool: (coins) => `Prize pool: ${coins} coins`,
    closes: (when) => `Closes ${when}`,
    entered: 'entered',
    bracketOf: (username) => `${username}’s bracket`,
    champion: 'Champion pick',
    correct: (correct, total) => `${correct} of ${total} correct`,
    stillPossible: (max) => `up to ${max} possible`,
    cancelled: 'Tournament cancelled: entries were refunded',
    invite: 'Predict the bracket at Golden Point',
    noChampion: 'No champion',
  },
}

const LOCALES: Record<Language, string> = { en: 'en-GB', es: 'es-ES' }

/** "5.000" / "5,000": grouped as the app groups, four digits included. */
function formatCoins(lang: Language, coins: number): string {
  return new Intl.NumberFormat(LOCALES[lang], { useGrouping: 'always' }).format(coins)
}

/** "12 may, 18:00 CEST": the deadline in the sharer's zone, named short (UTC without one). */
export function formatCardDeadline(lang: Language, deadline: Date, timeZone: string | null) {
  const options = {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  } as const
  try {
    return new Intl.DateTimeFormat(LOCALES[lang], {
      ...options,
      timeZone: timeZone ?? 'UTC',
    }).format(deadline)
  } catch {
    return new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone: 'UTC' }).format(deadline)
  }
}

/** The words the page's share tags say: the card's, as one title and one description. */
export function shareSummary(card: CardModel) {
  const copy = SHARE_COPY[card.lang]
  if (card.phase === 'bracket' && card.correct !== null && card.total !== null) {
    return {
      title: `${copy.bracketOf(card.username)} · ${card.tournamentName}`,
      description: [
        `${copy.champion}: ${card.champion || copy.noChampion}`,
        copy.correct(card.correct, card.total),
      ].join(' · '),
    }
  }
  return {
    title: `${card.username} ${copy.entered} ${card.tournamentName}`,
    description: card.phase === 'cancelled' ? copy.cancelled : copy.invite,
  }
}

/** A card's frame: the court's colour, the ball-yellow stripe on the left, its rows spread out. */
export function cardFrame(padding: number, children: CardNode[]): CardNode {
  return box(
    {
      // satori sizes the content box: padding and border come on top of width and height.
      width: CARD_WIDTH - 2 * padding - STRIPE,
      height: CARD_HEIGHT - 2 * padding,
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding,
      // Flat: a gradient makes the PNG four times larger (and slower to encode) for little.
      backgroundColor: COURT_950,
      borderLeft: `${STRIPE}px solid ${BALL_400}`,
      fontFamily: 'Inter',
    },
    children,
  )
}

function box(style: Record<string, string | number>, children: CardNode[] | string): CardNode {
  return { type: 'div', props: { style: { display: 'flex', ...style }, children } }
}

function text(value: string, style: Record<string, string | number>): CardNode {
  // One line each: a long name ends in an ellipsis instead of pushing the card apart.
  return box(
    { ...style, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
    value,
  )
}

/** Everything a card shows. */
export interface CardModel {
  lang: Language
  phase: SharePhase
  username: string
  tournamentName: string
  champion: string | null
  correct: number | null
  total: number | null
  maxPossible: number | null
  /** The contest's pool, when counted (the image's, not the page tags'). */
  pool: number | null
  /** Shown while the contest takes entries: when it closes, already in words. */
  closes: string | null
}

export function cardModelOf(
  source: {
    phase: SharePhase
    username: string
    tournamentName: string
    deadline?: Date
    timeZone?: string | null
  },
  bracket: SharedBracketBody | null,
  lang: Language,
  pool: number | null = null,
): CardModel {
  return {
    lang,
    phase: source.phase,
    username: source.username,
    tournamentName: source.tournamentName,
    champion: bracket?.champion?.name ?? null,
    correct: bracket?.correct ?? null,
    total: bracket?.total ?? null,
    maxPossible: bracket?.maxPossible ?? null,
    pool,
    closes:
      source.phase === 'entered' && source.deadline
        ? formatCardDeadline(lang, source.deadline, source.timeZone ?? null)
        : null,
  }
}

/** What the drawing pool draws for a share: the card's tree at 1200×630. */
export function shareCardDrawing(model: CardModel): CardDrawing {
  return { tree: buildCard(model), width: CARD_WIDTH, height: CARD_HEIGHT }
}

export function buildCard(model: CardModel): CardNode {
  const copy = SHARE_COPY[model.lang]
  const brand = box({ alignItems: 'center', gap: 16 }, [
    box({ width: 28, height: 28, borderRadius: 14, backgroundColor: BALL_400 }, []),
    text('Golden Point', { fontSize: 32, fontWeight: 700, color: WHITE }),
  ])
  const body =
    model.phase === 'bracket'
      ? [
          text(copy.bracketOf(model.username), { fontSize: 56, fontWeight: 700, color: WHITE }),
          text(model.tournamentName, { fontSize: 36, color: COURT_200 }),
          box({ flexDirection: 'column', marginTop: 36, gap: 8 }, [
            text(copy.champion, { fontSize: 28, color: COURT_200 }),
            text(model.champion || copy.noChampion, {
              fontSize: 44,
              fontWeight: 700,
              color: BALL_400,
            }),
          ]),
        ]
      : [
          text(model.username, { fontSize: 64, fontWeight: 700, color: WHITE }),
          text(copy.entered, { fontSize: 36, color: COURT_200 }),
          text(model.tournamentName, { fontSize: 52, fontWeight: 700, color: BALL_400 }),
        ]
  const footer =
    model.phase === 'bracket' && model.correct !== null && model.total !== null
      ? box({ alignItems: 'baseline', gap: 24 }, [
          text(copy.correct(model.correct, model.total), {
            fontSize: 40,
            fontWeight: 700,
            color: WHITE,
          }),
          text(copy.stillPossible(model.maxPossible ?? model.correct), {
            fontSize: 28,
            color: COURT_200,
          }),
        ])
      : text(model.phase === 'cancelled' ? copy.cancelled : copy.invite, {
          fontSize: 32,
          color: WHITE,
        })
  // The pool and, while entries are open, the deadline: what a visitor weighs before joining in.
  const facts = [
    model.pool !== null && model.phase !== 'cancelled'
      ? copy.pool(formatCoins(model.lang, model.pool))
      : null,
    model.closes === null ? null : copy.closes(model.closes),
  ].filter((fact): fact is string => fact !== null)
  return cardFrame(PADDING, [
    brand,
    box(
      {
        flexDirection: 'column',
        gap: 12,
        maxWidth: CARD_WIDTH - 2 * PADDING - STRIPE,
        flexShrink: 0,
      },
      body,
    ),
    box(
      {
        flexDirection: 'column',
        gap: 12,
        borderTop: `4px solid ${BALL_400}`,
        paddingTop: 24,
        flexShrink: 0,
      },
      facts.length === 0
        ? [footer]
        : [footer, text(facts.join('  ·  '), { fontSize: 28, fontWeight: 700, color: BALL_400 })],
    ),
  ])
}
