// Settlement and cancellation (DESIGN §3, docs/decisions/054). Both lock the tournament row
// before any wallet row (the lock order of place_bet). Settlement runs once: the
// tournament_settlements row (its primary key is the tournament) is made by the first run with
// the pool and the winners per tier; payment then goes in chunks, each its own transaction, and a
// chunk's bets leave status 'active', so a re-run after a crash only pays what is left.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import { picksFromEntries, type Picks } from '../../../domain/bracket/bracket'
import { summarizePayouts, type TierCounts } from '../../../domain/prize/payouts'
import {
  NO_TIER,
  TIER_KEYS,
  tierFor,
  type TierConfig,
  type TierKey,
  type TierResult,
} from '../../../domain/prize/tiers'
import { scoreBracket, type MatchResult } from '../../../domain/scoring/scoring'
import { settlementProblems } from '../../../domain/tournament/settlement'
import type {
  CancellationResult,
  MyPerformance,
  SettlementPreview,
  SettlementResult,
  TournamentResults,
} from '../../../shared/schemas/admin'
import type { Database, Transaction } from '../../db/client'
import {
  bets,
  matches,
  predictions,
  tournamentSettlements,
  tournaments,
  walletTransactions,
  wallets,
  type StoredPrizePoolConfig,
} from '../../db/schema'
import { AppError } from '../../errors'
import { poolFigures, tiersOf } from '../tournaments/tournament-figures'
import { assertUuid, writeAudit, type Executor } from './admin-common'

export const SETTLEMENT_CHUNK_SIZE = 1000
const SCORING_PAGE_SIZE = 5000

export interface SettleOptions {
  /** Bets paid per transaction. */
  chunkSize?: number
  /** Tests: stop after this many chunks, as a crash would. */
  maxChunks?: number
}

type TournamentRow = typeof tournaments.$inferSelect

interface Scoring {
  results: MatchResult[]
  tiers: TierConfig[]
  mvpPlayerId: string | null
}

function tierConfigsOf(config: StoredPrizePoolConfig | null | undefined): TierConfig[] {
  const record = tiersOf(config)
  return TIER_KEYS.flatMap((key) => {
    const tier = record[key]
    return tier
      ? [
          {
            key,
            minAccuracy: tier.min_accuracy,
            prizePercentage: tier.prize_percentage,
            description: tier.description,
          },
        ]
      : []
  })
}

async function loadScoring(tx: Executor, tournament: TournamentRow): Promise<Scoring> {
  const results = await tx
    .select({
      id: matches.id,
      round: matches.round,
      matchNumber: matches.matchNumber,
      team1Id: matches.team1Id,
      team2Id: matches.team2Id,
      winnerTeamId: matches.winnerTeamId,
    })
    .from(matches)
    .where(eq(matches.tournamentId, tournament.id))
  return {
    results,
    tiers: tierConfigsOf(tournament.prizePoolConfig),
    mvpPlayerId: tournament.mvpPlayerId,
  }
}

function picksOf(stored: { match_id: string; predicted_winner_id: string }[]): Picks {
  return picksFromEntries(
    stored.map((pick) => ({ matchId: pick.match_id, winnerTeamId: pick.predicted_winner_id })),
  )
}

function tierOfPrediction(
  scoring: Scoring,
  prediction: { picks: { match_id: string; predicted_winner_id: string }[]; mvpPlayerId: string },
) {
  const score = scoreBracket(
    picksOf(prediction.picks),
    scoring.results,
    prediction.mvpPlayerId,
    scoring.mvpPlayerId,
  )
  return { score, tier: tierFor(score.correct, score.total, scoring.tiers) }
}

async function lockTournament(tx: Executor, id: string): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update')
  if (!row) throw new AppError('NOT_FOUND', 'Tournament not found.')
  return row
}

async function findSettlement(tx: Executor, tournamentId: string) {
  const [row] = await tx
    .select()
    .from(tournamentSettlements)
    .where(eq(tournamentSettlements.tournamentId, tournamentId))
  return row
}

