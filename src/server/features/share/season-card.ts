// The season share image (docs/product.md "Seasons", decision 164): a fan's season on a 1200×630 card
// in the bracket card's colours (share-card.ts), drawn by the same pool and kept by the same
// cache. Tournaments played, correct picks, the best tournament, the rank now and a small line of
// it over the season, coins won; "My 2026 in padel" once the season is wrapped up. The words are
// kept here in both languages, as the bracket card keeps its own.
import { rankLine } from '#domain/season/rank-line'
import type { Language } from '#shared/schemas/auth'
import type { SharedSeason } from '#shared/schemas/season'
import type { CardDrawing, CardNode } from '#server/images/card-node'
import { BALL_400, CARD_HEIGHT, CARD_WIDTH, cardFrame, COURT_200, WHITE } from './share-card'

const PADDING = 56
const CHART_WIDTH = 400
const CHART_HEIGHT = 200

interface SeasonCopy {
  recapTitle: (year: string) => string
  seasonOf: (username: string) => string
  rank: string
  place: (rank: string, fans: string) => string
  played: string
  playedOf: (played: string, counted: string) => string
  correct: string
  coins: string
  best: string
  line: string
  fromTo: (from: string, to: string) => string
  invite: string
}

export const SEASON_COPY: Record<Language, SeasonCopy> = {
  es: {
    recapTitle: (year) => `Mi ${year} en el pádel`,
    seasonOf: (username) => `La temporada de ${username}`,
    rank: 'Puesto',
    place: (rank, fans) => `${rank}.º de ${fans}`,
    played: 'Torneos jugados',
    playedOf: (played, counted) => `${played} de ${counted}`,
    correct: 'Aciertos',
    coins: 'Monedas ganadas',
    best: 'Mejor torneo',
    line: 'Puesto tras cada torneo',
    fromTo: (from, to) => `Del ${from}.º al ${to}.º`,
    invite: 'Participa en la temporada en Golden Point',
  },
  en: {
    recapTitle: (year) => `My ${year} in padel`,
    seasonOf: (username) => `${username}’s season`,
    rank: 'Rank',
    place: (rank, fans) => `${rank} of ${fans}`,
    played: 'Tournaments played',
    playedOf: (played, counted) => `${played} of ${counted}`,
    correct: 'Correct picks',
    coins: 'Coins won',
    best: 'Best tournament',
    line: 'Rank after each tournament',
    fromTo: (from, to) => `From ${from} to ${to}`,
    invite: 'Play the season at Golden Point',
  },
}

const LOCALES: Record<Language, string> = { en: 'en-GB', es: 'es-ES' }

export interface SeasonCardModel extends SharedSeason {
  lang: Language
}

/** The card's title: the recap's once the season is wrapped up, else the fan's season. */
export function seasonCardTitle(card: SeasonCardModel): string {
  const copy = SEASON_COPY[card.lang]
  return card.season.isRecap
    ? copy.recapTitle(card.season.endsOn.slice(0, 4))
    : copy.seasonOf(card.username)
}

/** The words the share page's tags say: the card's, as one title and one description. */
export function seasonShareSummary(card: SeasonCardModel) {
  const copy = SEASON_COPY[card.lang]
  const format = numberFormat(card.lang)
  return {
    title: `${seasonCardTitle(card)} · ${card.username} · ${card.season.name}`,
    description: [
      `${copy.rank}: ${placeOf(card, format)}`,
      `${copy.played}: ${copy.playedOf(format.format(card.played), format.format(card.counted))}`,
      `${copy.correct}: ${format.format(card.correct)}`,
      `${copy.coins}: ${format.format(card.coinsWon)}`,
    ].join(' · '),
  }
}

export function seasonCardDrawing(model: SeasonCardModel): CardDrawing {
  return { tree: buildSeasonCard(model), width: CARD_WIDTH, height: CARD_HEIGHT }
}

function placeOf(card: SeasonCardModel, format: Intl.NumberFormat): string {
  return SEASON_COPY[card.lang].place(rankOf(card, card.rank, format), format.format(card.fans))
}

/** "12th" in English; "12" in Spanish, whose copy adds the ".º". */
function rankOf(card: SeasonCardModel, rank: number, format: Intl.NumberFormat): string {
  return card.lang === 'en' ? ordinalEn(rank, format) : format.format(rank)
}

function numberFormat(lang: Language): Intl.NumberFormat {
  // Spanish leaves 4-digit numbers ungrouped by default: 3.410 reads better on a card.
  return new Intl.NumberFormat(LOCALES[lang], { useGrouping: 'always' })
}

