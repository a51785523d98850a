// What the standings page shows, apart from how: page counts and the link of each row.
import type { Contest } from '#shared/schemas/contest'
import type { TierResultValue } from '#shared/schemas/standings'

export const STANDINGS_PAGE_SIZE = 25

/** Pages needed for `entries` rows (at least one, so "page 1 of 1" reads right when empty). */
export function pageCount(entries: number, pageSize: number): number {
  return Math.max(1, Math.ceil(entries / pageSize))
}

/** A ?page= value as a page number: a whole number from 1, else 1. */
export function pageFromSearch(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/** Where a row leads: that fan's bracket of the ranked contest in this tournament. */
export function bracketPath(tournamentId: string, username: string, contest: Contest = 'main') {
  const path = `/tournaments/${encodeURIComponent(tournamentId)}/brackets/${encodeURIComponent(username)}`
  return contest === 'main' ? path : `${path}?contest=${contest}`
}

/** The translation key of a tier (or of "no tier"). */
export function tierLabelKey(tier: TierResultValue) {
  return tier === 'no_tier' ? ('standings.no_tier' as const) : (`prize.tier_names.${tier}` as const)
}

/** A tier's small mark: its threshold ("90" for tier_90); null below the lowest tier. */
export function tierMarkOf(tier: TierResultValue): string | null {
  return tier === 'no_tier' ? null : tier.slice('tier_'.length)
}

/** The search parameter of a standings table's "find a fan", beside its page parameter. */
export function searchParamOf(pageParam: string): string {
  return pageParam === 'page' ? 'q' : `${pageParam}-q`
}

/**
 * How far each fan moved since the standings were last shown (positive: up), for the ▲/▼ beside a
 * rank after a live update. Fans not on the earlier page, and those who did not move, are absent.
 */
export function rankMovesOf(
  before: ReadonlyMap<string, number>,
  rows: readonly { username: string; rank: number }[],
): Map<string, number> {
  const moves = new Map<string, number>()
  for (const row of rows) {
    const was = before.get(row.username)
    if (was !== undefined && was !== row.rank) moves.set(row.username, was - row.rank)
  }
  return moves
}

/** The ranks of a page of standings by fan, to compare the next update with. */
export function ranksOf(rows: readonly { username: string; rank: number }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.username, row.rank]))
}
