// Public results of a settled tournament and a fan's own performance (docs/product.md "What is stored"
// "Tournament results").
import { and, eq } from 'drizzle-orm'
import { picksFromEntries } from '#domain/bracket/bracket'
import { tierFor } from '#domain/prize/tiers'
import { scoreBracket } from '#domain/scoring/scoring'
import type { MyPerformance, TournamentResults } from '#shared/schemas/admin'
import type { Database } from '#server/db/client'
import { bets, tournamentSettlements, tournaments, walletTransactions } from '#server/db/schema'
import { AppError } from '#server/errors'
import { assertUuid } from '#server/game/ids'
import { listMatches } from '#server/game/tournament-reads'
import { loadScoring } from '#server/game/scoring'

/** GET /api/tournaments/:id/results: 404 until the settlement has finished. */
export async function getTournamentResults(
  db: Database,
  tournamentId: string,
): Promise<TournamentResults> {
  assertUuid(tournamentId, 'Tournament not found.')
  const [row] = await db
    .select({ settlement: tournamentSettlements, name: tournaments.name })
    .from(tournamentSettlements)
    .innerJoin(tournaments, eq(tournaments.id, tournamentSettlements.tournamentId))
    // The main bracket's results; it completes once both contests are paid (decision 110).
    .where(
      and(
        eq(tournamentSettlements.tournamentId, tournamentId),
        eq(tournamentSettlements.contest, 'main'),
      ),
    )
  if (!row || row.settlement.state !== 'completed' || !row.settlement.processedAt) {
    throw new AppError('NOT_FOUND', 'This tournament has no results yet.')
  }
  return {
    tournament_info: {
      tournament_name: row.name,
      prize_pool: row.settlement.prizePool,
      participant_count: row.settlement.participantCount,
    },
    statistics: {
      total_winners: row.settlement.totalWinners,
      total_paid: row.settlement.totalPaid,
      tier_counts: row.settlement.tierCounts,
    },
    processed_at: row.settlement.processedAt.toISOString(),
    matches: await listMatches(db, tournamentId),
  }
}

/** GET /api/tournaments/:id/my-performance: 404 unless the user's bet has been settled. */
export async function getMyPerformance(
  db: Database,
  { userId, tournamentId }: { userId: string; tournamentId: string },
): Promise<MyPerformance> {
  assertUuid(tournamentId, 'Tournament not found.')
  const [row] = await db
    .select({
      betId: bets.id,
      status: bets.status,
      picks: bets.picks,
      mvpPlayerId: bets.mvpPlayerId,
    })
    .from(bets)
    .where(
      and(eq(bets.tournamentId, tournamentId), eq(bets.userId, userId), eq(bets.contest, 'main')),
    )
  // The prediction is stored with the bet (decision 081); a bet written without one has none.
  if (!row || !row.picks || (row.status !== 'won' && row.status !== 'lost')) {
    throw new AppError('NOT_FOUND', 'No settled bet on this tournament.')
  }
  const [tournament] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId))
  const scoring = await loadScoring(db, tournament!)
  const picks = picksFromEntries(
    row.picks.map((pick) => ({ matchId: pick.match_id, winnerTeamId: pick.predicted_winner_id })),
  )
  const score = scoreBracket(picks, scoring.results, row.mvpPlayerId, scoring.mvpPlayerId)
  const tier = tierFor(score.correct, score.total, scoring.tiers)
  // A loss has no ledger row (decision 078): its prize is 0.
  const [prize] = await db
    .select({ amount: walletTransactions.amount })
    .from(walletTransactions)
    .where(
      and(eq(walletTransactions.relatedBetId, row.betId), eq(walletTransactions.type, 'bet_won')),
    )
  return {
    bet_status: row.status,
    prediction_result: {
      correct_predictions: score.correct,
      total_predictions: score.total,
      accuracy_percentage: score.accuracyPercent,
    },
    prize_distribution: { prize_amount: prize?.amount ?? 0 },
    tier_level: tier,
  }
}
