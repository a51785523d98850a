// Reading the user's own bets: one bet with its prediction view, the list and the stats. Placing
// one is place-bet.service.ts.
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { ROUND_ORDER } from '#domain/bracket/bracket'
import { toAccuracyPercent } from '#domain/scoring/scoring'
import type { MyBet, MyBets, MyStats, PredictionView } from '#shared/schemas/bet'
import type { Contest } from '#shared/schemas/contest'
import type { Database } from '#server/db/client'
import { bets, matches, players, tournaments, walletTransactions, wallets } from '#server/db/schema'
import { matchScheduleColumns, toScheduleView } from '#server/db/match-results'
import { completeConfig } from '#server/game/tournament-figures'
import { getTournamentRow } from '#server/game/tournament-reads'

/**
 * The user's bet on a tournament with the prediction view (docs/product.md "What is stored"); bet null when none.
 * The main bracket's by default; the second chance's (docs/product.md "Second chance") with its contest.
 */
export async function getMyBet(
  db: Database,
  {
    userId,
    tournamentId,
    contest = 'main',
  }: { userId: string; tournamentId: string; contest?: Contest },
): Promise<Omit<MyBet, 'shareId'>> {
  const tournament = await getTournamentRow(db, tournamentId)
  const tournamentMvpId = tournament.mvpPlayerId
  const [found] = await db
    .select({ bet: bets, mvpName: players.name })
    .from(bets)
    .leftJoin(players, eq(players.id, bets.mvpPlayerId))
    .where(
      and(eq(bets.userId, userId), eq(bets.tournamentId, tournamentId), eq(bets.contest, contest)),
    )
  if (!found) {
    return {
      bet: null,
      predictions: [],
      mvpPrediction: null,
      tournamentMvpId,
      finalTotalGames: null,
    }
  }

  const { bet, mvpName } = found
  const matchRows = await db
    .select({
      id: matches.id,
      round: matches.round,
      matchNumber: matches.matchNumber,
      team1Id: matches.team1Id,
      team2Id: matches.team2Id,
      winnerTeamId: matches.winnerTeamId,
      sets: matches.sets,
      ...matchScheduleColumns,
    })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
  const matchesById = new Map(matchRows.map((match) => [match.id, match]))

  const views: PredictionView[] = []
  for (const pick of bet.picks ?? []) {
    const match = matchesById.get(pick.match_id)
    // A match deleted by an admin after the bet has no place in the view.
    if (!match) continue
    const team1Id = pick.team1_id || null
    const team2Id = pick.team2_id || null
    const isPredictedPairing = match.team1Id === team1Id && match.team2Id === team2Id
    views.push({
      matchId: pick.match_id,
      round: match.round,
      matchNumber: match.matchNumber,
      team1Id,
      team2Id,
      predictedWinnerId: pick.predicted_winner_id,
      winnerTeamId: match.winnerTeamId,
      isCorrect:
        match.winnerTeamId === null ? null : match.winnerTeamId === pick.predicted_winner_id,
      sets: isPredictedPairing ? match.sets : null,
      ...toScheduleView(match),
    })
  }
  views.sort(
    (a, b) =>
      ROUND_ORDER.indexOf(a.round) - ROUND_ORDER.indexOf(b.round) || a.matchNumber - b.matchNumber,
  )

  return {
    bet: {
      id: bet.id,
      tournamentId: bet.tournamentId,
      amount: bet.amount,
      status: bet.status,
      createdAt: bet.createdAt.toISOString(),
    },
    predictions: views,
    mvpPrediction: bet.mvpPlayerId
      ? {
          predicted_mvp: mvpName ?? '',
          predicted_mvp_id: bet.mvpPlayerId,
          isCorrect: tournamentMvpId === null ? null : tournamentMvpId === bet.mvpPlayerId,
        }
      : null,
    tournamentMvpId,
    finalTotalGames: bet.finalTotalGames,
  }
}

/**
 * The user's bets with their tournament and result (payout), newest first. A refunded bet (its
 * tournament was cancelled and the fee returned) is no longer one of the user's bets; the refund
 * stays in the wallet history.
 */
export async function listMyBets(
  db: Database,
  { userId, limit = 50 }: { userId: string; limit?: number },
): Promise<MyBets> {
  // The prize or refund credited for the bet: at most one row per bet and type, found through
  // wallet_transactions_one_per_bet_and_type.
  const credited = sql<number | null>`(
    select sum(${walletTransactions.amount})::integer from ${walletTransactions}
    where ${walletTransactions.relatedBetId} = ${bets.id}
      and ${walletTransactions.type} in ('bet_won', 'bet_refund')
  )`
  const rows = await db
    .select({ bet: bets, tournament: tournaments, credited })
    .from(bets)
    .innerJoin(tournaments, eq(tournaments.id, bets.tournamentId))
    // The main brackets: a second-chance entry is shown with its own contest (docs/product.md "Second chance").
    .where(and(eq(bets.userId, userId), eq(bets.contest, 'main'), ne(bets.status, 'refunded')))
    .orderBy(desc(bets.createdAt), desc(bets.id))
    .limit(limit)
  return {
    bets: rows.map(({ bet, tournament, credited: payout }) => ({
      id: bet.id,
      tournamentId: bet.tournamentId,
      amount: bet.amount,
      status: bet.status,
      createdAt: bet.createdAt.toISOString(),
      payout: bet.status === 'active' ? null : (payout ?? 0),
      tournament: {
        id: tournament.id,
        name: tournament.name,
        status: tournament.status,
        startDate: tournament.startDate.toISOString(),
        endDate: tournament.endDate.toISOString(),
        bettingDeadline: tournament.bettingDeadline.toISOString(),
        prizePoolConfig: completeConfig(tournament.prizePoolConfig),
      },
    })),
  }
}

/**
 * Bet counts by outcome, win rate over settled bets, and the sum of bet_won payouts. betCount
 * leaves refunded bets out, as /api/me/bets does; `refunded` still says how many there were.
 * Every contest's entries count (a second-chance entry is a bet too, docs/product.md "Second chance"), while
 * /api/me/bets lists the main brackets.
 */
export async function getMyStats(db: Database, { userId }: { userId: string }): Promise<MyStats> {
  const counts = await db
    .select({ status: bets.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(bets)
    .where(eq(bets.userId, userId))
    .groupBy(bets.status)
  const byStatus = { active: 0, won: 0, lost: 0, refunded: 0 }
  for (const { status, count } of counts) byStatus[status] = count

  const [winnings] = await db
    .select({ total: sql<number>`coalesce(sum(${walletTransactions.amount}), 0)`.mapWith(Number) })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .where(and(eq(wallets.userId, userId), eq(walletTransactions.type, 'bet_won')))

  const settled = byStatus.won + byStatus.lost
  return {
    betCount: byStatus.active + byStatus.won + byStatus.lost,
    ...byStatus,
    winRate: settled > 0 ? toAccuracyPercent(byStatus.won, settled) : null,
    totalWinnings: winnings?.total ?? 0,
  }
}
