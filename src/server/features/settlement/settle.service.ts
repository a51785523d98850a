// Settlement (docs/product.md "Money", docs/decisions/054, 078). The start locks the tournament row
// before any wallet row (the lock order of place_bet) and, in one transaction: makes the
// tournament_settlements row (its primary key is the tournament: it runs once) with the pool and
// the winners per tier, and records every loss in one set-based statement on the bets alone — a
// loss moves no coins, so it takes no wallet lock and writes no ledger row. Only winners are then
// paid, chunk by chunk (pay-chunk.ts), each chunk its own transaction sized by time
// (chunk-sizing.ts); a chunk's bets leave status 'active', so a re-run after a crash only pays
// what is left. Many winners are cut into lanes paid side by side (decision 064).
import { sql } from 'drizzle-orm'
import { NO_TIER } from '#domain/prize/tiers'
import type { SettlementResult } from '#shared/schemas/admin'
import type { Contest } from '#shared/schemas/contest'
import type { Database, Transaction } from '#server/db/client'
import { tournamentSettlements } from '#server/db/schema'
import { appErrorBecause } from '#server/errors'
import { poolFigures } from '#server/game/tournament-figures'
import { findSecondChanceConfig, secondChancePool } from '#server/game/second-chance-config'
import { assertUuid } from '#server/game/ids'
import { writeAudit } from '#server/game/audit'
import { fixedChunkSizing, timedChunkSizing, type ChunkSizing } from './chunk-sizing'
import { payChunk } from './pay-chunk'
import { countLanes, laneEndsSql } from './settlement-lanes'
import {
  betCodesSql,
  correctPicksSql,
  loadSqlScoring,
  payoutsByCorrect,
} from '#server/game/scoring-sql'
import {
  countParticipants,
  countTiers,
  findSettlement,
  loadScoring,
  lockTournament,
  problemsOf,
  toSettlementResult,
  winnersOf,
  type Scoring,
} from '#server/game/scoring'
import { recordSettlementChunk } from '#server/metrics/metrics'

/**
 * Bets a POST …/settle waits for whole (settlement-jobs.ts), and the lane threshold's unit: about
 * one chunk's worth on this machine (bench/README.md).
 */
export const SETTLEMENT_CHUNK_SIZE = 4000

/** Default lanes of a settlement with at least SETTLEMENT_LANE_MIN_BETS winners: a core each. */
export const SETTLEMENT_LANES = 2

/** Below this many winners a settlement is a few chunks, seconds at most: one lane. */
export const SETTLEMENT_LANE_MIN_BETS = 4 * SETTLEMENT_CHUNK_SIZE

export interface SettleOptions {
  /** Tests: a fixed number of bets per chunk instead of chunks sized by time. */
  chunkSize?: number
  /**
   * How chunks are sized; the caller keeps it between calls (the job runner) so each chunk is
   * sized from the last one. Default: timed, fresh for this call.
   */
  sizing?: ChunkSizing
  /** Tests: stop after this many chunks per lane, as a crash would. */
  maxChunks?: number
  /**
   * Lanes for a settlement this call starts with SETTLEMENT_LANE_MIN_BETS winners or more
   * (default SETTLEMENT_LANES; the server's SETTLEMENT_LANES setting); fewer have one lane.
   */
  largeLanes?: number
  /** Tests: lanes for a settlement this call starts, whatever its size; never more than winners. */
  lanes?: number
}

/**
 * POST /api/admin/tournaments/:id/settle. Starts the settlement (409 with the domain's problems
 * when it may not run) or resumes an unfinished one, then pays chunk by chunk. Settling a
 * settled tournament answers its stored result and pays nothing.
 *
 * A tournament with a second chance settles both contests (docs/product.md "Second chance", decision 110),
 * each from its own pool and settlement row: both rows and both contests' losses in the start's
 * transaction, then the second chance's winners, then the main bracket's. The main bracket pays
 * only once the second chance has completed, so its row completing (what the job runner, the
 * progress and the resume read) means both are.
 */
export async function settleTournament(
  db: Database,
  { actorId, tournamentId }: { actorId: string; tournamentId: string },
  {
    chunkSize,
    sizing = chunkSize === undefined ? timedChunkSizing() : fixedChunkSizing(chunkSize),
    maxChunks = Number.POSITIVE_INFINITY,
    largeLanes = SETTLEMENT_LANES,
    lanes,
  }: SettleOptions = {},
): Promise<SettlementResult> {
  assertUuid(tournamentId, 'Tournament not found.')
  const started = await db.transaction((tx) =>
    startSettlement(tx, actorId, tournamentId, lanes, largeLanes),
  )
  for (const { contest, laneCount } of started) {
    // Each lane on a connection of its own (on PGlite's one connection they take turns).
    await Promise.all(
      Array.from({ length: laneCount }, async (_, lane) => {
        for (let chunk = 0; chunk < maxChunks; chunk += 1) {
          const startedAt = performance.now()
          const paid = await db.transaction((tx) =>
            payChunk(tx, actorId, tournamentId, { chunkSize: sizing.sizeFor(lane), lane, contest }),
          )
          if (paid.isDone) break
          const tookMs = performance.now() - startedAt
          sizing.record(lane, paid.bets, tookMs)
          recordSettlementChunk(paid.bets, tookMs)
        }
      }),
    )
    if (contest === 'main') continue
    const row = await findSettlement(db, tournamentId, contest)
    if (row?.state !== 'completed') break
  }
  const row = await findSettlement(db, tournamentId)
  const secondChance = await findSettlement(db, tournamentId, 'second_chance')
  return {
    ...toSettlementResult(row!),
    ...(secondChance ? { secondChance: toSettlementResult(secondChance) } : {}),
  }
}

