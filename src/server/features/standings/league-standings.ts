// A tournament's standings within a league (docs/product.md "Standings", §18): the league's members'
// brackets only, scored and ordered by the tournament's build (build-scoring.ts), ranked again
// among them (competition rank: 1, 1, 3). Whether the caller is a member (404 when not) is read
// with the tournament (standings-context.ts).
// Reading and scoring 10,000 members' bets is fine once, too slow for every page read
// (bench/league-standings.bench.ts). So each process keeps the ranking of a league in a
// tournament, keyed by what it was computed from — the standings build (built_at changes with
// every rebuild) and the league's membership (members_version moves with every join, leave and
// removal). A read checks both in the database, so a stale ranking is never served; a page's
// names are kept with it in the standings cache, whose time limit bounds how long a renamed fan
// keeps the old name.
import { and, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm'
import type { Contest } from '#shared/schemas/contest'
import type { Database } from '#server/db/client'
import { bets, leagueMembers, user } from '#server/db/schema'
import { usernameSql } from '#server/game/usernames'
import { betCodesTextSql, type BetStanding, type BuildRanking } from '#server/game/build-scoring'
import type { StandingsCache } from '#server/game/standings-cache'
import { containsPattern } from './standings-search'
import type { StoredStandingsRow } from './standings-rows'

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
  /** Only the members whose name contains this (any case), up to a page of them. */
  q?: string
  /** The build's ranking, from which each member's row follows. */
  ranking: () => Promise<BuildRanking | null>
}

type RankedMember = Omit<StoredStandingsRow, 'username'>

interface Ranking {
  members: RankedMember[]
  indexOf: Map<string, number>
}

// Rankings kept per process: a few leagues are read at once; each is ~1 MB at 10,000 members.
const MAX_RANKINGS = 32
const rankings = new WeakMap<Database, Map<string, Promise<Ranking>>>()

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

/**
 * A page of the league's rows, the caller's own row, and how many members are ranked. Names are
 * kept with the ranking's page (and the caller's row) in `cache`, so a warm read queries nothing.
 */
export async function leagueRows(
  db: Database,
  query: LeagueRowsQuery,
  cache: StandingsCache,
): Promise<{
  rows: StoredStandingsRow[]
  me: StoredStandingsRow | null
  entries: number
  /** The caller's 1-based place in the league's order, null without a bracket in it. */
  myPosition: number | null
}> {
  const { members, indexOf } = await rankingOf(db, query)
  const first = (query.page - 1) * query.pageSize
  const myIndex = query.userId === null ? undefined : indexOf.get(query.userId)
  const mine = myIndex === undefined ? undefined : members[myIndex]
  const key = rankingKey(query)
  const [rows, me] = await Promise.all([
    query.q !== undefined
      ? matchingMembers(db, query.leagueId, query.q).then((ids) =>
          named(db, members.filter((row) => ids.has(row.userId)).slice(0, query.pageSize)),
        )
      : cache.get(`${key}|page|${first}|${query.pageSize}`, () =>
          named(db, members.slice(first, first + query.pageSize)),
        ),
    mine ? cache.get(`${key}|me|${mine.userId}`, () => named(db, [mine])) : [],
  ])
  const myPosition = myIndex === undefined ? null : myIndex + 1
  return { rows, me: me[0] ?? null, entries: members.length, myPosition }
}

/** The league's members whose shown name contains `q`, any case. */
async function matchingMembers(db: Database, leagueId: string, q: string): Promise<Set<string>> {
  const rows = await db
    .select({ userId: leagueMembers.userId })
    .from(leagueMembers)
    .innerJoin(user, eq(user.id, leagueMembers.userId))
    .where(and(eq(leagueMembers.leagueId, leagueId), ilike(usernameSql, containsPattern(q))))
  return new Set(rows.map((row) => row.userId))
}

/** The rows with their fans' shown names, read fresh. */
async function named(db: Database, rows: RankedMember[]): Promise<StoredStandingsRow[]> {
  const ids = [...new Set(rows.map((row) => row.userId))]
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
  return rows.map((row) => ({ ...row, username: names.get(row.userId) ?? 'User' }))
}

/** What a league's ranking in a tournament was computed from. */
function rankingKey({ leagueId, tournamentId, contest, membership, builtAt }: LeagueRowsQuery) {
  return [leagueId, tournamentId, contest, membership, builtAt.getTime()].join('|')
}

function rankingOf(db: Database, query: LeagueRowsQuery): Promise<Ranking> {
  let cache = rankings.get(db)
  if (!cache) rankings.set(db, (cache = new Map()))
  const { leagueId, tournamentId, contest } = query
  const cacheKey = rankingKey(query)
  const cached = cache.get(cacheKey)
  if (cached) {
    // Most recently used last.
    cache.delete(cacheKey)
    cache.set(cacheKey, cached)
    return cached
  }
  // Concurrent first reads share one computation; a failed one is not kept.
  const computing = computeRanking(db, tournamentId, leagueId, contest, query.ranking)
  computing.catch(() => cache.delete(cacheKey))
  cache.set(cacheKey, computing)
  for (const oldKey of cache.keys()) {
    if (cache.size <= MAX_RANKINGS) break
    cache.delete(oldKey)
  }
  return computing
}

/**
 * The members' brackets scored by the build, in the build's order (its rank, then the earlier
 * entry), ranked again among them.
 */
async function computeRanking(
  db: Database,
  tournamentId: string,
  leagueId: string,
  contest: Contest,
  buildRanking: () => Promise<BuildRanking | null>,
): Promise<Ranking> {
  const [ranking, answer] = await Promise.all([
    buildRanking(),
    db.execute(sql`
      select b.user_id, ${betCodesTextSql} as codes, b.final_total_games
        from league_members m
        join bets b on b.user_id = m.user_id and b.tournament_id = ${tournamentId}
                   and b.contest = ${contest}::contest
       where m.league_id = ${leagueId}
       order by b.created_at, b.id`) as unknown as Promise<{
      rows: { user_id: string; codes: string[]; final_total_games: number | null }[]
    }>,
  ])
  const scored: (BetStanding & { userId: string })[] = []
  for (const row of answer.rows) {
    const bet = { contest, codes: row.codes, finalTotalGames: row.final_total_games }
    const standing = ranking?.standingOf(bet)
    if (standing) scored.push({ ...standing, userId: row.user_id })
  }
  // Stable: equal ranks keep the earlier entry first, as the build's positions do.
  scored.sort((a, b) => a.rank - b.rank)
  // Competition rank among the members: a tie shares the first one's place (1, 1, 3).
  const members: RankedMember[] = []
  for (const [index, row] of scored.entries()) {
    const previous = members[index - 1]
    const isTied = previous !== undefined && scored[index - 1]!.rank === row.rank
    members.push({ ...row, rank: isTied ? previous.rank : index + 1 })
  }
  return { members, indexOf: new Map(members.map((row, index) => [row.userId, index])) }
}
