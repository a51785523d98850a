// What settling now would pay (docs/product.md "Money"): the admin's preview before the settle button.
import { eq } from 'drizzle-orm'
import type { TierCounts } from '#domain/prize/payouts'
import type { SettlementPreview } from '#shared/schemas/admin'
import type { Database } from '#server/db/client'
import { tournaments } from '#server/db/schema'
import { AppError } from '#server/errors'
import { poolFigures } from '#server/game/tournament-figures'
import { assertUuid } from '#server/game/ids'
import {
  countParticipants,
  countTiers,
  findSettlement,
  loadScoring,
  problemsOf,
  winnersOf,
} from '#server/game/scoring'

/** GET /api/admin/tournaments/:id/settlement-preview; a settled one answers what was decided. */
export async function previewSettlement(
  db: Database,
  tournamentId: string,
): Promise<SettlementPreview> {
  assertUuid(tournamentId, 'Tournament not found.')
  return db.transaction(async (tx) => {
    const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId))
    if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found.')
    const scoring = await loadScoring(tx, tournament)
    const settled = await findSettlement(tx, tournamentId)
    const participantCount = settled?.participantCount ?? (await countParticipants(tx, tournament))
    const pool =
      settled?.prizePool ??
      poolFigures(tournament.prizePoolConfig, participantCount).currentPrizePool
    const counts = settled
      ? (settled.tierCounts as TierCounts)
      : await countTiers(tx, tournamentId, scoring)
    const { summary, totalWinners } = winnersOf(pool, counts, scoring.tiers)
    return {
      tournamentId,
      prizePool: pool,
      participantCount,
      tiers: summary.tiers.map((row) => ({
        tierKey: row.tierKey,
        description: row.description,
        minAccuracy: row.minAccuracy,
        prizePercentage: row.prizePercentage,
        winners: row.winners,
        prizeEach: row.prizeEach,
        coins: row.coins,
      })),
      totalWinners,
      totalPaid: summary.totalPaid,
      houseRemainder: summary.houseRemainder,
      isScaled: summary.isScaled,
      problems: settled
        ? [{ code: 'already_settled' }]
        : problemsOf(tournament, scoring).map((problem) => ({ ...problem })),
    }
  })
}
