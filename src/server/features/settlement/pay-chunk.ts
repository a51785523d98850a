// One chunk of a settlement's winners (docs/decisions/061, 064, 078): its own transaction, which
// scores its bets in SQL and pays them through the ledger (payPrizes), then moves the lane's
// cursor. Losses were recorded at the start, so a chunk reads winners only and every wallet it
// locks is one it credits.
import { and, eq, sql } from 'drizzle-orm'
import type { TierCounts } from '#domain/prize/payouts'
import type { TierResult } from '#domain/prize/tiers'
import type { Contest } from '#shared/schemas/contest'
import { rowsOf, type Transaction } from '#server/db/client'
import { tournamentSettlements } from '#server/db/schema'
import { contestLabel, payPrizes } from '#server/ledger/ledger'
import { writeAudit } from '#server/game/audit'
import {
  betCodesLateralSql,
  correctPicksSql,
  loadSqlScoring,
  payoutsByCorrect,
  type PayoutByCorrect,
  type SqlScoring,
} from '#server/game/scoring-sql'
import { findSettlement, loadScoring, lockTournament, winnersOf } from '#server/game/scoring'

export interface ChunkOutcome {
  /** The lane (or the whole settlement) had nothing left. */
  isDone: boolean
  /** Bets this chunk settled. */
  bets: number
}

/**
 * Pays up to chunkSize active bets of one lane. The lane that finds the last lane done completes
 * the settlement.
 */
export async function payChunk(
  tx: Transaction,
  actorId: string,
  tournamentId: string,
  { chunkSize, lane, contest = 'main' }: { chunkSize: number; lane: number; contest?: Contest },
): Promise<ChunkOutcome> {
  const tournament = await lockTournament(tx, tournamentId, 'share')
  // One chunk per lane at a time, whichever process or call runs it: two would read the same
  // active bets (the ledger's one-row-per-bet-and-type index would refuse the second anyway).
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`settlement:${tournamentId}:${contest}:${lane}`}, 0))`,
  )
  const settlement = await findSettlement(tx, tournamentId, contest)
  if (!settlement || settlement.state !== 'in_progress') return { isDone: true, bets: 0 }
  const scoring = await loadScoring(tx, tournament, contest)
  const { summary } = winnersOf(
    settlement.prizePool,
    settlement.tierCounts as TierCounts,
    scoring.tiers,
  )
  const prizeOf = new Map<TierResult, number>(
    summary.tiers.map((row) => [row.tierKey, row.prizeEach]),
  )
  const sqlScoring = await loadSqlScoring(
    tx,
    scoring.results,
    scoring.mvpPlayerId,
    scoring.firstRound,
  )
  const payouts = payoutsByCorrect(
    sqlScoring.total,
    scoring.tiers,
    (tier) => prizeOf.get(tier) ?? 0,
  )
  // Postgres arrays count from 1.
  const element = lane + 1
  const chunk = nextChunkSql(tournamentId, contest, chunkSize, element, sqlScoring, payouts)

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
  // The settlement row is written after the payment, not with it: its row lock, held to the
  // commit, is the one thing the lanes share, so it is taken once the work is done.
  const paid = await payPrizes(tx, chunk, contestLabel(tournament.name, contest))
  if (paid.last) {
    await tx.execute(sql`
      update tournament_settlements s
         set total_paid = s.total_paid + ${paid.paid}::integer,
             lane_cursor_created_at[${element}] = ${paid.last.createdAt}::timestamptz,
             lane_cursor_bet_id[${element}] = ${paid.last.betId}::uuid,
             stopped_at = null, stop_reason = null,
             updated_at = now()
       where s.tournament_id = ${tournamentId}::uuid and s.contest = ${contest}::contest`)
    return { isDone: false, bets: paid.bets }
  }

  // The lane is done. Lanes finishing together wait for each other on the row, so exactly one
  // of them sees every lane done, and completes the settlement.
  const marked = rowsOf<{ is_settled: boolean | null }>(
    await tx.execute(sql`
    update tournament_settlements s
       set lane_cursor_created_at[${element}] = 'infinity', updated_at = now()
     where s.tournament_id = ${tournamentId}::uuid and s.contest = ${contest}::contest
       and s.state = 'in_progress'
    returning 'infinity'::timestamptz = all(s.lane_cursor_created_at) as is_settled`),
  )
  if (marked[0]?.is_settled !== true) return { isDone: true, bets: 0 }

  const now = new Date()
  await tx
    .update(tournamentSettlements)
    .set({ state: 'completed', processedAt: now, stoppedAt: null, stopReason: null })
    .where(
      and(
        eq(tournamentSettlements.tournamentId, tournamentId),
        eq(tournamentSettlements.contest, contest),
      ),
    )
  const completed = await findSettlement(tx, tournamentId, contest)
  await writeAudit(tx, {
    actorId,
    action: contest === 'main' ? 'settle_completed' : 'settle_second_chance_completed',
    entity: 'settlement',
    entityId: tournamentId,
    before: { state: 'in_progress' },
    after: { state: 'completed', processedAt: now, totalPaid: completed!.totalPaid },
  })
  return { isDone: true, bets: 0 }
}

/**
 * The next chunkSize active bets of lane `element` (1-based) after its cursor, up to its end, in
 * (created_at, id) order — the order of bets_tournament_live_idx, so a chunk reads only its own
 * rows — each with its wallet, its tier and the amount it wins (0: a prize that floored to 0).
 */
function nextChunkSql(
  tournamentId: string,
  contest: Contest,
  chunkSize: number,
  element: number,
  scoring: SqlScoring,
  payouts: readonly PayoutByCorrect[],
) {
  const amounts = `{${payouts.map((payout) => payout.amount).join(',')}}`
  const tiers = `{${payouts.map((payout) => payout.tier).join(',')}}`
  const laneValue = (column: string, fallback: string) =>
    sql`(select coalesce(${sql.raw(column)}[${element}], ${sql.raw(fallback)})
          from tournament_settlements
         where tournament_id = ${tournamentId}::uuid and contest = ${contest}::contest)`
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
       and b.contest = ${contest}::contest
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
