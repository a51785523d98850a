// League pots (docs/product.md "League pots", docs/decisions/137): the owner sets a stake on
// an open tournament, members with a bracket on it join before the deadline — the stake debited
// through the ledger in the join's own transaction — and the pot, its entries and, once closed,
// its winners are read by members only (404 to everyone else, as the rest of a league).
//
// Lock order: the tournament row (FOR SHARE, as a bet takes it), then the pot row, then the
// fan's wallet — a hundred joins of one fan queue on the pot row, and the first one's entry makes
// the others answer POT_ALREADY_JOINED without touching the wallet.
import { and, asc, eq, sql } from 'drizzle-orm'
import { potTotal } from '#domain/league-pot/pot-payouts'
import { isBettingOpen } from '#domain/tournament/tournament'
import type { LeaguePot, SetPotStakeInput } from '#shared/schemas/league-pot'
import type { Database, Transaction } from '#server/db/client'
import { bets, leaguePotEntries, leaguePots, tournaments, user, wallets } from '#server/db/schema'
import { AppError, appErrorBecause } from '#server/errors'
import { recordLeagueStake, stakeDescription } from '#server/ledger/pot-movements'
import { usernameSql } from '#server/game/usernames'
import { readLeagueAsMember, readLeagueAsOwner } from '#server/features/leagues/index'
import { isUuid } from '#server/game/ids'
import { catchUpPots } from './pot-freshness'
import type { PotMailEnv } from './pot-notices'

const potNotFound = () => new AppError('NOT_FOUND', 'Pot not found.')

/** PUT …/pots/:tournamentId: the owner's stake, while the tournament is open and nobody joined. */
export async function setPotStake(
  db: Database,
  env: PotMailEnv,
  { leagueId, ownerId, tournamentId }: { leagueId: string; ownerId: string; tournamentId: string },
  { stake }: SetPotStakeInput,
  now = new Date(),
): Promise<LeaguePot> {
  await db.transaction(async (tx) => {
    await readLeagueAsOwner(tx, leagueId, ownerId)
    const tournament = await lockOpenTournament(tx, tournamentId, now)
    const written = await tx
      .insert(leaguePots)
      .values({ leagueId, tournamentId: tournament.id, stake })
      .onConflictDoUpdate({
        target: [leaguePots.leagueId, leaguePots.tournamentId],
        set: { stake, updatedAt: new Date() },
        setWhere: sql`${leaguePots.entries} = 0 and ${leaguePots.state} = 'open'`,
      })
      .returning({ stake: leaguePots.stake })
    if (written.length === 0) throw appErrorBecause('CONFLICT', 'POT_HAS_ENTRIES')
  })
  return readPot(db, env, { leagueId, userId: ownerId, tournamentId }, now)
}

/**
 * POST …/pots/:tournamentId/join: the member's entry and stake, once. 409 POT_ALREADY_JOINED for
 * a second try, POT_NEEDS_BRACKET without a main bracket, BETTING_CLOSED after the deadline, 402
 * when the wallet is short (nothing written).
 */
export async function joinPot(
  db: Database,
  env: PotMailEnv,
  { leagueId, userId, tournamentId }: { leagueId: string; userId: string; tournamentId: string },
  now = new Date(),
): Promise<LeaguePot> {
  await db.transaction(async (tx) => {
    const { league } = await readLeagueAsMember(tx, leagueId, userId)
    const tournament = await lockOpenTournament(tx, tournamentId, now)
    const [pot] = await tx
      .select()
      .from(leaguePots)
      .where(and(eq(leaguePots.leagueId, league.id), eq(leaguePots.tournamentId, tournament.id)))
      .for('no key update')
    if (!pot) throw potNotFound()
    if (pot.state !== 'open') throw appErrorBecause('CONFLICT', 'POT_NOT_OPEN')
    const [bet] = await tx
      .select({ id: bets.id, walletId: wallets.id })
      .from(bets)
      .innerJoin(wallets, eq(wallets.userId, bets.userId))
      .where(
        and(
          eq(bets.userId, userId),
          eq(bets.tournamentId, tournament.id),
          eq(bets.contest, 'main'),
          eq(bets.status, 'active'),
        ),
      )
    if (!bet) throw appErrorBecause('CONFLICT', 'POT_NEEDS_BRACKET')
    const entry = { leagueId: league.id, tournamentId: tournament.id, userId }
    const made = await tx
      .insert(leaguePotEntries)
      .values({ ...entry, betId: bet.id, stake: pot.stake })
      .onConflictDoNothing()
      .returning({ userId: leaguePotEntries.userId })
    if (made.length === 0) throw appErrorBecause('CONFLICT', 'POT_ALREADY_JOINED')
    const moved = await recordLeagueStake(tx, {
      walletId: bet.walletId,
      entry,
      stake: pot.stake,
      description: stakeDescription(league.name, tournament.name),
    })
    // Thrown, so the entry goes with the transaction: nothing of the join stays.
    if (!moved) throw new AppError('INSUFFICIENT_FUNDS')
    await tx
      .update(leaguePots)
      .set({ entries: sql`${leaguePots.entries} + 1`, updatedAt: new Date() })
      .where(and(eq(leaguePots.leagueId, league.id), eq(leaguePots.tournamentId, tournament.id)))
  })
  return readPot(db, env, { leagueId, userId, tournamentId }, now)
}

