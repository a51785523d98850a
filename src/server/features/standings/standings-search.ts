// Finding fans in a tournament's standings (docs/product.md "Standings"): "find a fan" by a part of the
// name, and the page that holds the caller's own row ("jump to my page"). A rank is shared by a
// tie, so the page of a row comes from its position in the build's order, not from its rank.
import { sql } from 'drizzle-orm'
import type { Contest } from '#shared/schemas/contest'
import { rowsOf, type Database } from '#server/db/client'
import { usernameSql } from '#server/game/usernames'
import { betCodesTextSql, type BuildRanking } from '#server/game/build-scoring'
import type { StoredStandingsRow } from './standings-rows'
import { STANDINGS_CHUNK_SIZE } from './standings-rebuild'

/** `q` as an ILIKE pattern that finds it anywhere, its wildcards taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * The brackets of the contest whose fan's name contains `q` (any case), scored and ranked by the
 * build; in rank order, then by name. `userIds` narrows them to a league's members.
 */
export async function searchStandingsRows(
  db: Database,
  ranking: BuildRanking,
  {
    tournamentId,
    contest,
    q,
    limit,
  }: { tournamentId: string; contest: Contest; q: string; limit: number },
): Promise<StoredStandingsRow[]> {
  const answer = rowsOf<{
    user_id: string
    username: string
    codes: string[]
    final_total_games: number | null
  }>(
    await db.execute(sql`
    select b.user_id, ${usernameSql} as username, ${betCodesTextSql} as codes, b.final_total_games
      from "user" join bets b on b.user_id = "user".id
     where b.tournament_id = ${tournamentId} and b.contest = ${contest}::contest
       and b.status <> 'refunded' and ${usernameSql} ilike ${containsPattern(q)}
     order by ${usernameSql}
     limit ${limit}`),
  )
  const rows: StoredStandingsRow[] = []
  for (const row of answer) {
    const bet = { contest, codes: row.codes, finalTotalGames: row.final_total_games }
    const standing = ranking.standingOf(bet)
    if (standing) rows.push({ ...standing, username: row.username, userId: row.user_id })
  }
  return rows.sort((a, b) => a.rank - b.rank)
}

/**
 * The 1-based position of the fan's bracket in the build's order, or null when the build does not
 * hold it. A row's position is never before its rank, so the search starts at the rank's chunk and
 * nearly always ends there or in the next.
 */
export async function readOwnPosition(
  db: Database,
  {
    tournamentId,
    contest,
    userId,
    rank,
  }: { tournamentId: string; contest: Contest; userId: string; rank: number },
): Promise<number | null> {
  const chunkSize = STANDINGS_CHUNK_SIZE
  const answer = rowsOf<{ position: number | string }>(
    await db.execute(sql`
    select c.chunk * ${chunkSize} + array_position(c.bet_ids, b.id) as position
      from bets b
      join standings_chunks c on c.tournament_id = b.tournament_id and c.contest = b.contest
       and c.chunk >= ${Math.floor((rank - 1) / chunkSize)} and b.id = any(c.bet_ids)
     where b.tournament_id = ${tournamentId} and b.user_id = ${userId}
       and b.contest = ${contest}::contest
     order by c.chunk
     limit 1`),
  )
  const position = answer[0]?.position
  return position === undefined ? null : Number(position)
}
