// Placing a bet and reading the user's own bets. The bracket is validated by the domain in
// TypeScript; the money part goes to the database in a batch with the bets that arrive beside it
// (bet-batcher.ts, decision 080): the SQL function place_bets re-checks the tournament and the
// bracket version and debits the wallet conditionally, and each bet gets its own answer.
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import { ROUND_ORDER } from '#domain/bracket/bracket'
import { checkBracket, describeBracketProblem } from '#domain/bracket/validate-bracket'
import { toAccuracyPercent } from '#domain/scoring/scoring'
import { isBettingOpen } from '#domain/tournament/tournament'
import type {
  MyBet,
  MyBets,
  MyStats,
  PlaceBetInput,
  PlaceBetResult,
  PredictionView,
} from '#shared/schemas/bet'
import type { Contest } from '#shared/schemas/contest'
import type { Database } from '#server/db/client'
import {
  bets,
  matches,
  players,
  tournaments,
  walletTransactions,
  wallets,
  type StoredPick,
} from '#server/db/schema'
import { matchScheduleColumns, toScheduleView } from '#server/db/match-results'
import { AppError, appErrorBecause } from '#server/errors'
import { completeConfig, entryFeeOf } from '#server/game/tournament-figures'
import { getTournamentRow } from '#server/game/tournament-reads'
import { placeInBatch } from './bet-batcher'
import {
  forgetBracket,
  keepBracket,
  keptBracket,
  loadBettingBracket,
  type BettingBracket,
} from './kept-brackets'

export interface PlaceBetArgs extends PlaceBetInput {
  userId: string
  tournamentId: string
  /** The server clock; tests pass their own. The SQL function re-checks with the database clock. */
  now?: Date
}

/** A refusal that a bracket kept in the process may have caused: reload it and try again. */
const STALE = Symbol('stale bracket')

/**
 * Places the user's one bet on a tournament: 404 unknown tournament, 409 BETTING_CLOSED,
 * 400 INVALID_BRACKET (details.problems), then the bet's batch (one round trip for all its bets)
 * answers 201 / 409 ALREADY_BET / 402 INSUFFICIENT_FUNDS. Nothing is written unless it is placed.
 *
 * The bracket comes from the process's kept copy when there is one (kept-brackets.ts, decision
 * 062); any refusal the copy could have caused is checked again against a fresh load.
 */
export async function placeBet(db: Database, args: PlaceBetArgs): Promise<PlaceBetResult> {
  const kept = keptBracket(db, args.tournamentId)
  if (kept) {
    const outcome = await placeBetOn(db, kept, args, { kept: true })
    if (outcome !== STALE) return outcome
  }
  const fresh = await loadBettingBracket(db, args.tournamentId)
  keepBracket(db, args.tournamentId, fresh)
  const outcome = await placeBetOn(db, fresh, args, { kept: false })
  // Only an admin's change between the load and the bet gets here.
  if (outcome === STALE) {
    throw appErrorBecause('CONFLICT', 'BRACKET_CHANGED')
  }
  return outcome
}

async function placeBetOn(
  db: Database,
  bracket: BettingBracket,
  { userId, tournamentId, picks, mvpPlayerId, finalTotalGames, now = new Date() }: PlaceBetArgs,
  { kept }: { kept: boolean },
): Promise<PlaceBetResult | typeof STALE> {
  const { tournament, index, teamRows } = bracket
  if (!isBettingOpen(tournament.status, tournament.bettingDeadline, now)) {
    if (kept) return STALE
    throw new AppError('BETTING_CLOSED')
  }

  const { problems, predicted } = checkBracket(index, picks, mvpPlayerId, teamRows)
  if (problems.length > 0) {
    if (kept) return STALE
    throw new AppError('INVALID_BRACKET', undefined, {
      problems: problems.map((problem) => ({
        ...problem,
        message: describeBracketProblem(problem),
      })),
    })
  }

  // Stored with the pairs the user's own picks put into each match (docs/product.md §3), on the
  // bet itself (decision 081).
  const storedPicks: StoredPick[] = predicted.map((match) => ({
    match_id: match.matchId,
    team1_id: match.team1Id ?? '',
    team2_id: match.team2Id ?? '',
    predicted_winner_id: match.winnerTeamId ?? '',
  }))
  const fee = entryFeeOf(tournament.prizePoolConfig)

  const answer = await placeInBatch(db, {
    userId,
    tournamentId,
    fee,
    picks: storedPicks,
    mvpPlayerId,
    finalTotalGames: finalTotalGames ?? null,
    bracketVersion: bracket.bracketVersion,
  })

  switch (answer.result) {
    case 'ok':
      return {
        bet: {
          id: answer.betId!,
          tournamentId,
          amount: fee,
          status: 'active',
          createdAt: answer.betCreatedAt!.toISOString(),
        },
        balance: answer.balance!,
      }
    case 'already_bet':
      throw new AppError('ALREADY_BET')
    case 'betting_closed':
      throw new AppError('BETTING_CLOSED')
    case 'not_found':
      forgetBracket(db, tournamentId)
      throw new AppError('NOT_FOUND', 'Tournament not found.')
    case 'bracket_changed':
      return STALE
    case 'fee_changed':
      if (kept) return STALE
      throw appErrorBecause('CONFLICT', 'ENTRY_FEE_CHANGED')
    case 'insufficient_funds':
      throw new AppError('INSUFFICIENT_FUNDS', undefined, {
        balance: answer.balance ?? 0,
        entryFee: fee,
      })
    case 'no_wallet':
      // Every account gets a wallet with it; without one there is nothing to pay with.
      throw new AppError('INSUFFICIENT_FUNDS', undefined, { balance: 0, entryFee: fee })
    default:
      throw new Error(`place_bets answered ${String(answer.result)}`)
  }
}

/**
 * The user's bet on a tournament with the prediction view (docs/product.md §3); bet null when none.
 * The main bracket's by default; the second chance's (docs/product.md §19) with its contest.
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
    // The main brackets: a second-chance entry is shown with its own contest (docs/product.md §19).
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
 * Every contest's entries count (a second-chance entry is a bet too, docs/product.md §19), while
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
