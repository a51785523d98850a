// Creating, listing, editing and deleting leagues (docs/product.md "Leagues", docs/decisions/105).
// Leagues hold no coins: nothing here touches a wallet or the ledger.
import { and, asc, desc, eq, gt, ilike, sql } from 'drizzle-orm'
import {
  isReservedLeagueName,
  MAX_LEAGUES_JOINED,
  MAX_LEAGUES_OWNED,
  type CreateLeagueInput,
  type LeagueList,
  type LeagueSummary,
  type PublicLeaguesQuery,
  type UpdateLeagueInput,
} from '#shared/schemas/league'
import type { Database, Transaction } from '#server/db/client'
import { leagueMembers, leaguePots, leagues, user } from '#server/db/schema'
import { appErrorBecause } from '#server/errors'
import { getPgError, PG_ERROR } from '#server/db/pg-errors'
import { usernameSql } from '#server/game/usernames'
import {
  isLeagueMember,
  lockFanLeagues,
  readLeagueAsOwner,
  type LeagueRole,
  type LeagueRow,
} from './league-access'
import { writeWithFreshCodes } from './invite-codes'

export const PUBLIC_LEAGUES_PAGE_SIZE = 20

const summaryColumns = {
  id: leagues.id,
  name: leagues.name,
  description: leagues.description,
  visibility: leagues.visibility,
  memberCount: leagues.memberCount,
  ownerId: leagues.ownerId,
  ownerUsername: usernameSql,
}

type SummaryRow = Omit<LeagueSummary, 'myRole'> & { ownerId: string }

function toSummary(row: SummaryRow, role: LeagueRole | null): LeagueSummary {
  const { ownerId: _ownerId, ...summary } = row
  return { ...summary, myRole: role }
}

export async function leagueSummary(
  db: Database | Transaction,
  leagueId: string,
  userId: string | null,
): Promise<LeagueSummary> {
  const [row] = await db
    .select(summaryColumns)
    .from(leagues)
    .innerJoin(user, eq(user.id, leagues.ownerId))
    .where(eq(leagues.id, leagueId))
  if (!row) throw new Error(`league ${leagueId} vanished`)
  const role =
    row.ownerId === userId
      ? 'owner'
      : userId !== null && (await isLeagueMember(db, leagueId, userId))
        ? 'member'
        : null
  return toSummary(row, role)
}

/**
 * A public league's name is its own (the unique index leagues_public_name_unique, which settles
 * two fans racing for one name), and nobody's league is called Golden Point (decision 154).
 */
async function refuseTakenName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  if (name !== undefined && isReservedLeagueName(name))
    throw appErrorBecause('CONFLICT', 'LEAGUE_NAME_TAKEN')
  try {
    return await write()
  } catch (error) {
    const pg = getPgError(error)
    if (pg?.code === PG_ERROR.UNIQUE_VIOLATION && pg.constraint === 'leagues_public_name_unique')
      throw appErrorBecause('CONFLICT', 'LEAGUE_NAME_TAKEN')
    throw error
  }
}

/** The caller owns it and is its first member; at most 10 owned and 50 joined per fan. */
export async function createLeague(
  db: Database,
  userId: string,
  input: CreateLeagueInput,
): Promise<LeagueSummary> {
  return db.transaction(async (tx) => {
    await lockFanLeagues(tx, userId)
    const [counts] = await tx
      .select({
        owned: sql<number>`(select count(*)::int from ${leagues} where ${leagues.ownerId} = ${userId})`,
        joined: sql<number>`(select count(*)::int from ${leagueMembers} where ${leagueMembers.userId} = ${userId})`,
      })
      .from(sql`(select 1) as one`)
    if (Number(counts!.owned) >= MAX_LEAGUES_OWNED)
      throw appErrorBecause('CONFLICT', 'LEAGUE_OWNED_LIMIT')
    if (Number(counts!.joined) >= MAX_LEAGUES_JOINED)
      throw appErrorBecause('CONFLICT', 'LEAGUE_JOINED_LIMIT')
    const [league] = await refuseTakenName(input.name, () =>
      writeWithFreshCodes(tx, (savepoint, codes) =>
        savepoint
          .insert(leagues)
          .values({
            name: input.name,
            description: input.description ?? '',
            visibility: input.visibility,
            ownerId: userId,
            ...codes,
            memberCount: 1,
          })
          .returning({ id: leagues.id }),
      ),
    )
    await tx.insert(leagueMembers).values({ leagueId: league!.id, userId })
    return leagueSummary(tx, league!.id, userId)
  })
}

