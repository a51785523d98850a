// The second chance's stored figures and where it stands (docs/product.md "Second chance", decision 110):
// read by the fan's routes, the admin's opening and the settlement alike.
import { and, eq, sql } from 'drizzle-orm'
import { prizePool } from '#domain/prize/prize-pool'
import type { TournamentStatus } from '#domain/tournament/tournament'
import type { SecondChanceState } from '#shared/schemas/second-chance'
import { type Executor } from '#server/db/client'
import { bets, tournamentContests, tournamentSettlements } from '#server/db/schema'

export type SecondChanceConfig = typeof tournamentContests.$inferSelect

export async function findSecondChanceConfig(
  db: Executor,
  tournamentId: string,
): Promise<SecondChanceConfig | undefined> {
  const [row] = await db
    .select()
    .from(tournamentContests)
    .where(
      and(
        eq(tournamentContests.tournamentId, tournamentId),
        eq(tournamentContests.contest, 'second_chance'),
      ),
    )
  return row
}

/** Second-chance entries that count: all of them, none once the tournament is cancelled. */
export async function countSecondChanceEntries(
  db: Executor,
  tournamentId: string,
  status: TournamentStatus,
): Promise<number> {
  if (status === 'cancelled') return 0
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bets)
    .where(and(eq(bets.tournamentId, tournamentId), eq(bets.contest, 'second_chance')))
  return row?.n ?? 0
}

/** base + floor(fee × entrants × multiplier), as the main contest's pool (docs/product.md "Money"). */
export function secondChancePool(config: SecondChanceConfig, entrants: number): number {
  return prizePool({
    basePool: config.basePool,
    entryFee: config.entryFee,
    participants: entrants,
    multiplier: config.multiplier,
  })
}

/**
 * Open only while the tournament is neither completed nor cancelled, the second chance has not
 * closed and `now` is before its deadline (place_bets checks the same with the database clock).
 * Its first quarterfinal result closes it for good (closedAt, decision 150): its brackets were
 * public from then on, so a result cleared since must not let anyone enter a copy of one.
 */
export function isSecondChanceOpen(
  config: Pick<SecondChanceConfig, 'bettingDeadline' | 'closedAt'>,
  status: TournamentStatus,
  now: Date,
): boolean {
  return (
    status !== 'completed' &&
    status !== 'cancelled' &&
    config.closedAt === null &&
    now.getTime() < config.bettingDeadline.getTime()
  )
}

/**
 * Where the tournament's second chance stands for its entries: none opened, still taking them,
 * or closed (its deadline passed, a quarterfinal was played, or the tournament ended). What
 * standings, the People's Bracket and share links decide privacy by.
 */
export async function secondChanceEntries(
  db: Executor,
  tournamentId: string,
  status: TournamentStatus,
  now: Date,
): Promise<'none' | 'open' | 'closed'> {
  const config = await findSecondChanceConfig(db, tournamentId)
  if (!config) return 'none'
  return isSecondChanceOpen(config, status, now) ? 'open' : 'closed'
}

export async function secondChanceStateOf(
  db: Executor,
  {
    config,
    tournamentId,
    status,
    now,
  }: {
    config: SecondChanceConfig | undefined
    tournamentId: string
    status: TournamentStatus
    now: Date
  },
): Promise<SecondChanceState> {
  if (!config) return 'not_open'
  if (status === 'cancelled') return 'cancelled'
  const [settlement] = await db
    .select({ state: tournamentSettlements.state })
    .from(tournamentSettlements)
    .where(
      and(
        eq(tournamentSettlements.tournamentId, tournamentId),
        eq(tournamentSettlements.contest, 'second_chance'),
      ),
    )
  if (settlement?.state === 'completed') return 'settled'
  return isSecondChanceOpen(config, status, now) ? 'open' : 'closed'
}