async function countParticipants(tx: Executor, tournamentId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bets)
    .where(and(eq(bets.tournamentId, tournamentId), sql`${bets.status} <> 'refunded'`))
  return row?.n ?? 0
}

/** Winners per tier over every active bet, read in pages by bet id. */
async function countTiers(tx: Executor, tournamentId: string, scoring: Scoring) {
  const counts: Partial<Record<TierKey, number>> = {}
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const page = await tx
      .select({ betId: bets.id, picks: predictions.picks, mvpPlayerId: predictions.mvpPlayerId })
      .from(bets)
      .innerJoin(predictions, eq(predictions.betId, bets.id))
      .where(
        and(eq(bets.tournamentId, tournamentId), eq(bets.status, 'active'), gt(bets.id, after)),
      )
      .orderBy(asc(bets.id))
      .limit(SCORING_PAGE_SIZE)
    for (const row of page) {
      const { tier } = tierOfPrediction(scoring, row)
      if (tier !== NO_TIER) counts[tier] = (counts[tier] ?? 0) + 1
    }
    if (page.length < SCORING_PAGE_SIZE) return counts
    after = page[page.length - 1]!.betId
  }
}

function problemsOf(tournament: TournamentRow, scoring: Scoring) {
  return settlementProblems({
    status: tournament.status,
    matches: scoring.results,
    mvpPlayerId: tournament.mvpPlayerId,
  })
}

function winnersOf(pool: number, counts: TierCounts, tiers: TierConfig[]) {
  const summary = summarizePayouts(pool, counts, tiers)
  const totalWinners = summary.tiers.reduce(
    (sum, row) => sum + (row.prizeEach > 0 ? row.winners : 0),
    0,
  )
  return { summary, totalWinners }
}

/** GET /api/admin/tournaments/:id/settlement-preview: what settling now would pay. */
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
    const participantCount =
      settled?.participantCount ?? (await countParticipants(tx, tournamentId))
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

function toSettlementResult(row: typeof tournamentSettlements.$inferSelect): SettlementResult {
  return {
    tournamentId: row.tournamentId,
    state: row.state,
    prizePool: row.prizePool,
    participantCount: row.participantCount,
    totalWinners: row.totalWinners,
    totalPaid: row.totalPaid,
    tierCounts: row.tierCounts,
    processedAt: row.processedAt ? row.processedAt.toISOString() : null,
  }
}

/**
 * POST /api/admin/tournaments/:id/settle. Starts the settlement (409 with the domain's problems
 * when it may not run) or resumes an unfinished one, then pays chunk by chunk. Settling a
 * settled tournament answers its stored result and pays nothing.
 */
export async function settleTournament(
  db: Database,
  { actorId, tournamentId }: { actorId: string; tournamentId: string },
  { chunkSize = SETTLEMENT_CHUNK_SIZE, maxChunks = Number.POSITIVE_INFINITY }: SettleOptions = {},
): Promise<SettlementResult> {
  assertUuid(tournamentId, 'Tournament not found.')
  await db.transaction((tx) => startSettlement(tx, actorId, tournamentId))
  for (let chunk = 0; chunk < maxChunks; chunk += 1) {
    const isDone = await db.transaction((tx) => payChunk(tx, actorId, tournamentId, chunkSize))
    if (isDone) break
  }
  const row = await findSettlement(db, tournamentId)
  return toSettlementResult(row!)
}

async function startSettlement(tx: Transaction, actorId: string, tournamentId: string) {
  const tournament = await lockTournament(tx, tournamentId)
  if (await findSettlement(tx, tournamentId)) return
  const scoring = await loadScoring(tx, tournament)
  const problems = problemsOf(tournament, scoring)
  if (problems.length > 0) {
    throw new AppError('CONFLICT', 'The tournament cannot be settled yet.', { problems })
  }
  const participantCount = await countParticipants(tx, tournamentId)
  const pool = poolFigures(tournament.prizePoolConfig, participantCount).currentPrizePool
  const counts = await countTiers(tx, tournamentId, scoring)
  const { totalWinners } = winnersOf(pool, counts, scoring.tiers)
  const tierCounts: Record<string, number> = {}
  for (const [key, value] of Object.entries(counts)) tierCounts[key] = value
  await tx.insert(tournamentSettlements).values({
    tournamentId,
    state: 'in_progress',
    prizePool: pool,
    participantCount,
    totalWinners,
    tierCounts,
  })
  await writeAudit(tx, {
    actorId,
    action: 'settle',
    entity: 'settlement',
    entityId: tournamentId,
    after: { prizePool: pool, participantCount, totalWinners, tierCounts },
  })
}

