// Settlement and cancellation (DESIGN §3, docs/decisions/054). Both lock the tournament row
// before any wallet row (the lock order of place_bet). Settlement runs once: the
// tournament_settlements row (its primary key is the tournament) is made by the first run with
// the pool and the winners per tier; payment then goes in chunks, each its own transaction, and a
// chunk's bets leave status 'active', so a re-run after a crash only pays what is left.
// Scoring is set-based in SQL over the compact pick codes (settlement-scoring.ts, decision 061):
// one grouped query counts the winners per tier, and each chunk scores and pays its bets in two
// statements, never moving a bet's picks out of the database.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
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
import {
  betCodesLateralSql,
  correctPicksSql,
  loadSqlScoring,
  payoutsByCorrect,
  type PayoutByCorrect,
  type SqlScoring,
} from './settlement-scoring'

export const SETTLEMENT_CHUNK_SIZE = 5000

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

/**
 * Bets that are not refunded: only cancelling refunds, every bet of the tournament at once, so a
 * cancelled tournament has none and any other counts all (from bets_tournament_live_idx alone).
 */
async function countParticipants(tx: Executor, tournament: TournamentRow): Promise<number> {
  if (tournament.status === 'cancelled') return 0
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bets)
    .where(eq(bets.tournamentId, tournament.id))
  return row?.n ?? 0
}