/** The caller's leagues (at most 50), the newest joined first. */
export async function listMyLeagues(db: Database, userId: string): Promise<LeagueList> {
  const rows = await db
    .select(summaryColumns)
    .from(leagueMembers)
    .innerJoin(leagues, eq(leagues.id, leagueMembers.leagueId))
    .innerJoin(user, eq(user.id, leagues.ownerId))
    .where(eq(leagueMembers.userId, userId))
    .orderBy(desc(leagueMembers.joinedAt), asc(leagues.id))
  return {
    leagues: rows.map((row) => toSummary(row, row.ownerId === userId ? 'owner' : 'member')),
    hasMore: false,
  }
}

/** Public leagues whose name contains q (any case), the biggest first; a page of 20. */
export async function searchPublicLeagues(
  db: Database,
  userId: string,
  { q, page }: PublicLeaguesQuery,
): Promise<LeagueList> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const rows = await db
    .select({
      ...summaryColumns,
      isMember: sql<boolean>`exists (select 1 from ${leagueMembers}
        where ${leagueMembers.leagueId} = ${leagues.id} and ${leagueMembers.userId} = ${userId})`,
    })
    .from(leagues)
    .innerJoin(user, eq(user.id, leagues.ownerId))
    .where(
      and(eq(leagues.visibility, 'public'), q === '' ? undefined : ilike(leagues.name, pattern)),
    )
    .orderBy(desc(leagues.memberCount), asc(leagues.id))
    .limit(PUBLIC_LEAGUES_PAGE_SIZE + 1)
    .offset((page - 1) * PUBLIC_LEAGUES_PAGE_SIZE)
  const found = rows.slice(0, PUBLIC_LEAGUES_PAGE_SIZE)
  return {
    leagues: found.map(({ isMember, ...row }) =>
      toSummary(row, row.ownerId === userId ? 'owner' : isMember ? 'member' : null),
    ),
    hasMore: rows.length > PUBLIC_LEAGUES_PAGE_SIZE,
  }
}

/** The owner's edits; a new owner must be a member, and the old one stays as a member. */
export async function updateLeague(
  db: Database,
  leagueId: string,
  userId: string,
  input: UpdateLeagueInput,
): Promise<LeagueSummary> {
  return db.transaction(async (tx) => {
    // The league row first, then (for a handover) the new owner's leagues: the one lock order.
    await readLeagueAsOwner(tx, leagueId, userId, { lock: true })
    const changes: Partial<LeagueRow> = {}
    if (input.name !== undefined) changes.name = input.name
    if (input.description !== undefined) changes.description = input.description
    if (input.visibility !== undefined) changes.visibility = input.visibility
    if (input.joiningOpen !== undefined) changes.joiningOpen = input.joiningOpen
    if (input.ownerId !== undefined && input.ownerId !== userId) {
      if (!(await isLeagueMember(tx, leagueId, input.ownerId)))
        throw appErrorBecause('CONFLICT', 'LEAGUE_NEW_OWNER_NOT_MEMBER')
      await lockFanLeagues(tx, input.ownerId)
      const [owned] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(leagues)
        .where(eq(leagues.ownerId, input.ownerId))
      if (Number(owned!.count) >= MAX_LEAGUES_OWNED)
        throw appErrorBecause('CONFLICT', 'LEAGUE_OWNED_LIMIT')
      changes.ownerId = input.ownerId
    }
    if (Object.keys(changes).length > 0)
      await refuseTakenName(changes.name, () =>
        tx.update(leagues).set(changes).where(eq(leagues.id, leagueId)),
      )
    return leagueSummary(tx, leagueId, userId)
  })
}

/** The owner deletes it: its members and invite code go with it, nothing else changes. */
export async function deleteLeague(db: Database, leagueId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await readLeagueAsOwner(tx, leagueId, userId, { lock: true })
    // A pot holding stakes must be paid or given back first (docs/decisions/137): its members'
    // coins are in it. A pot nobody joined closes by itself once betting closes.
    const [holding] = await tx
      .select({ entries: leaguePots.entries })
      .from(leaguePots)
      .where(
        and(
          eq(leaguePots.leagueId, leagueId),
          eq(leaguePots.state, 'open'),
          gt(leaguePots.entries, 0),
        ),
      )
      .limit(1)
    if (holding) throw appErrorBecause('CONFLICT', 'LEAGUE_HAS_OPEN_POT')
    await tx.delete(leagues).where(eq(leagues.id, leagueId))
  })
}