/** Pays (or records the loss of) up to chunkSize active bets; true when nothing was left. */
async function payChunk(
  tx: Transaction,
  actorId: string,
  tournamentId: string,
  chunkSize: number,
): Promise<boolean> {
  const tournament = await lockTournament(tx, tournamentId)
  const settlement = await findSettlement(tx, tournamentId)
  if (!settlement || settlement.state === 'completed') return true
  const scoring = await loadScoring(tx, tournament)
  const { summary } = winnersOf(
    settlement.prizePool,
    settlement.tierCounts as TierCounts,
    scoring.tiers,
  )
  const prizeOf = new Map(summary.tiers.map((row) => [row.tierKey, row.prizeEach]))

  const chunk = await tx
    .select({
      betId: bets.id,
      walletId: wallets.id,
      picks: predictions.picks,
      mvpPlayerId: predictions.mvpPlayerId,
    })
    .from(bets)
    .innerJoin(predictions, eq(predictions.betId, bets.id))
    .innerJoin(wallets, eq(wallets.userId, bets.userId))
    .where(and(eq(bets.tournamentId, tournamentId), eq(bets.status, 'active')))
    .orderBy(asc(bets.id))
    .limit(chunkSize)

  if (chunk.length === 0) {
    const now = new Date()
    await tx
      .update(tournamentSettlements)
      .set({ state: 'completed', processedAt: now })
      .where(eq(tournamentSettlements.tournamentId, tournamentId))
    await writeAudit(tx, {
      actorId,
      action: 'settle_completed',
      entity: 'settlement',
      entityId: tournamentId,
      before: { state: 'in_progress' },
      after: { state: 'completed', processedAt: now, totalPaid: settlement.totalPaid },
    })
    return true
  }

  const won: { betId: string; walletId: string; amount: number; tier: TierResult }[] = []
  const lost: { betId: string; walletId: string }[] = []
  for (const row of chunk) {
    const { tier } = tierOfPrediction(scoring, row)
    const amount = tier === NO_TIER ? 0 : (prizeOf.get(tier) ?? 0)
    // bet_won must be > 0 (ledger CHECK): a tier whose prize floors to 0 records a loss.
    if (amount > 0) won.push({ betId: row.betId, walletId: row.walletId, amount, tier })
    else lost.push({ betId: row.betId, walletId: row.walletId })
  }

  if (won.length > 0) {
    await tx
      .update(bets)
      .set({ status: 'won' })
      .where(
        inArray(
          bets.id,
          won.map((row) => row.betId),
        ),
      )
    await tx.insert(walletTransactions).values(
      won.map((row) => ({
        walletId: row.walletId,
        type: 'bet_won' as const,
        amount: row.amount,
        description: `Prize (${row.tier}): ${tournament.name}`,
        relatedBetId: row.betId,
      })),
    )
    await creditWallets(tx, won)
  }
  if (lost.length > 0) {
    await tx
      .update(bets)
      .set({ status: 'lost' })
      .where(
        inArray(
          bets.id,
          lost.map((row) => row.betId),
        ),
      )
    await tx.insert(walletTransactions).values(
      lost.map((row) => ({
        walletId: row.walletId,
        type: 'bet_lost' as const,
        amount: 0,
        description: `No prize: ${tournament.name}`,
        relatedBetId: row.betId,
      })),
    )
  }
  const paid = won.reduce((sum, row) => sum + row.amount, 0)
  await tx
    .update(tournamentSettlements)
    .set({ totalPaid: sql`${tournamentSettlements.totalPaid} + ${paid}` })
    .where(eq(tournamentSettlements.tournamentId, tournamentId))
  return false
}

