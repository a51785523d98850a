// Settlement and cancellation (docs/product.md §10, docs/decisions/054). Both lock the tournament row
// before any wallet row (the lock order of place_bet). Settlement runs once: the
// tournament_settlements row (its primary key is the tournament) is made by the first run with
// the pool and the winners per tier; payment then goes in chunks, each its own transaction, and a
// chunk's bets leave status 'active', so a re-run after a crash only pays what is left.
// A large tournament's bets are cut into lanes at the start, paid side by side (decision 064):
// one chunk is one core's work, and the chunks of different lanes touch different bets and
// wallets. A lane is paid by one chunk at a time (a lock per lane).
// Scoring is set-based in SQL over the compact pick codes (settlement-scoring.ts, decision 061):
// one grouped query counts the winners per tier, and each chunk scores and pays its bets in two
// statements, never moving a bet's picks out of the database.
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
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
import { cancelProblem } from '../../../domain/tournament/tournament'
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
  tournamentSettlements,
  tournaments,
  walletTransactions,
  wallets,
  type StoredPrizePoolConfig,
} from '../../db/schema'
import { AppError, appErrorBecause } from '../../errors'
import { poolFigures, tiersOf } from '../tournaments/tournament-figures'
import { assertUuid, writeAudit, type Executor } from '../admin/admin-common'
import {
  betCodesLateralSql,
  correctPicksSql,
  loadSqlScoring,
  payoutsByCorrect,
  type PayoutByCorrect,
  type SqlScoring,
} from './settlement-scoring'
import { settlementStageOf } from './settlement-progress.service'

// A chunk's transaction holds its winners' wallet locks: with two lanes and bets arriving on the
// same 2 cores, chunks of 5,000 took up to 953 ms at 1M bets (bench/README.md), too close to the
// 1 s a wallet may stay locked. 4,000 keeps the margin; the chunks' fixed cost stays small.
export const SETTLEMENT_CHUNK_SIZE = 4000

/** Default lanes of a settlement with at least SETTLEMENT_LANE_MIN_BETS bets: a core each here. */
export const SETTLEMENT_LANES = 2

/** Below this a settlement is a few chunks, seconds at most: one lane. */
export const SETTLEMENT_LANE_MIN_BETS = 4 * SETTLEMENT_CHUNK_SIZE

export interface SettleOptions {
  /** Bets paid per transaction. */
  chunkSize?: number
  /** Tests: stop after this many chunks per lane, as a crash would. */
  maxChunks?: number
  /**
   * Lanes for a settlement this call starts with SETTLEMENT_LANE_MIN_BETS bets or more (default
   * SETTLEMENT_LANES; the server's SETTLEMENT_LANES setting); a smaller one has one lane.
   */
  largeLanes?: number
  /** Tests: lanes for a settlement this call starts, whatever its size; never more than bets. */
  lanes?: number
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

/**
 * 'update' for whatever changes the tournament or starts its settlement; a chunk takes 'share',
 * which holds off those changes (and a cancel) but not the chunks of other lanes or bets.
 */
async function lockTournament(
  tx: Executor,
  id: string,
  strength: 'update' | 'share' = 'update',
): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for(strength)
  if (!row) throw new AppError('NOT_FOUND', 'Tournament not found.')
  return row
}

// The lanes' cursors are read and written in SQL only: their microseconds must survive (a
// JavaScript Date keeps milliseconds) and a done lane's cursor is 'infinity'.
const {
  laneCursorCreatedAt: _cursorCreatedAt,
  laneCursorBetId: _cursorBetId,
  laneEndCreatedAt: _endCreatedAt,
  laneEndBetId: _endBetId,
  ...settlementColumns
} = getTableColumns(tournamentSettlements)

type SettlementRow = Omit<
  typeof tournamentSettlements.$inferSelect,
  'laneCursorCreatedAt' | 'laneCursorBetId' | 'laneEndCreatedAt' | 'laneEndBetId'
>

