// Who may see and act on a league (docs/product.md "Leagues", docs/decisions/105). Private means
// private: to anyone not in it, a private league does not exist (404), on every route. The owner
// alone changes it. Admins have no special view: a league is the fans' own.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Executor, Transaction } from '#server/db/client'
import { leagueMembers, leagues } from '#server/db/schema'
import { AppError } from '#server/errors'
import { isUuid } from '#server/game/ids'

export type LeagueRow = typeof leagues.$inferSelect
export type LeagueRole = 'owner' | 'member'

export interface LeagueAccess {
  league: LeagueRow
  /** Null: not a member (only possible for a public league). */
  role: LeagueRole | null
}

/**
 * The privacy rule as SQL: the fan is in the league (its owner is one of its members; a removed
 * member, another fan, a visitor and an admin are not). readLeague holds it here; a query elsewhere
 * that must hold it inline (standings-context.ts) builds it from this fragment, and
 * league-privacy.test.ts runs one table of cases against both.
 */
export function isInLeagueSql(
  leagueId: SQL | PgColumn | string,
  userId: string | null,
): SQL<boolean> {
  if (userId === null) return sql<boolean>`false`
  return sql<boolean>`exists (select 1 from ${leagueMembers}
    where ${leagueMembers.leagueId} = ${leagueId} and ${leagueMembers.userId} = ${userId})`
}

export const leagueNotFound = () => new AppError('NOT_FOUND', 'League not found.')

/** The league and the caller's role; 404 when it does not exist or is private to others. */
export async function readLeague(
  db: Executor,
  leagueId: string,
  userId: string | null,
  { lock = false }: { lock?: boolean } = {},
): Promise<LeagueAccess> {
  if (!isUuid(leagueId)) throw leagueNotFound()
  const query = db
    .select({
      league: leagues,
      isMember: isInLeagueSql(leagues.id, userId),
    })
    .from(leagues)
    .where(eq(leagues.id, leagueId))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw leagueNotFound()
  const role: LeagueRole | null =
    row.league.ownerId === userId ? 'owner' : row.isMember ? 'member' : null
  if (role === null && row.league.visibility === 'private') throw leagueNotFound()
  return { league: row.league, role }
}

/** A member's view (404 to everyone else, a public league's outsiders included). */
export async function readLeagueAsMember(
  db: Executor,
  leagueId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<LeagueAccess & { role: LeagueRole }> {
  const access = await readLeague(db, leagueId, userId, options)
  if (access.role === null) throw leagueNotFound()
  return { ...access, role: access.role }
}

/**
 * The owner's hold on the league (row locked when asked). A member who is not the owner gets 403:
 * they can see the league, so hiding it would be pointless; others get 404.
 */
export async function readLeagueAsOwner(
  db: Executor,
  leagueId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<LeagueRow> {
  const access = await readLeagueAsMember(db, leagueId, userId, options)
  if (access.role !== 'owner') throw new AppError('FORBIDDEN', 'Only the owner can do this.')
  return access.league
}

export async function isLeagueMember(
  db: Executor,
  leagueId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: leagueMembers.userId })
    .from(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)))
  return row !== undefined
}

/**
 * Serializes one fan's league changes (create, join, becoming an owner), so the caps hold against
 * races. Taken after the league row's lock, never before it (docs/architecture.md, lock order):
 * a handover and the new owner's join take both, and opposite orders would deadlock.
 */
export async function lockFanLeagues(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`leagues:${userId}`}, 0))`)
}
