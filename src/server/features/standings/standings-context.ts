// What every standings read needs before its rows, in one round trip (docs/decisions/093): the
// tournament, its standings build and, for a league, the caller's membership. Rows, own rows and
// names come from the per-build cache (standings-cache.ts), so on a warm cache this is the read's
// only query: a page with three round trips waited on three turns of a busy database. Reads
// outside a league while a refresher keeps the builds fresh ask every tournament the same
// question: those that arrive together share one query (decision 063).
import { eq, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { batchedPer, builtOncePer } from '#server/db/per-database'
import { leagues, standingsBuilds, tournaments } from '#server/db/schema'
import { isInLeagueSql } from '#server/features/leagues/index'
import { isUuid } from '#server/game/ids'
import { resultsDigestSql } from './standings-rebuild'

export interface StandingsBuild {
  entries: number
  secondChanceEntries: number
  builtAt: Date
  /** The build matches today's results (always true while a refresher keeps them fresh). */
  isFresh: boolean
}

export interface StandingsContext {
  tournament: typeof tournaments.$inferSelect
  /** Null before the first build. */
  build: StandingsBuild | null
  /** The league's members_version when the caller is in it; null when not (or no league asked). */
  membership: string | null
}

/**
 * The tournament (undefined when there is none), its build and the caller's membership of
 * `leagueId`. With `checkFreshness` the build's digest is compared with today's results (a
 * digest of every match: only without a refresher).
 */
export async function readStandingsContext(
  db: Database,
  tournamentId: string,
  {
    leagueId,
    userId,
    checkFreshness,
  }: { leagueId?: string | undefined; userId: string | null; checkFreshness: boolean },
): Promise<StandingsContext | undefined> {
  // Only a fan in the league sees its standings, private or public: the leagues feature's rule,
  // held inline so that the read stays one round trip.
  const membersVersion =
    leagueId === undefined || !isUuid(leagueId)
      ? sql<number | null>`null::integer`
      : sql<number | null>`(select ${leagues.membersVersion} from ${leagues}
          where ${leagues.id} = ${leagueId}::uuid and ${isInLeagueSql(leagues.id, userId)})`
  if (leagueId === undefined && !checkFreshness) return contextBatch(db).load(tournamentId)
  const [row] = await db
    .select({
      ...contextColumns,
      isFresh: checkFreshness
        ? sql<boolean>`${standingsBuilds.resultsDigest} = ${resultsDigestSql(tournamentId)}`
        : sql<boolean>`true`,
      membersVersion,
    })
    .from(tournaments)
    .leftJoin(standingsBuilds, eq(standingsBuilds.tournamentId, tournaments.id))
    .where(eq(tournaments.id, tournamentId))
  return row && contextOf(row)
}

const contextColumns = {
  tournament: tournaments,
  entries: standingsBuilds.entries,
  secondChanceEntries: standingsBuilds.secondChanceEntries,
  builtAt: standingsBuilds.builtAt,
}

// The tournaments of one batch with their builds, taken as fresh (a refresher keeps them so).
const tournamentsWithBuilds = builtOncePer((db) =>
  db
    .select(contextColumns)
    .from(tournaments)
    .leftJoin(standingsBuilds, eq(standingsBuilds.tournamentId, tournaments.id))
    .where(sql`${tournaments.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('standings_contexts'),
)

// A malformed id would fail the whole batch's cast: it is answered "no tournament" unasked.
const contextBatch = batchedPer(async (db, ids: readonly string[]) => {
  const asked = [...new Set(ids)].filter(isUuid)
  const rows = asked.length === 0 ? [] : await tournamentsWithBuilds(db).execute({ ids: asked })
  const byId = new Map(rows.map((row) => [row.tournament.id, row]))
  return ids.map((id) => {
    const row = byId.get(id)
    return row && contextOf({ ...row, isFresh: true, membersVersion: null })
  })
})

function contextOf(row: {
  tournament: typeof tournaments.$inferSelect
  entries: number | null
  secondChanceEntries: number | null
  builtAt: Date | null
  isFresh: boolean
  membersVersion: number | null
}): StandingsContext {
  const { tournament, entries, secondChanceEntries, builtAt, isFresh } = row
  return {
    tournament,
    build:
      builtAt === null || entries === null
        ? null
        : { entries, secondChanceEntries: secondChanceEntries ?? 0, builtAt, isFresh },
    membership: row.membersVersion === null ? null : String(row.membersVersion),
  }
}