/**
 * Adds each amount to its wallet in one statement. The rows are locked first in wallet id order,
 * so two money paths crediting overlapping wallets cannot deadlock. One row per wallet (a user
 * has one bet per tournament).
 */
async function creditWallets(
  tx: Transaction,
  credits: readonly { walletId: string; amount: number }[],
): Promise<void> {
  const ids = credits.map((row) => row.walletId)
  await tx
    .select({ id: wallets.id })
    .from(wallets)
    .where(inArray(wallets.id, ids))
    .orderBy(asc(wallets.id))
    .for('update')
  const values = sql.join(
    credits.map((row) => sql`(${row.walletId}::uuid, ${row.amount}::integer)`),
    sql`, `,
  )
  await tx.execute(sql`
    update ${wallets} as w
       set balance = w.balance + v.amount, updated_at = now()
      from (values ${values}) as v(wallet_id, amount)
     where w.id = v.wallet_id`)
}

/**
 * POST /api/admin/tournaments/:id/cancel: status cancelled and every active bet refunded
 * (bet_refund, bet → refunded), in one transaction that holds the tournament row, so concurrent
 * cancels refund each bet once and no bet slips in between. 409 for a settled tournament.
 */
export async function cancelTournament(
  db: Database,
  { actorId, tournamentId }: { actorId: string; tournamentId: string },
): Promise<CancellationResult> {
  assertUuid(tournamentId, 'Tournament not found.')
  return db.transaction(async (tx) => {
    const tournament = await lockTournament(tx, tournamentId)
    if (await findSettlement(tx, tournamentId)) {
      throw new AppError('CONFLICT', 'A settled tournament cannot be cancelled.')
    }
    const refunds = await tx
      .select({ betId: bets.id, walletId: wallets.id, amount: bets.amount })
      .from(bets)
      .innerJoin(wallets, eq(wallets.userId, bets.userId))
      .where(and(eq(bets.tournamentId, tournamentId), eq(bets.status, 'active')))
      .orderBy(asc(wallets.id))
    if (tournament.status !== 'cancelled') {
      await tx
        .update(tournaments)
        .set({ status: 'cancelled' })
        .where(eq(tournaments.id, tournamentId))
    }
    for (let start = 0; start < refunds.length; start += SETTLEMENT_CHUNK_SIZE) {
      const part = refunds.slice(start, start + SETTLEMENT_CHUNK_SIZE)
      await tx
        .update(bets)
        .set({ status: 'refunded' })
        .where(
          inArray(
            bets.id,
            part.map((row) => row.betId),
          ),
        )
      await tx.insert(walletTransactions).values(
        part.map((row) => ({
          walletId: row.walletId,
          type: 'bet_refund' as const,
          amount: row.amount,
          description: `Refund: ${tournament.name} was cancelled`,
          relatedBetId: row.betId,
        })),
      )
      await creditWallets(tx, part)
    }
    const refundedCoins = refunds.reduce((sum, row) => sum + row.amount, 0)
    await writeAudit(tx, {
      actorId,
      action: 'cancel',
      entity: 'tournament',
      entityId: tournamentId,
      before: { status: tournament.status },
      after: { status: 'cancelled', refundedBets: refunds.length, refundedCoins },
    })
    return {
      tournamentId,
      status: 'cancelled' as const,
      refundedBets: refunds.length,
      refundedCoins,
    }
  })
}

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
    .where(eq(tournamentSettlements.tournamentId, tournamentId))
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
      picks: predictions.picks,
      mvpPlayerId: predictions.mvpPlayerId,
    })
    .from(bets)
    .innerJoin(predictions, eq(predictions.betId, bets.id))
    .where(and(eq(bets.tournamentId, tournamentId), eq(bets.userId, userId)))
  if (!row || (row.status !== 'won' && row.status !== 'lost')) {
    throw new AppError('NOT_FOUND', 'No settled bet on this tournament.')
  }
  const [tournament] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId))
  const scoring = await loadScoring(db, tournament!)
  const { score, tier } = tierOfPrediction(scoring, row)
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
