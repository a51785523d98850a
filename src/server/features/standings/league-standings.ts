// A tournament's standings within a league (docs/product.md §14, §18): the stored rows of the
// league's members only, ranked again among them (competition rank: 1, 1, 3), and 404 for a
// league that does not exist or that the caller is not in.
// Ranking 10,000 members is ~20,000 index probes and two sorts: fine once, too slow for every
// page read (bench/league-standings.bench.ts). So each process keeps the ranking of a league in a
// tournament, keyed by what it was computed from — the standings build (built_at changes with
// every rebuild, the only writer of the rows) and the league's membership (members_version moves
// with every join, leave and removal). A read checks both in the database,
// so a stale ranking is never served; names are read fresh for the shown rows only.
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Contest } from '../../../shared/schemas/contest'
import type { Database } from '../../db/client'
import { bets, leagueMembers, leagues, user } from '../../db/schema'
import { AppError } from '../../errors'
import { usernameSql } from '../leaderboard/leaderboard.service'

export interface LeagueRowsQuery {
  tournamentId: string
  leagueId: string
  contest: Contest
  /** What the ranking depends on: the membership's version and the build's time. */
  membership: string
  builtAt: Date
  userId: string | null
  page: number
  pageSize: number
}

/** A stored standings row as a page shows it: the shown name joined to the bet's scores. */
export interface StoredStandingsRow {
  rank: number
  username: string
  correct: number
  maxPossible: number
  tiebreakerDistance: number | null
  userId: string
}

type RankedMember = Omit<StoredStandingsRow, 'username'>

interface Ranking {
  members: RankedMember[]
  indexOf: Map<string, number>
}

// Rankings kept per process: a few leagues are read at once; each is ~1 MB at 10,000 members.
const MAX_RANKINGS = 32
const rankings = new WeakMap<Database, Map<string, Promise<Ranking>>>()

/** 404 unless the caller is a member; answers the membership's version for the ranking's key. */
export async function assertLeagueMember(
  db: Database,
  leagueId: string,
  userId: string | null,
): Promise<string> {
  const [row] =
    userId === null
      ? []
      : await db
          .select({ version: leagues.membersVersion })
          .from(leagueMembers)
          .innerJoin(leagues, eq(leagues.id, leagueMembers.leagueId))
          .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)))
  if (!row) throw new AppError('NOT_FOUND', 'League not found.')
  return String(row.version)
}

/** Before the deadline: how many of the members have entered. */
export async function leagueEntries(
  db: Database,
  tournamentId: string,
  leagueId: string,
  contest: Contest,
): Promise<number> {
  const [row] = await db
    .select({ entries: count() })
    .from(leagueMembers)
    .innerJoin(
      bets,
      and(
        eq(bets.userId, leagueMembers.userId),
        eq(bets.tournamentId, tournamentId),
        eq(bets.contest, contest),
      ),
    )
    .where(and(eq(leagueMembers.leagueId, leagueId), ne(bets.status, 'refunded')))
  return row?.entries ?? 0
}

/** A page of the league's rows, the caller's own row, and how many members are ranked. */
export async function leagueRows(
  db: Database,
  query: LeagueRowsQuery,
): Promise<{ rows: StoredStandingsRow[]; me: StoredStandingsRow | null; entries: number }> {
  const { members, indexOf } = await rankingOf(db, query)
  const first = (query.page - 1) * query.pageSize
  const shown = members.slice(first, first + query.pageSize)
  const myIndex = query.userId === null ? undefined : indexOf.get(query.userId)
  const mine = myIndex === undefined ? undefined : members[myIndex]
  const ids = [...new Set([...shown, ...(mine ? [mine] : [])].map((row) => row.userId))]
  const names = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: user.id, username: usernameSql })
            .from(user)
            .where(inArray(user.id, ids))
        ).map((row) => [row.id, row.username]),
  )
  const named = (row: RankedMember) => ({ ...row, username: names.get(row.userId) ?? 'User' })
  return { rows: shown.map(named), me: mine ? named(mine) : null, entries: members.length }
}

function rankingOf(db: Database, query: LeagueRowsQuery): Promise<Ranking> {
  let cache = rankings.get(db)
  if (!cache) rankings.set(db, (cache = new Map()))
  const { leagueId, tournamentId, contest, membership, builtAt } = query
  const key = [leagueId, tournamentId, contest, membership, builtAt.getTime()]
  const cacheKey = key.join('|')
  const cached = cache.get(cacheKey)
  if (cached) {
    // Most recently used last.
    cache.delete(cacheKey)
    cache.set(cacheKey, cached)
    return cached
  }
  // Concurrent first reads share one computation; a failed one is not kept.
  const computing = computeRanking(db, tournamentId, leagueId, contest)
  computing.catch(() => cache.delete(cacheKey))
  cache.set(cacheKey, computing)
  for (const oldKey of cache.keys()) {
    if (cache.size <= MAX_RANKINGS) break
    cache.delete(oldKey)
  }
  return computing
}

async function computeRanking(
  db: Database,
  tournamentId: string,
  leagueId: string,
  contest: Contest,
): Promise<Ranking> {
  const { rows } = (await db.execute(sql`
    select rank() over (order by s.rank_position) as rank,
           s.correct, s.max_possible, s.tiebreaker_distance, b.user_id
      from league_members m
      join bets b on b.user_id = m.user_id and b.tournament_id = ${tournamentId}
                 and b.contest = ${contest}::contest
      join bracket_standings s on s.bet_id = b.id
     where m.league_id = ${leagueId}
     order by s.position`)) as unknown as {
    rows: {
      rank: number | string
      correct: number
      max_possible: number
      tiebreaker_distance: number | null
      user_id: string
    }[]
  }
  const members = rows.map((row): RankedMember => ({
    rank: Number(row.rank),
    correct: row.correct,
    maxPossible: row.max_possible,
    tiebreakerDistance: row.tiebreaker_distance,
    userId: row.user_id,
  }))
  return { members, indexOf: new Map(members.map((row, index) => [row.userId, index])) }
}
