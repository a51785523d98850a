// Reading a season's standings (docs/product.md "Seasons", docs/decisions/136): a page of the stored
// order and the caller's own row as `me`, or a league's members ranked among themselves
// (`?leagueId=`; the league page's own table is another, docs/product.md "Leagues"). Pages and own rows
// are kept per process under the season's built_at, which every count moves, so a counted
// tournament is never served stale.
import { and, eq, sql } from 'drizzle-orm'
import type { SeasonRow, SeasonStandings, SeasonStandingsQuery } from '#shared/schemas/season'
import type { Database } from '#server/db/client'
import { leagueMembers, leagues, seasons } from '#server/db/schema'
import { AppError } from '#server/errors'
import { createStandingsCache, type StandingsCache } from '#server/game/standings-cache'
import { isUuid } from '#server/game/ids'
import { readSeasonPage, readSeasonRowsOf, type StoredSeasonRow } from './season-rows'
import { catchUpSeasons } from './season-freshness'

// Two caches per database handle, both keyed by the season's build. Pages (and league tables)
// far down the table are read once each and cost the database a page's index entries, so the
// page cache stays small: with the standings' 20,000 entries, a server grew from 142 to 209 MB
// over the benchmark's reads of pages spread over the table (bench/HISTORY.md, Seasons). Own rows
// are one row each and every signed-in fan asks for theirs with each page: they keep the
// standings' default size.
const PAGE_CACHE_ENTRIES = 1_000

interface SeasonCaches {
  pages: StandingsCache
  ownRows: StandingsCache
}

const caches = new WeakMap<Database, SeasonCaches>()
function cachesOf(db: Database): SeasonCaches {
  let cache = caches.get(db)
  if (!cache) {
    cache = {
      pages: createStandingsCache({ maxEntries: PAGE_CACHE_ENTRIES }),
      ownRows: createStandingsCache(),
    }
    caches.set(db, cache)
  }
  return cache
}

export interface SeasonContext {
  id: string
  steps: number
  fans: number
  builtAt: Date
  /** The league's members_version when the caller is in it; null when not (or none asked). */
  membership: string | null
}

export const seasonNotFound = () => new AppError('NOT_FOUND', 'Season not found.')
const leagueNotFound = () => new AppError('NOT_FOUND', 'League not found.')

/** The season's figures and, for a league, the caller's membership, in one round trip. */
export async function readSeasonContext(
  db: Database,
  seasonId: string,
  { leagueId, userId }: { leagueId?: string | undefined; userId: string | null },
): Promise<SeasonContext> {
  if (!isUuid(seasonId)) throw seasonNotFound()
  await catchUpSeasons(db)
  const membersVersion =
    leagueId === undefined || userId === null
      ? sql<number | null>`null::integer`
      : sql<number | null>`(${db
          .select({ version: leagues.membersVersion })
          .from(leagueMembers)
          .innerJoin(leagues, eq(leagues.id, leagueMembers.leagueId))
          .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)))})`
  const [row] = await db
    .select({
      id: seasons.id,
      steps: seasons.steps,
      fans: seasons.fans,
      builtAt: seasons.builtAt,
      membersVersion,
    })
    .from(seasons)
    .where(eq(seasons.id, seasonId))
  if (!row) throw seasonNotFound()
  return {
    id: row.id,
    steps: row.steps,
    fans: row.fans,
    builtAt: row.builtAt,
    membership: row.membersVersion === null ? null : String(row.membersVersion),
  }
}

export async function getSeasonStandings(
  db: Database,
  seasonId: string,
  { userId, page, pageSize, leagueId }: SeasonStandingsQuery & { userId: string },
): Promise<SeasonStandings> {
  const context = await readSeasonContext(db, seasonId, { leagueId, userId })
  // A private league is a 404 to anyone not in it, as everywhere (decision 105).
  if (leagueId !== undefined && context.membership === null) throw leagueNotFound()
  const head = {
    seasonId: context.id,
    counted: context.steps,
    page,
    pageSize,
    builtAt: context.builtAt.toISOString(),
  }
  const first = (page - 1) * pageSize
  const toRow = (row: StoredSeasonRow): SeasonRow => ({
    rank: row.rank,
    username: row.username,
    points: row.points,
    tournaments: row.tournaments,
    coinsWon: row.coinsWon,
    isMe: row.userId === userId,
  })
  if (context.steps === 0) return { ...head, fans: 0, rows: [], me: null }
  const cache = cachesOf(db)
  const key = `season|${context.id}|${context.builtAt.getTime()}`
  if (leagueId !== undefined) {
    const members = await cache.pages.get(`${key}|league|${leagueId}|${context.membership}`, () =>
      leagueRanking(db, context, leagueId),
    )
    const mine = members.find((row) => row.userId === userId) ?? null
    return {
      ...head,
      fans: members.length,
      rows: members.slice(first, first + pageSize).map(toRow),
      me: mine && toRow(mine),
    }
  }
  const step = context.steps
  const [rows, me] = await Promise.all([
    cache.pages.get(`${key}|page|${first}|${pageSize}`, () =>
      readSeasonPage(db, { seasonId: context.id, step, first, size: pageSize }),
    ),
    cache.ownRows.get(`${key}|me|${userId}`, async () => {
      const [own] = await readSeasonRowsOf(db, { seasonId: context.id, step, userIds: [userId] })
      return own ?? null
    }),
  ])
  return { ...head, fans: context.fans, rows: rows.map(toRow), me: me && toRow(me) }
}

/**
 * A league's members with season points, in the season's order (its rank, then the fan's id, as
 * the stored order breaks ties), ranked again among themselves (1, 1, 3).
 */
async function leagueRanking(
  db: Database,
  context: SeasonContext,
  leagueId: string,
): Promise<StoredSeasonRow[]> {
  const members = await db
    .select({ userId: leagueMembers.userId })
    .from(leagueMembers)
    .where(eq(leagueMembers.leagueId, leagueId))
  const rows = await readSeasonRowsOf(db, {
    seasonId: context.id,
    step: context.steps,
    userIds: members.map((member) => member.userId),
  })
  rows.sort((a, b) => a.rank - b.rank || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0))
  let rank = 0
  return rows.map((row, index) => {
    if (index === 0 || rows[index - 1]!.rank !== row.rank) rank = index + 1
    return { ...row, rank }
  })
}
