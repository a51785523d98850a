// Pure helpers of the season screens: ranks as ordinals and the table's pages (the line of a
// fan's rank over the season is #domain/season/rank-line, shared with the share image).
import { formatNumber } from '#web/lib/format'
import type { MySeason, MySeasonTournament, SeasonList, SharedSeason } from '#shared/schemas/season'

export const SEASON_PAGE_SIZE = 25

/** "12th" in English, "12.º" in Spanish: a place in the table, in the interface's language. */
export function ordinalOf(rank: number, language: string): string {
  const number = formatNumber(rank, language)
  if (language.startsWith('es')) return `${number}.º`
  const suffix = { one: 'st', two: 'nd', few: 'rd', other: 'th', zero: 'th', many: 'th' }[
    new Intl.PluralRules('en', { type: 'ordinal' }).select(rank)
  ]
  return `${number}${suffix}`
}

/** The page from ?page=, 1 when absent or not a whole number from 1. */
export function pageFromSearch(value: string | null): number {
  const page = Number(value ?? '1')
  return Number.isInteger(page) && page >= 1 ? page : 1
}

export function pageCount(fans: number, pageSize: number): number {
  return Math.max(1, Math.ceil(fans / pageSize))
}

/** The page that holds a rank; ranks shared by a tie may straddle a page, this is the first. */
export function pageOfRank(rank: number, pageSize: number): number {
  return Math.max(1, Math.ceil(rank / pageSize))
}

/** The season a page shows when none is chosen: the current one, else the latest. */
export function defaultSeasonId(list: SeasonList | undefined): string | null {
  if (!list) return null
  return list.currentId ?? list.seasons[0]?.id ?? null
}

/** The counted tournament that gave the most points, as the server names it. */
export function bestTournamentOf(season: MySeason): MySeasonTournament | null {
  return season.tournaments.find((t) => t.tournamentId === season.bestTournamentId) ?? null
}

/** Tournaments the fan entered among the counted ones. */
export function playedCount(season: MySeason): number {
  return season.tournaments.filter((tournament) => tournament.played).length
}

/** "My 2026 in padel": the year the season ends in. */
export function seasonYearOf(season: { endsOn: string }): string {
  return season.endsOn.slice(0, 4)
}

/** The fan's season card as its share page shows it; null before the fan has a row. */
export function seasonCardOf(season: MySeason): SharedSeason | null {
  if (!season.me || !season.shareId) return null
  return {
    shareId: season.shareId,
    username: season.me.username,
    season: {
      id: season.season.id,
      name: season.season.name,
      endsOn: season.season.endsOn,
      isRecap: season.isRecap,
    },
    rank: season.me.rank,
    fans: season.fans,
    points: season.me.points,
    played: playedCount(season),
    counted: season.tournaments.length,
    correct: season.correct,
    bestTournament: bestTournamentOf(season)?.name ?? null,
    coinsWon: season.me.coinsWon,
    line: season.tournaments.flatMap((row) =>
      row.rankAfter === null ? [] : [{ name: row.name, rank: row.rankAfter }],
    ),
  }
}

/** Changes whenever the season card's picture does: the image's address carries it. */
export function seasonCardVersion(card: SharedSeason): string {
  const line = card.line.map((step) => step.rank).join('.')
  return [
    card.season.isRecap ? 'recap' : 'season',
    card.rank,
    card.fans,
    card.points,
    card.played,
    card.counted,
    card.correct,
    card.coinsWon,
    line,
  ].join('-')
}