function ordinalEn(rank: number, format: Intl.NumberFormat): string {
  const suffix = { one: 'st', two: 'nd', few: 'rd', other: 'th', zero: 'th', many: 'th' }[
    new Intl.PluralRules('en', { type: 'ordinal' }).select(rank)
  ]
  return `${format.format(rank)}${suffix}`
}

function box(style: Record<string, string | number>, children: CardNode[] | string): CardNode {
  return { type: 'div', props: { style: { display: 'flex', ...style }, children } }
}

function text(value: string, style: Record<string, string | number>): CardNode {
  return box(
    { ...style, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
    value,
  )
}

function figure(label: string, value: string, accent = false): CardNode {
  return box({ flexDirection: 'column', gap: 4, width: 300 }, [
    text(label, { fontSize: 24, color: COURT_200 }),
    text(value, { fontSize: 40, fontWeight: 700, color: accent ? BALL_400 : WHITE }),
  ])
}

/** The rank line as an SVG picture (no text in it: the card's labels are satori's). */
function chartImage(card: SeasonCardModel): CardNode | null {
  const points = rankLine(
    card.line.map((step) => ({ name: step.name, rankAfter: step.rank })),
    CHART_WIDTH,
    CHART_HEIGHT,
    16,
  )
  if (points.length === 0) return null
  const line = points.map((point) => `${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ')
  const dots = points
    .map((point) => `<circle cx="${point.x.toFixed(1)}" cy="${point.y.toFixed(1)}" r="8" />`)
    .join('')
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}">` +
    `<line x1="0" y1="${CHART_HEIGHT - 1}" x2="${CHART_WIDTH}" y2="${CHART_HEIGHT - 1}" stroke="${COURT_200}" stroke-width="2" />` +
    `<polyline points="${line}" fill="none" stroke="${BALL_400}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round" />` +
    `<g fill="${BALL_400}">${dots}</g></svg>`
  return {
    type: 'img',
    props: {
      src: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      width: CHART_WIDTH,
      height: CHART_HEIGHT,
      style: { width: CHART_WIDTH, height: CHART_HEIGHT },
    },
  }
}

export function buildSeasonCard(card: SeasonCardModel): CardNode {
  const copy = SEASON_COPY[card.lang]
  const format = numberFormat(card.lang)
  const chart = chartImage(card)
  const first = card.line[0]
  const last = card.line.at(-1)
  const header = box({ alignItems: 'center', justifyContent: 'space-between', gap: 24 }, [
    box({ alignItems: 'center', gap: 16, flexShrink: 0 }, [
      box({ width: 28, height: 28, borderRadius: 14, backgroundColor: BALL_400 }, []),
      text('Golden Point', { fontSize: 30, fontWeight: 700, color: WHITE }),
    ]),
    text(card.season.name, { fontSize: 28, color: COURT_200, maxWidth: 640 }),
  ])
  const title = box({ flexDirection: 'column', gap: 6 }, [
    text(seasonCardTitle(card), { fontSize: 58, fontWeight: 700, color: WHITE, maxWidth: 1040 }),
    text(card.username, { fontSize: 30, color: COURT_200, maxWidth: 1040 }),
  ])
  const figures = box({ flexDirection: 'column', gap: 22 }, [
    box({ gap: 24 }, [
      figure(copy.rank, placeOf(card, format), true),
      figure(copy.played, copy.playedOf(format.format(card.played), format.format(card.counted))),
    ]),
    box({ gap: 24 }, [
      figure(copy.correct, format.format(card.correct)),
      figure(copy.coins, format.format(card.coinsWon)),
    ]),
  ])
  const side = box({ flexDirection: 'column', gap: 10, width: CHART_WIDTH }, [
    text(copy.line, { fontSize: 22, color: COURT_200 }),
    ...(chart ? [chart] : []),
    ...(first && last && chart && card.line.length > 1
      ? [
          text(copy.fromTo(rankOf(card, first.rank, format), rankOf(card, last.rank, format)), {
            fontSize: 24,
            fontWeight: 700,
            color: WHITE,
          }),
        ]
      : []),
  ])
  const footer = box(
    { borderTop: `4px solid ${BALL_400}`, paddingTop: 18, gap: 16, alignItems: 'baseline' },
    card.bestTournament
      ? [
          text(`${copy.best}:`, { fontSize: 26, color: COURT_200, flexShrink: 0 }),
          text(card.bestTournament, { fontSize: 30, fontWeight: 700, color: WHITE }),
        ]
      : [text(copy.invite, { fontSize: 28, color: WHITE })],
  )
  return cardFrame(PADDING, [
    header,
    title,
    box({ justifyContent: 'space-between', alignItems: 'flex-end', gap: 24 }, [figures, side]),
    footer,
  ])
}
