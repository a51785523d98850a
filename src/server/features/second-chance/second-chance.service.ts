// The second chance's state and pool as fans and visitors see them (docs/product.md "Second chance",
// decision 110). An entry is placed and read by the bets feature's one bet path with the contest
// as a parameter (decision 156).
import { and, eq } from 'drizzle-orm'
import type { SecondChance } from '#shared/schemas/second-chance'
import type { Database } from '#server/db/client'
import { bets } from '#server/db/schema'
import { getTournamentRow } from '#server/game/tournament-reads'
import {
  countSecondChanceEntries,
  findSecondChanceConfig,
  secondChancePool,
  secondChanceStateOf,
} from '#server/game/second-chance-config'

/** GET /api/tournaments/:id/second-chance: 404 for an unknown tournament, not_open when none. */
export async function getSecondChance(
  db: Database,
  tournamentId: string,
  { userId, now = new Date() }: { userId: string | null; now?: Date },
): Promise<SecondChance> {
  const tournament = await getTournamentRow(db, tournamentId)
  const config = await findSecondChanceConfig(db, tournamentId)
  const state = await secondChanceStateOf(db, {
    config,
    tournamentId,
    status: tournament.status,
    now,
  })
  const participantCount = config
    ? await countSecondChanceEntries(db, tournamentId, tournament.status)
    : 0
  let hasBet = false
  if (userId && config) {
    const [row] = await db
      .select({ id: bets.id })
      .from(bets)
      .where(
        and(
          eq(bets.userId, userId),
          eq(bets.tournamentId, tournamentId),
          eq(bets.contest, 'second_chance'),
        ),
      )
    hasBet = row !== undefined
  }
  return {
    tournamentId,
    state,
    isBettingOpen: state === 'open',
    entryFee: config?.entryFee ?? null,
    basePool: config?.basePool ?? null,
    multiplier: config?.multiplier ?? null,
    bettingDeadline: config ? config.bettingDeadline.toISOString() : null,
    currentPrizePool: config ? secondChancePool(config, participantCount) : null,
    participantCount,
    hasBet,
    serverTime: now.toISOString(),
  }
}
