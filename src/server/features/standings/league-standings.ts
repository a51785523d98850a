// A tournament's standings within a league (docs/product.md §14, §18): the stored rows of the
// league's members only, ranked again among them (competition rank: 1, 1, 3), and 404 for a
// league that does not exist or that the caller is not in. One statement from the league's
// members: its cost follows the league's size (at most 10,000), not the tournament's.
import { and, count, eq, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { bets, leagueMembers } from '../../db/schema'
import { AppError } from '../../errors'
import { usernameSql } from '../leaderboard/leaderboard.service'

export interface LeagueRowsQuery {
  tournamentId: string
  leagueId: string
  userId: string | null
  page: number
  pageSize: number
}

export interface LeagueStoredRow {
  rank: number
  username: string
  correct: number
  maxPossible: number
  tiebreakerDistance: number | null
  userId: string
}

/** 404 unless the caller is a member of the league (private or public alike). */
export async function assertLeagueMember(
  db: Database,
  leagueId: string,
  userId: string | null,
): Promise<void> {
  const [row] =
    userId === null
      ? []
      : await db
          .select({ userId: leagueMembers.userId })
          .from(leagueMembers)
          .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)))
  if (!row) throw new AppError('NOT_FOUND', 'League not found.')
}

/** Before the deadline: how many of the members have entered. */
export async function leagueEntries(
  db: Database,
  tournamentId: string,
  leagueId: string,
): Promise<number> {
  const [row] = await db
    .select({ entries: count() })
    .from(leagueMembers)
    .innerJoin(
      bets,
      and(eq(bets.userId, leagueMembers.userId), eq(bets.tournamentId, tournamentId)),
    )
    .where(and(eq(leagueMembers.leagueId, leagueId), ne(bets.status, 'refunded')))
  return row?.entries ?? 0
}

/** A page of the league's rows, the caller's own row, and how many members are ranked. */
export async function leagueRows(
  db: Database,
  { tournamentId, leagueId, userId, page, pageSize }: LeagueRowsQuery,
): Promise<{ rows: LeagueStoredRow[]; me: LeagueStoredRow | null; entries: number }> {
  const first = (page - 1) * pageSize
  const { rows } = (await db.execute(sql`
    with ranked as (
      select rank() over (order by s.rank_position) as rank,
             row_number() over (order by s.position) as place,
             count(*) over () as entries,
             ${usernameSql} as username, s.correct, s.max_possible, s.tiebreaker_distance,
             b.user_id
        from league_members m
        join bets b on b.user_id = m.user_id and b.tournament_id = ${tournamentId}
        join bracket_standings s on s.bet_id = b.id
        join "user" on "user".id = b.user_id
       where m.league_id = ${leagueId}
    )
    select * from ranked
     where (place > ${first} and place <= ${first + pageSize})
        or user_id = ${userId ?? ''}
     order by place`)) as unknown as {
    rows: {
      rank: number | string
      place: number | string
      entries: number | string
      username: string
      correct: number
      max_possible: number
      tiebreaker_distance: number | null
      user_id: string
    }[]
  }
  const toRow = (row: (typeof rows)[number]): LeagueStoredRow => ({
    rank: Number(row.rank),
    username: row.username,
    correct: row.correct,
    maxPossible: row.max_possible,
    tiebreakerDistance: row.tiebreaker_distance,
    userId: row.user_id,
  })
  const onPage = rows.filter(
    (row) => Number(row.place) > first && Number(row.place) <= first + pageSize,
  )
  const mine = rows.find((row) => row.user_id === userId)
  return {
    rows: onPage.map(toRow),
    me: mine ? toRow(mine) : null,
    entries: Number(rows[0]?.entries ?? (await countRanked(db, tournamentId, leagueId))),
  }
}

/** Members ranked, for a page past the end (which returns no row to read the count from). */
async function countRanked(db: Database, tournamentId: string, leagueId: string) {
  const { rows } = (await db.execute(sql`
    select count(*)::int as entries
      from league_members m
      join bets b on b.user_id = m.user_id and b.tournament_id = ${tournamentId}
      join bracket_standings s on s.bet_id = b.id
     where m.league_id = ${leagueId}`)) as unknown as { rows: { entries: number }[] }
  return Number(rows[0]?.entries ?? 0)
}