/** The contests a settlement pays, in the order it pays them, each with its lanes. */
type StartedContests = { contest: Contest; laneCount: number }[]

/**
 * Makes each contest's settlement row and records its losses unless the main row exists; the
 * lanes either way.
 */
async function startSettlement(
  tx: Transaction,
  actorId: string,
  tournamentId: string,
  lanes: number | undefined,
  largeLanes: number,
): Promise<StartedContests> {
  const tournament = await lockTournament(tx, tournamentId)
  const existing = await findSettlement(tx, tournamentId)
  if (existing?.state === 'cancelled') {
    throw appErrorBecause('CONFLICT', 'SETTLEMENT_CANCELLED')
  }
  const secondChance = await findSecondChanceConfig(tx, tournamentId)
  const contests: Contest[] = secondChance ? ['second_chance', 'main'] : ['main']
  if (existing) {
    const started: StartedContests = []
    for (const contest of contests) {
      started.push({ contest, laneCount: await countLanes(tx, tournamentId, contest) })
    }
    return started
  }
  const mainScoring = await loadScoring(tx, tournament)
  const problems = problemsOf(tournament, mainScoring)
  if (problems.length > 0) {
    throw appErrorBecause('CONFLICT', 'NOT_SETTLEABLE', { problems })
  }
  const started: StartedContests = []
  for (const contest of contests) {
    const participantCount = await countParticipants(tx, tournament, contest)
    const pool =
      contest === 'main' || !secondChance
        ? poolFigures(tournament.prizePoolConfig, participantCount).currentPrizePool
        : secondChancePool(secondChance, participantCount)
    const scoring = await loadScoring(tx, tournament, contest)
    const laneCount = await startContest(tx, {
      actorId,
      tournamentId,
      contest,
      scoring,
      pool,
      participantCount,
      lanes,
      largeLanes,
    })
    started.push({ contest, laneCount })
  }
  return started
}

/** One contest's settlement row, its losses recorded and its winners cut into lanes. */
async function startContest(
  tx: Transaction,
  {
    actorId,
    tournamentId,
    contest,
    scoring,
    pool,
    participantCount,
    lanes,
    largeLanes,
  }: {
    actorId: string
    tournamentId: string
    contest: Contest
    scoring: Scoring
    pool: number
    participantCount: number
    lanes: number | undefined
    largeLanes: number
  },
): Promise<number> {
  await settleLosers(tx, tournamentId, scoring, contest)
  // Only tier winners are left active: this pass reads every bet but scores only them.
  const counts = await countTiers(tx, tournamentId, scoring, contest)
  const { totalWinners } = winnersOf(pool, counts, scoring.tiers)
  const tierCounts: Record<string, number> = {}
  for (const [key, value] of Object.entries(counts)) tierCounts[key] = value
  const toPay = Object.values(counts).reduce((sum, n) => sum + n, 0)
  const laneCount = Math.max(
    1,
    Math.min(toPay, lanes ?? (toPay >= SETTLEMENT_LANE_MIN_BETS ? largeLanes : 1)),
  )
  const ends = await laneEndsSql(tx, tournamentId, contest, toPay, laneCount)
  await tx.insert(tournamentSettlements).values({
    tournamentId,
    contest,
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
    // 'settle' names the main settlement: a resumed run reads its actor from it.
    action: contest === 'main' ? 'settle' : 'settle_second_chance',
    entity: 'settlement',
    entityId: tournamentId,
    after: { prizePool: pool, participantCount, totalWinners, tierCounts, lanes: laneCount },
  })
  return laneCount
}

/**
 * Every active bet whose score reaches no tier → lost, in one statement: no ledger row (a loss
 * moves no coins), no wallet lock. A HOT update (no index covers the status, drizzle/0011) that
 * leaves the bet's picks in TOAST unread (no CHECK reads them, drizzle/0081), one pass over the
 * tournament's bets in the order of bets_tournament_live_idx.
 */
async function settleLosers(
  tx: Transaction,
  tournamentId: string,
  scoring: Scoring,
  contest: Contest,
) {
  const sqlScoring = await loadSqlScoring(
    tx,
    scoring.results,
    scoring.mvpPlayerId,
    scoring.firstRound,
  )
  const winning = payoutsByCorrect(sqlScoring.total, scoring.tiers, () => 1).flatMap(
    (payout, correct) => (payout.tier === NO_TIER ? [] : [correct]),
  )
  // Seconds at a million bets on a busy machine, past the pool's statement timeout.
  await tx.execute(sql`set local statement_timeout = '5min'`)
  // Compiling the scoring cost more than it saved: 0.7 s of the backend's CPU (2.4 → 1.7 s) at
  // 200,000 bets, EXPLAIN ANALYZE (decision 175).
  await tx.execute(sql`set local jit = off`)
  await tx.execute(sql`
    update bets b set status = 'lost', updated_at = now()
     where b.tournament_id = ${tournamentId}::uuid and b.contest = ${contest}::contest
       and b.status = 'active'
       and not (${correctPicksSql(sqlScoring, betCodesSql)}
                = any(${`{${winning.join(',')}}`}::integer[]))`)
}
