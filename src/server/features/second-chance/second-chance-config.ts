// The second chance's stored figures and where it stands (docs/product.md §19, decision 110):
// read by the fan's routes, the admin's opening and the settlement alike.
import { and, eq, sql } from 'drizzle-orm'
import { prizePool } from '#domain/prize/prize-pool'
import type { TournamentStatus } from '#domain/tournament/tournament'
import type { SecondChanceState } from '#shared/schemas/second-chance'
import type { Database, Transaction } from '#server/db/client'
import { bets, matches, tournamentContests, tournamentSettlements } from '#server/db/schema'

type Executor = Database | Transaction

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

/** Whether any quarterfinal of the tournament has a winner: the second chance then takes no entry. */
export async function hasQuarterfinalResultIn(
  db: Executor,
  tournamentId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(matches)
    .where(
      and(
        eq(matches.tournamentId, tournamentId),
        eq(matches.round, 'quarterfinal'),
        sql`${matches.winnerTeamId} is not null`,
      ),
    )
  return (row?.n ?? 0) > 0
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

/** base + floor(fee × entrants × multiplier), as the main contest's pool (docs/product.md §10). */
export function secondChancePool(config: SecondChanceConfig, entrants: number): number {
  return prizePool({
    basePool: config.basePool,
    entryFee: config.entryFee,
    participants: entrants,
    multiplier: config.multiplier,
  })
}

/**
 * Open only while the tournament is neither completed nor cancelled, no quarterfinal has a
 * result and `now` is before its deadline (place_bets checks the same with the database clock).
 */
export function isSecondChanceOpen(
  config: SecondChanceConfig,
  status: TournamentStatus,
  hasQuarterfinalResult: boolean,
  now: Date,
): boolean {
  return (
    status !== 'completed' &&
    status !== 'cancelled' &&
    !hasQuarterfinalResult &&
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
  const played = await hasQuarterfinalResultIn(db, tournamentId)
  return isSecondChanceOpen(config, status, played, now) ? 'open' : 'closed'
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
  const played = await hasQuarterfinalResultIn(db, tournamentId)
  return isSecondChanceOpen(config, status, played, now) ? 'open' : 'closed'
}