/** GET …/pots/:tournamentId (members): the pot, who is in it and, once closed, the result. */
export async function readPot(
  db: Database,
  env: PotMailEnv,
  { leagueId, userId, tournamentId }: { leagueId: string; userId: string; tournamentId: string },
  now = new Date(),
): Promise<LeaguePot> {
  const { league } = await readLeagueAsMember(db, leagueId, userId)
  if (!isUuid(tournamentId)) throw potNotFound()
  await catchUpPots(db, env)
  const [row] = await db
    .select({ pot: leaguePots, tournament: tournaments })
    .from(leaguePots)
    .innerJoin(tournaments, eq(tournaments.id, leaguePots.tournamentId))
    .where(and(eq(leaguePots.leagueId, league.id), eq(leaguePots.tournamentId, tournamentId)))
  if (!row) throw potNotFound()
  const { pot, tournament } = row
  const entries = await db
    .select({
      userId: leaguePotEntries.userId,
      username: usernameSql,
      joinedAt: leaguePotEntries.joinedAt,
      payout: leaguePotEntries.payout,
      correct: leaguePotEntries.correct,
      tiebreakerDistance: leaguePotEntries.tiebreakerDistance,
    })
    .from(leaguePotEntries)
    .innerJoin(user, eq(user.id, leaguePotEntries.userId))
    .where(
      and(
        eq(leaguePotEntries.leagueId, league.id),
        eq(leaguePotEntries.tournamentId, tournamentId),
      ),
    )
    .orderBy(asc(leaguePotEntries.joinedAt), asc(leaguePotEntries.userId))
  const isOpen = isBettingOpen(tournament.status, tournament.bettingDeadline, now)
  const hasJoined = entries.some((entry) => entry.userId === userId)
  const hasBracket =
    (
      await db
        .select({ id: bets.id })
        .from(bets)
        .where(
          and(
            eq(bets.userId, userId),
            eq(bets.tournamentId, tournamentId),
            eq(bets.contest, 'main'),
          ),
        )
    ).length > 0
  const isWon = pot.state === 'paid'
  return {
    leagueId: league.id,
    tournamentId,
    tournamentName: tournament.name,
    stake: pot.stake,
    state: pot.state,
    total: potTotal(pot.stake, pot.entries),
    entries: entries.map((entry) => ({
      username: entry.username,
      joinedAt: entry.joinedAt.toISOString(),
      isMe: entry.userId === userId,
      correct: entry.correct,
      tiebreakerDistance: entry.tiebreakerDistance,
      payout: entry.payout,
      isWinner: isWon && (entry.payout ?? 0) > 0,
    })),
    canJoin: pot.state === 'open' && isOpen && hasBracket && !hasJoined,
    needsBracket: !hasBracket,
    hasJoined,
    isBettingOpen: isOpen,
    bettingDeadline: tournament.bettingDeadline.toISOString(),
    refundReason:
      pot.refundReason === 'cancelled' || pot.refundReason === 'too_few_entries'
        ? pot.refundReason
        : null,
    closedAt: pot.closedAt?.toISOString() ?? null,
  }
}

/** The tournament row held FOR SHARE (a bet's lock), and betting still open; 404 or 409 else. */
async function lockOpenTournament(tx: Transaction, tournamentId: string, now: Date) {
  if (!isUuid(tournamentId)) throw new AppError('NOT_FOUND', 'Tournament not found.')
  const [tournament] = await tx
    .select()
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId))
    .for('share')
  if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found.')
  if (!isBettingOpen(tournament.status, tournament.bettingDeadline, now)) {
    throw new AppError('BETTING_CLOSED')
  }
  return tournament
}
