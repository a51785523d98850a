// Joining and leaving leagues (docs/product.md "Leagues", docs/decisions/105): by invite code, or a
// public league by id; leaving, removal by the owner (which keeps the fan out until the owner lets
// them back, docs/decisions/153), and renewing the code. A join locks the league row (the 10,000
// cap and member_count), then the fan's own leagues (the 50 cap): the lock order of every league
// write (docs/architecture.md), so a join never deadlocks with a handover.
import { and, eq, sql } from 'drizzle-orm'
import {
  MAX_LEAGUE_MEMBERS,
  MAX_LEAGUES_JOINED,
  type JoinLeagueInput,
  type LeagueInvite,
  type LeagueInvitePreview,
  type LeagueSummary,
} from '#shared/schemas/league'
import type { Database, Transaction } from '#server/db/client'
import { leagueMembers, leagueRemovals, leagues } from '#server/db/schema'
import { AppError, appErrorBecause } from '#server/errors'
import {
  isLeagueMember,
  leagueNotFound,
  lockFanLeagues,
  readLeagueAsMember,
  readLeagueAsOwner,
  type LeagueRow,
} from './league-access'
import { leagueSummary } from './leagues.service'
import { findLeagueByCode, writeWithFreshCodes } from './invite-codes'
import { writeNotifications } from '#server/game/notification-writes'

/** The league of a link's code or a short code (any case and spacing), while joining is open. */
async function leagueByCode(db: Database | Transaction, code: string, lock = false) {
  const league = await findLeagueByCode(db, code, { lock })
  // A closed link looks like a dead one: the code names nothing until joining opens again.
  return league?.joiningOpen ? league : undefined
}

/**
 * What the invite link shows, even signed out: the name, the size, the description and who
 * invites (the owner), so a fan knows whose league it is before joining (decision 166).
 */
export async function previewInvite(
  db: Database,
  code: string,
  userId: string | null,
): Promise<LeagueInvitePreview> {
  const league = await leagueByCode(db, code)
  if (!league) throw leagueNotFound()
  const summary = await leagueSummary(db, league.id, userId)
  return {
    leagueId: league.id,
    name: summary.name,
    description: summary.description,
    ownerUsername: summary.ownerUsername,
    memberCount: summary.memberCount,
    isMember: summary.myRole !== null,
  }
}

/**
 * Joins by code or (public leagues) by id. Joining a league one is already in answers the league
 * and changes nothing. The owner is told (league_joined) in the same transaction.
 */
export async function joinLeague(
  db: Database,
  userId: string,
  input: JoinLeagueInput,
): Promise<LeagueSummary> {
  return db.transaction(async (tx) => {
    const league = 'code' in input ? await leagueByCode(tx, input.code, true) : undefined
    const target = league ?? ('leagueId' in input ? await publicLeague(tx, input.leagueId) : null)
    if (!target) throw leagueNotFound()
    await lockFanLeagues(tx, userId)
    if (await isLeagueMember(tx, target.id, userId)) return leagueSummary(tx, target.id, userId)
    if (await wasRemoved(tx, target.id, userId))
      throw appErrorBecause('CONFLICT', 'LEAGUE_MEMBER_REMOVED')
    if (!target.joiningOpen) throw appErrorBecause('CONFLICT', 'LEAGUE_JOINING_CLOSED')
    if (target.memberCount >= MAX_LEAGUE_MEMBERS) throw appErrorBecause('CONFLICT', 'LEAGUE_FULL')
    const [joined] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(leagueMembers)
      .where(eq(leagueMembers.userId, userId))
    if (Number(joined!.count) >= MAX_LEAGUES_JOINED)
      throw appErrorBecause('CONFLICT', 'LEAGUE_JOINED_LIMIT')
    await tx.insert(leagueMembers).values({ leagueId: target.id, userId })
    await tx
      .update(leagues)
      .set({
        memberCount: sql`${leagues.memberCount} + 1`,
        membersVersion: sql`${leagues.membersVersion} + 1`,
      })
      .where(eq(leagues.id, target.id))
    await writeNotifications(tx, [
      { userId: target.ownerId, kind: 'league_joined', leagueId: target.id, actorUserId: userId },
    ])
    return leagueSummary(tx, target.id, userId)
  })
}

/** A public league by id, locked; a private one is not found (it needs its code). */
async function publicLeague(tx: Transaction, leagueId: string): Promise<LeagueRow | null> {
  const [league] = await tx.select().from(leagues).where(eq(leagues.id, leagueId)).for('update')
  return league?.visibility === 'public' ? league : null
}

async function dropMember(tx: Transaction, leagueId: string, userId: string): Promise<void> {
  const removed = await tx
    .delete(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)))
    .returning({ userId: leagueMembers.userId })
  if (removed.length === 0) return
  await tx
    .update(leagues)
    .set({
      memberCount: sql`${leagues.memberCount} - 1`,
      membersVersion: sql`${leagues.membersVersion} + 1`,
    })
    .where(eq(leagues.id, leagueId))
}

/** A member leaves; the owner must hand the league on first (409), or delete it. */
export async function leaveLeague(db: Database, leagueId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { role } = await readLeagueAsMember(tx, leagueId, userId, { lock: true })
    if (role === 'owner') throw appErrorBecause('CONFLICT', 'LEAGUE_OWNER_MUST_TRANSFER')
    await dropMember(tx, leagueId, userId)
  })
}

async function wasRemoved(tx: Transaction, leagueId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: leagueRemovals.userId })
    .from(leagueRemovals)
    .where(and(eq(leagueRemovals.leagueId, leagueId), eq(leagueRemovals.userId, userId)))
  return row !== undefined
}

/**
 * The owner removes a member, who loses access at once (every read checks membership) and stays
 * out: the code they saw no longer lets them in until the owner lets them back.
 */
export async function removeMember(
  db: Database,
  leagueId: string,
  ownerId: string,
  memberId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await readLeagueAsOwner(tx, leagueId, ownerId, { lock: true })
    if (memberId === ownerId) throw appErrorBecause('CONFLICT', 'LEAGUE_OWNER_NOT_REMOVABLE')
    if (!(await isLeagueMember(tx, leagueId, memberId)))
      throw new AppError('NOT_FOUND', 'Member not found.')
    await dropMember(tx, leagueId, memberId)
    await tx
      .insert(leagueRemovals)
      .values({ leagueId, userId: memberId })
      .onConflictDoUpdate({
        target: [leagueRemovals.leagueId, leagueRemovals.userId],
        set: { removedAt: sql`now()` },
      })
  })
}

/** The owner lets a removed fan back: they may join again (with a working code, or by id). */
export async function letRemovedFanBack(
  db: Database,
  leagueId: string,
  ownerId: string,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await readLeagueAsOwner(tx, leagueId, ownerId, { lock: true })
    const lifted = await tx
      .delete(leagueRemovals)
      .where(and(eq(leagueRemovals.leagueId, leagueId), eq(leagueRemovals.userId, userId)))
      .returning({ userId: leagueRemovals.userId })
    if (lifted.length === 0) throw new AppError('NOT_FOUND', 'No removal of this fan.')
  })
}

/** New codes, the link's and the short one; the old ones stop working with this commit. */
export async function renewInvite(
  db: Database,
  leagueId: string,
  ownerId: string,
): Promise<LeagueInvite> {
  return db.transaction(async (tx) => {
    await readLeagueAsOwner(tx, leagueId, ownerId, { lock: true })
    return writeWithFreshCodes(tx, async (savepoint, codes) => {
      await savepoint.update(leagues).set(codes).where(eq(leagues.id, leagueId))
      return codes
    })
  })
}