async function findSettlement(
  tx: Executor,
  tournamentId: string,
): Promise<SettlementRow | undefined> {
  const [row] = await tx
    .select(settlementColumns)
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

function toSettlementResult(row: SettlementRow): SettlementResult {
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
  {
    chunkSize = SETTLEMENT_CHUNK_SIZE,
    maxChunks = Number.POSITIVE_INFINITY,
    largeLanes = SETTLEMENT_LANES,
    lanes,
  }: SettleOptions = {},
): Promise<SettlementResult> {
  assertUuid(tournamentId, 'Tournament not found.')
  const laneCount = await db.transaction((tx) =>
    startSettlement(tx, actorId, tournamentId, lanes, largeLanes),
  )
  // Each lane on a connection of its own (on PGlite's one connection they take turns).
  await Promise.all(
    Array.from({ length: laneCount }, async (_, lane) => {
      for (let chunk = 0; chunk < maxChunks; chunk += 1) {
        const isDone = await db.transaction((tx) =>
          payChunk(tx, actorId, tournamentId, { chunkSize, lane }),
        )
        if (isDone) break
      }
    }),
  )
  const row = await findSettlement(db, tournamentId)
  return toSettlementResult(row!)
}

/** Makes the settlement row unless it exists; its number of lanes either way. */
async function startSettlement(
  tx: Transaction,
  actorId: string,
  tournamentId: string,
  lanes: number | undefined,
  largeLanes: number,
): Promise<number> {
  const tournament = await lockTournament(tx, tournamentId)
  const existing = await findSettlement(tx, tournamentId)
  if (existing?.state === 'cancelled') {
    throw appErrorBecause('CONFLICT', 'SETTLEMENT_CANCELLED')
  }
  if (existing) return countLanes(tx, tournamentId)
  const scoring = await loadScoring(tx, tournament)
  const problems = problemsOf(tournament, scoring)
  if (problems.length > 0) {
    throw appErrorBecause('CONFLICT', 'NOT_SETTLEABLE', { problems })
  }
  const participantCount = await countParticipants(tx, tournament)
  const pool = poolFigures(tournament.prizePoolConfig, participantCount).currentPrizePool
  const counts = await countTiers(tx, tournamentId, scoring)
  const { totalWinners } = winnersOf(pool, counts, scoring.tiers)
  const tierCounts: Record<string, number> = {}
  for (const [key, value] of Object.entries(counts)) tierCounts[key] = value
  const laneCount = Math.max(
    1,
    Math.min(
      participantCount,
      lanes ?? (participantCount >= SETTLEMENT_LANE_MIN_BETS ? largeLanes : 1),
    ),
  )
  const ends = await laneEndsSql(tx, tournamentId, participantCount, laneCount)
  await tx.insert(tournamentSettlements).values({
    tournamentId,
    state: 'in_progress',
    prizePool: pool,
    participantCount,
    totalWinners,
    tierCounts,
    // Lane n starts after lane n − 1's last bet; the last lane has no end.
    laneCursorCreatedAt: sql`array[null::timestamptz] || ${ends.createdAt}`,
    laneCursorBetId: sql`array[null::uuid] || ${ends.betId}`,
    laneEndCreatedAt: sql`${ends.createdAt} || array[null::timestamptz]`,
    laneEndBetId: sql`${ends.betId} || array[null::uuid]`,
  })
  await writeAudit(tx, {
    actorId,
    action: 'settle',
    entity: 'settlement',
    entityId: tournamentId,
    after: { prizePool: pool, participantCount, totalWinners, tierCounts, lanes: laneCount },
  })
  return laneCount
}

/**
 * The last bet of each lane but the last, as two SQL arrays: the active bets in payment order
 * (created_at, id) cut into laneCount runs of about equal length. One index walk per cut; the
 * time travels as text, which keeps its microseconds.
 */
async function laneEndsSql(tx: Executor, tournamentId: string, bets: number, laneCount: number) {
  const ends: { created_at: string; id: string }[] = []
  for (let lane = 1; lane < laneCount; lane += 1) {
    const position = Math.floor((bets * lane) / laneCount)
    // Both drivers answer { rows }; the common Database type cannot say so.
    const answer = (await tx.execute(sql`
      select created_at::text, id::text from bets
       where tournament_id = ${tournamentId}::uuid and status = 'active'
       order by created_at, id offset ${position - 1} limit 1`)) as unknown as {
      rows: { created_at: string; id: string }[]
    }
    ends.push(answer.rows[0]!)
  }
  const list = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )
  return {
    createdAt: sql`array[${list(ends.map((end) => end.created_at))}]::timestamptz[]`,
    betId: sql`array[${list(ends.map((end) => end.id))}]::uuid[]`,
  }
}

async function countLanes(tx: Executor, tournamentId: string): Promise<number> {
  const [row] = await tx
    .select({ lanes: sql<number>`cardinality(${tournamentSettlements.laneCursorBetId})` })
    .from(tournamentSettlements)
    .where(eq(tournamentSettlements.tournamentId, tournamentId))
  return Number(row?.lanes ?? 1)
}

/**
 * Pays (or records the loss of) up to chunkSize active bets of one lane; true when the lane (or
 * the whole settlement) had nothing left. The lane that finds the last lane done completes it.
 */
