// What every standings read needs before its rows, in one round trip (docs/decisions/093): the
// tournament, its standings build and, for a league, the caller's membership. Rows, own rows and
// names come from the per-build cache (standings-cache.ts), so on a warm cache this is the read's
// only query: a page with three round trips waited on three turns of a busy database.
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { leagueMembers, leagues, standingsBuilds, tournaments } from '../../db/schema'
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
      tournament: tournaments,
      entries: standingsBuilds.entries,
      secondChanceEntries: standingsBuilds.secondChanceEntries,
      builtAt: standingsBuilds.builtAt,
      isFresh: checkFreshness
        ? sql<boolean>`${standingsBuilds.resultsDigest} = ${resultsDigestSql(tournamentId)}`
        : sql<boolean>`true`,
      membersVersion,
    })
    .from(tournaments)
    .leftJoin(standingsBuilds, eq(standingsBuilds.tournamentId, tournaments.id))
    .where(eq(tournaments.id, tournamentId))
  if (!row) return undefined
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