/** Winners per tier over every active bet: one grouped query, tiers from the domain. */
async function countTiers(tx: Executor, tournamentId: string, scoring: Scoring) {
  const sqlScoring = await loadSqlScoring(tx, scoring.results, scoring.mvpPlayerId)
  // One pass over every bet: seconds at a million bets, more on a busy machine, so it may take
  // longer than the pool's statement timeout. It holds no wallet lock meanwhile.
  await tx.execute(sql`set local statement_timeout = '5min'`)
  // Both drivers answer { rows }; the common Database type cannot say so.
  const answer = (await tx.execute(sql`
    select ${correctPicksSql(sqlScoring, sql`codes.pick_codes`)} as correct,
           count(*)::integer as bets
      from bets b cross join ${betCodesLateralSql}
     where b.tournament_id = ${tournamentId}::uuid and b.status = 'active'
     group by 1`)) as unknown as { rows: { correct: number; bets: number }[] }
  const counts: Partial<Record<TierKey, number>> = {}
  for (const row of answer.rows) {
    const tier = tierFor(row.correct, sqlScoring.total, scoring.tiers)
    if (tier !== NO_TIER) counts[tier] = (counts[tier] ?? 0) + row.bets
  }
  return counts
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
  const participantCount = await countParticipants(tx, tournament)
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
  const prizeOf = new Map<TierResult, number>(
    summary.tiers.map((row) => [row.tierKey, row.prizeEach]),
  )
  const sqlScoring = await loadSqlScoring(tx, scoring.results, scoring.mvpPlayerId)
  const payouts = payoutsByCorrect(
    sqlScoring.total,
    scoring.tiers,
    (tier) => prizeOf.get(tier) ?? 0,
  )
  const chunk = nextChunkSql(tournamentId, chunkSize, sqlScoring, payouts)

  // A chunk is a few thousand rows found by index: a parallel plan only adds start-up time, and
  // a hash or merge join would read (and a merge join sort) the whole bets or wallets table to
  // update a few thousand of their rows — per chunk, so settling grew with the square of the
  // bets (bench/README.md). Every join below is by primary key from a short list.
  await tx.execute(sql`set local max_parallel_workers_per_gather = 0`)
  await tx.execute(sql`set local enable_hashjoin = off`)
  await tx.execute(sql`set local enable_mergejoin = off`)
  // A chunk's commit need not wait for the disk: should a crash lose it, the resumed settlement
  // pays those bets again (they are still active), and any later commit that could depend on it
  // — a bet paid with the prize — flushes the log up to and past it first.
  await tx.execute(sql`set local synchronous_commit = off`)
  // One statement reads, scores and pays the chunk. Winners' wallets are locked in id order
  // (locked_wallets, each with its prize) before the credit touches them — the credit reads that
  // list, so it only reaches rows it has already locked — keeping the lock order tournament row,
  // then wallets by id: chunks of two tournaments paying the same users cannot deadlock. NO KEY
  // UPDATE is the lock the credit takes anyway; it leaves other ledger inserts' foreign-key
  // checks unblocked. One prize per wallet: a user has one bet per tournament.
  // bet_won must be > 0 (ledger CHECK): a tier whose prize floors to 0 records a loss.
  const written = (await tx.execute(sql`
    with chunk as materialized (${chunk}),
    locked_wallets as materialized (
      select w.id, chunk.amount from chunk
        join wallets w on w.id = chunk.wallet_id
       where chunk.amount > 0
       order by w.id
         for no key update of w
    ),
    settled_bets as (
      update bets b
         set status = (case when chunk.amount > 0 then 'won' else 'lost' end)::bet_status,
             updated_at = now()
        from chunk
       where b.id = chunk.bet_id
    ),
    ledger as (
      insert into wallet_transactions (wallet_id, type, amount, description, related_bet_id)
      select chunk.wallet_id,
             (case when chunk.amount > 0 then 'bet_won' else 'bet_lost' end)::transaction_type,
             chunk.amount,
             case when chunk.amount > 0 then 'Prize (' || chunk.tier || '): ' || ${tournament.name}::text
                  else 'No prize: ' || ${tournament.name}::text end,
             chunk.bet_id
        from chunk
    ),
    credited as (
      update wallets w
         set balance = w.balance + locked_wallets.amount, updated_at = now()
        from locked_wallets
       where w.id = locked_wallets.id
      returning locked_wallets.amount
    ),
    last_bet as (
      select chunk.bet_id, chunk.created_at from chunk
       order by chunk.created_at desc, chunk.bet_id desc
       limit 1
    )
    update tournament_settlements s
       set total_paid = s.total_paid + (select coalesce(sum(amount), 0) from credited),
           cursor_created_at = last_bet.created_at,
           cursor_bet_id = last_bet.bet_id,
           updated_at = now()
      from last_bet
     where s.tournament_id = ${tournamentId}::uuid
    returning 1 as paid`)) as unknown as { rows: unknown[] }
  if (written.rows.length > 0) return false

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

/**
 * The next chunkSize active bets after the settlement's cursor, in (created_at, id) order — the
 * order of bets_tournament_live_idx, so a chunk reads only its own rows — each with its wallet,
 * its tier and the amount it wins (0 for a loss).
 */
function nextChunkSql(
  tournamentId: string,
  chunkSize: number,
  scoring: SqlScoring,
  payouts: readonly PayoutByCorrect[],
) {
  const amounts = `{${payouts.map((payout) => payout.amount).join(',')}}`
  const tiers = `{${payouts.map((payout) => payout.tier).join(',')}}`
  const cursor = (column: string, start: string) =>
    sql`(select coalesce(${sql.raw(column)}, ${sql.raw(start)}) from tournament_settlements
          where tournament_id = ${tournamentId}::uuid)`
  return sql`
    select b.id as bet_id, b.created_at, w.id as wallet_id,
           (${amounts}::integer[])[scored.correct + 1] as amount,
           (${tiers}::text[])[scored.correct + 1] as tier
      from bets b
      join wallets w on w.user_id = b.user_id
      cross join ${betCodesLateralSql}
      -- offset 0 keeps the subquery whole, so each bet is scored once, not once per use.
      cross join lateral (
        select ${correctPicksSql(scoring, sql`codes.pick_codes`)} as correct offset 0
      ) as scored
     where b.tournament_id = ${tournamentId}::uuid
       and b.status = 'active'
       and (b.created_at, b.id) > (
             ${cursor('cursor_created_at', "'-infinity'::timestamptz")},
             ${cursor('cursor_bet_id', "'00000000-0000-0000-0000-000000000000'::uuid")})
     order by b.created_at, b.id
     limit ${chunkSize}`
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
