// Every kind of push (docs/product.md "The app on a phone: push notifications, installing, offline", decision 131): which preference switch lets it through,
// how long it stays worth delivering (the TTL header counts down to that), its urgency, its tag
// (one notification per tag on the device: a tournament's results replace each other), and its
// text.
import type { Language } from '#shared/schemas/auth'
import type { PushKind } from '#shared/schemas/preferences'
import type { PushMessageKind, PushPayload } from '#shared/schemas/push'
import { formatCoins, formatTime, PUSH_COPY } from './push-copy'

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high'

/** The figures a push row keeps (push_outbox.data), written by the SQL of its writer. */
export type PushData = Record<string, unknown> & { lang?: string }

interface PushText {
  title: string
  body: string
  url: string
  tag: string
  renotify?: boolean
}

interface PushKindRule {
  preference: PushKind
  /** From when it is written; a deadline reminder also ends at its deadline (its writer's). */
  ttlSeconds: number
  urgency: PushUrgency
  render(data: PushData, lang: Language): PushText
}

const HOUR = 60 * 60

const text = (data: PushData, key: string) => {
  const value = data[key]
  return typeof value === 'string' ? value : ''
}
const number = (data: PushData, key: string) => {
  const value = data[key]
  return typeof value === 'number' ? value : 0
}

export const PUSH_KIND_RULES: Record<PushMessageKind, PushKindRule> = {
  deadline_reminder: {
    preference: 'reminders',
    ttlSeconds: 2 * HOUR,
    urgency: 'high',
    render(data, lang) {
      const copy = PUSH_COPY[lang].deadline
      const tournamentId = text(data, 'tournamentId')
      const time = formatTime(lang, new Date(text(data, 'deadline')), toZone(data.timeZone))
      const isMain = text(data, 'contest') !== 'second_chance'
      const tournament = text(data, 'tournamentName')
      // Sent late, "2 hours left" would not hold: the title says when it closes.
      const title =
        data.late === true
          ? isMain
            ? copy.lateTitle(time, tournament)
            : copy.secondChanceLateTitle(time, tournament)
          : isMain
            ? copy.title(tournament)
            : copy.secondChanceTitle(tournament)
      return {
        title,
        body: isMain ? copy.body(time) : copy.secondChanceBody(time),
        url: `/tournament/${tournamentId}?${isMain ? 'predict=1' : 'secondChance=1'}`,
        tag: `deadline-${tournamentId}-${isMain ? 'main' : 'second-chance'}`,
      }
    },
  },
  match_result: {
    preference: 'results',
    ttlSeconds: 12 * HOUR,
    urgency: 'normal',
    render(data, lang) {
      const copy = PUSH_COPY[lang].result
      const tournamentId = text(data, 'tournamentId')
      const say = data.isCorrect === true ? copy.correct : copy.wrong
      return {
        title: copy.title(text(data, 'winner')),
        body: say(number(data, 'correct'), number(data, 'decided'), text(data, 'tournamentName')),
        url: `/tournament/${tournamentId}`,
        // One notification per tournament's results, updated as results come in.
        tag: `results-${tournamentId}`,
        renotify: true,
      }
    },
  },
  payout_received: {
    preference: 'results',
    ttlSeconds: 24 * HOUR,
    urgency: 'normal',
    render(data, lang) {
      const copy = PUSH_COPY[lang].payout
      const tournamentId = text(data, 'tournamentId')
      return {
        title: copy.title(formatCoins(lang, number(data, 'coins'))),
        body: copy.body(
          text(data, 'tournamentName'),
          number(data, 'correct'),
          number(data, 'total'),
        ),
        url: `/tournament/${tournamentId}`,
        tag: `payout-${tournamentId}`,
      }
    },
  },
  refund: {
    preference: 'results',
    ttlSeconds: 24 * HOUR,
    urgency: 'normal',
    render(data, lang) {
      const copy = PUSH_COPY[lang].refund
      const tournamentId = text(data, 'tournamentId')
      return {
        title: copy.title(formatCoins(lang, number(data, 'coins'))),
        body: copy.body(text(data, 'tournamentName')),
        url: `/tournament/${tournamentId}`,
        tag: `refund-${tournamentId}`,
      }
    },
  },
  league_joined: {
    preference: 'leagueNudges',
    ttlSeconds: 24 * HOUR,
    urgency: 'low',
    render(data, lang) {
      const copy = PUSH_COPY[lang].leagueJoined
      const leagueId = text(data, 'leagueId')
      return {
        title: copy.title(text(data, 'leagueName')),
        body: copy.body(text(data, 'fan')),
        url: `/leagues/${leagueId}`,
        tag: `league-${leagueId}`,
      }
    },
  },
  league_nudge: {
    preference: 'leagueNudges',
    ttlSeconds: 12 * HOUR,
    urgency: 'normal',
    render(data, lang) {
      const copy = PUSH_COPY[lang].leagueNudge
      const tournamentId = text(data, 'tournamentId')
      return {
        title: copy.title(text(data, 'leagueName')),
        body: copy.body(text(data, 'fan'), text(data, 'tournamentName')),
        url: `/tournament/${tournamentId}?predict=1`,
        tag: `nudge-${tournamentId}`,
      }
    },
  },
  second_chance_opened: {
    preference: 'secondChance',
    ttlSeconds: 12 * HOUR,
    urgency: 'normal',
    render(data, lang) {
      const copy = PUSH_COPY[lang].secondChance
      const tournamentId = text(data, 'tournamentId')
      return {
        title: copy.title(text(data, 'tournamentName')),
        body: copy.body(formatCoins(lang, number(data, 'coins'))),
        url: `/tournament/${tournamentId}?secondChance=1`,
        tag: `second-chance-${tournamentId}`,
      }
    },
  },
  // A fan's season in results: the results switch lets it through (decision 164).
  season_recap: {
    preference: 'results',
    ttlSeconds: 7 * 24 * HOUR,
    urgency: 'low',
    render(data, lang) {
      const copy = PUSH_COPY[lang].seasonRecap
      const seasonId = text(data, 'seasonId')
      return {
        title: copy.title(text(data, 'seasonYear')),
        body: copy.body(text(data, 'seasonName')),
        url: `/seasons/${seasonId}/me`,
        tag: `season-recap-${seasonId}`,
      }
    },
  },
}

/** The kinds each preference switch lets through, for the writers' SQL. */
export function pushKindsOf(preference: PushKind): PushMessageKind[] {
  return (Object.keys(PUSH_KIND_RULES) as PushMessageKind[]).filter(
    (kind) => PUSH_KIND_RULES[kind].preference === preference,
  )
}

/** What the service worker receives for one push row. */
export function renderPush(row: {
  id: string
  kind: PushMessageKind
  data: PushData
  createdAt: Date
}): PushPayload {
  const lang: Language = row.data.lang === 'es' ? 'es' : 'en'
  const { renotify = false, ...shown } = PUSH_KIND_RULES[row.kind].render(row.data, lang)
  return { id: row.id, kind: row.kind, ...shown, renotify, timestamp: row.createdAt.getTime() }
}

function toZone(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}