async function payChunk(
  tx: Transaction,
  actorId: string,
  tournamentId: string,
  { chunkSize, lane }: { chunkSize: number; lane: number },
): Promise<boolean> {
  const tournament = await lockTournament(tx, tournamentId, 'share')
  // One chunk per lane at a time, whichever process or call runs it: two would read the same
  // active bets (the ledger's one-row-per-bet-and-type index would refuse the second anyway).
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`settlement:${tournamentId}:${lane}`}, 0))`,
  )
  const settlement = await findSettlement(tx, tournamentId)
  if (!settlement || settlement.state !== 'in_progress') return true
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
  // Postgres arrays count from 1.
  const element = lane + 1
  const chunk = nextChunkSql(tournamentId, chunkSize, element, sqlScoring, payouts)

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
  // then wallets by id: chunks of two tournaments paying the same users cannot deadlock, and two
  // lanes of one tournament pay different users (one bet per user). NO KEY UPDATE is the lock
  // the credit takes anyway; it leaves other ledger inserts' foreign-key checks unblocked.
  // bet_won must be > 0 (ledger CHECK): a tier whose prize floors to 0 records a loss.
  // The settlement row is written by the next statement, not this one: its row lock, held to
  // the commit, is the one thing the lanes share, so it is taken once the work is done.
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
    select (select coalesce(sum(amount), 0) from credited)::integer as paid,
           last_bet.bet_id, last_bet.created_at::text as created_at
      from last_bet`)) as unknown as {
    rows: { paid: number; bet_id: string; created_at: string }[]
  }
  const [paid] = written.rows
  if (paid) {
    await tx.execute(sql`
      update tournament_settlements s
         set total_paid = s.total_paid + ${paid.paid}::integer,
             lane_cursor_created_at[${element}] = ${paid.created_at}::timestamptz,
             lane_cursor_bet_id[${element}] = ${paid.bet_id}::uuid,
             stopped_at = null, stop_reason = null,
             updated_at = now()
       where s.tournament_id = ${tournamentId}::uuid`)
    return false
  }

  // The lane is done. Lanes finishing together wait for each other on the row, so exactly one
  // of them sees every lane done, and completes the settlement.
  const marked = (await tx.execute(sql`
    update tournament_settlements s
       set lane_cursor_created_at[${element}] = 'infinity', updated_at = now()
     where s.tournament_id = ${tournamentId}::uuid and s.state = 'in_progress'
    returning 'infinity'::timestamptz = all(s.lane_cursor_created_at) as is_settled`)) as unknown as {
    rows: { is_settled: boolean | null }[]
  }
  if (marked.rows[0]?.is_settled !== true) return true

  const now = new Date()
  await tx
    .update(tournamentSettlements)
    .set({ state: 'completed', processedAt: now, stoppedAt: null, stopReason: null })
    .where(eq(tournamentSettlements.tournamentId, tournamentId))
  const completed = await findSettlement(tx, tournamentId)
  await writeAudit(tx, {
    actorId,
    action: 'settle_completed',
    entity: 'settlement',
    entityId: tournamentId,
    before: { state: 'in_progress' },
    after: { state: 'completed', processedAt: now, totalPaid: completed!.totalPaid },
  })
  return true
}

/**
 * The next chunkSize active bets of lane `element` (1-based) after its cursor, up to its end, in
 * (created_at, id) order — the order of bets_tournament_live_idx, so a chunk reads only its own
 * rows — each with its wallet, its tier and the amount it wins (0 for a loss).
 */
function nextChunkSql(
  tournamentId: string,
  chunkSize: number,
  element: number,
  scoring: SqlScoring,
  payouts: readonly PayoutByCorrect[],
) {
  const amounts = `{${payouts.map((payout) => payout.amount).join(',')}}`
  const tiers = `{${payouts.map((payout) => payout.tier).join(',')}}`
  const laneValue = (column: string, fallback: string) =>
    sql`(select coalesce(${sql.raw(column)}[${element}], ${sql.raw(fallback)})
          from tournament_settlements where tournament_id = ${tournamentId}::uuid)`
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
             ${laneValue('lane_cursor_created_at', "'-infinity'::timestamptz")},
             ${laneValue('lane_cursor_bet_id', "'00000000-0000-0000-0000-000000000000'::uuid")})
       and (b.created_at, b.id) <= (
             ${laneValue('lane_end_created_at', "'infinity'::timestamptz")},
             ${laneValue('lane_end_bet_id', "'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid")})
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
    const settlement = await findSettlement(tx, tournamentId)
    const stage = settlementStageOf(settlement ?? null)
    const problem = cancelProblem(tournament.status, stage)
    // Cancelling twice is a replay: the second finds nothing left to refund (decision 054).
    if (problem === 'settled' || problem === 'settlement_running') {
      throw appErrorBecause(
        'CONFLICT',
        problem === 'settled' ? 'SETTLED_NOT_CANCELLABLE' : 'SETTLEMENT_RUNNING',
        { reason: problem },
      )
    }
    if (stage === 'stopped') {
      // The bets it paid stay paid; the ones it could not pay are refunded below.
      await tx
        .update(tournamentSettlements)
        .set({ state: 'cancelled' })
        .where(eq(tournamentSettlements.tournamentId, tournamentId))
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
      before: { status: tournament.status, settlement: stage },
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
      picks: bets.picks,
      mvpPlayerId: bets.mvpPlayerId,
    })
    .from(bets)
    .where(and(eq(bets.tournamentId, tournamentId), eq(bets.userId, userId)))
  // The prediction is stored with the bet (decision 081); a bet written without one has none.
  if (!row || !row.picks || !row.mvpPlayerId || (row.status !== 'won' && row.status !== 'lost')) {
    throw new AppError('NOT_FOUND', 'No settled bet on this tournament.')
  }
  const [tournament] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId))
  const scoring = await loadScoring(db, tournament!)
  const { score, tier } = tierOfPrediction(scoring, {
    picks: row.picks,
    mvpPlayerId: row.mvpPlayerId,
  })
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
