// The members of a league a page at a time (docs/product.md "Leagues"): a league may hold 10,000, so
// the league page never gets them all at once. Members only: a private league is a 404 to anyone
// else, and a public league's outsiders see its head, never who is in it.
import { and, asc, eq, ilike, sql } from 'drizzle-orm'
import {
  LEAGUE_MEMBERS_PAGE_SIZE,
  type LeagueMember,
  type LeagueMemberPage,
  type LeagueMembersQuery,
} from '#shared/schemas/league'
import type { Database } from '#server/db/client'
import { leagueMembers, user } from '#server/db/schema'
import { usernameSql } from '#server/game/usernames'
import { readLeagueAsMember } from './league-access'

export async function listLeagueMembers(
  db: Database,
  leagueId: string,
  userId: string,
  { q, page, tournamentId, entry }: LeagueMembersQuery,
): Promise<LeagueMemberPage> {
  const { league } = await readLeagueAsMember(db, leagueId, userId)
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  // A main bracket that still counts: the same test as the page's entered counts.
  const hasEntered = sql`exists (select 1 from bets b where b.user_id = ${leagueMembers.userId}
    and b.tournament_id = ${tournamentId ?? null} and b.status <> 'refunded')`
  const rows = await db
    .select({
      userId: leagueMembers.userId,
      username: usernameSql,
      joinedAt: leagueMembers.joinedAt,
    })
    .from(leagueMembers)
    .innerJoin(user, eq(user.id, leagueMembers.userId))
    .where(
      and(
        eq(leagueMembers.leagueId, league.id),
        q === '' ? undefined : ilike(usernameSql, pattern),
        entry === undefined ? undefined : entry === 'entered' ? hasEntered : sql`not ${hasEntered}`,
      ),
    )
    .orderBy(asc(leagueMembers.joinedAt), asc(leagueMembers.userId))
    .limit(LEAGUE_MEMBERS_PAGE_SIZE + 1)
    .offset((page - 1) * LEAGUE_MEMBERS_PAGE_SIZE)
  return {
    members: rows.slice(0, LEAGUE_MEMBERS_PAGE_SIZE).map((row): LeagueMember => ({
      userId: row.userId,
      username: row.username,
      role: row.userId === league.ownerId ? 'owner' : 'member',
      joinedAt: row.joinedAt.toISOString(),
    })),
    page,
    hasMore: rows.length > LEAGUE_MEMBERS_PAGE_SIZE,
  }
}
