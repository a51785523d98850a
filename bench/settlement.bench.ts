// `npm run bench -- settlement`: settling a tournament of 1M bets (PostgreSQL, fsync on), chunk
// by chunk as the background job runner does it (settleTournament with maxChunks 1: one call
// pays a chunk per lane side by side, each call timed: a chunk's transaction is as long as any
// wallet lock it takes), while users place bets on another tournament through the real server
// over HTTP. With BENCH_BASELINE_SETTLEMENT=<a checkout of an older commit> the same bets on a
// twin tournament are first settled by that commit's code, for an A/B in one run.
// BENCH_SETTLEMENT_BETS overrides the number of bets. See bench/README.md.
import { sql } from 'drizzle-orm'
import { readFileSync } from 'node:fs'
import { wrapPostgresPool, type Database } from '#server/db/client'
import { writeDueSettlementNotifications } from '#server/features/notifications/settlement-notifications'
import { createBenchDatabase } from './lib/bench-database'
import { insertBenchTournament, type BenchTournament } from './lib/bracket-bets'
import { insertBulkUsers, vacuumAndCheckpoint } from './lib/bulk-data'
import {
  insertPlayedTournament,
  settleInChunks,
  variantOf,
  type SettlementTimes,
  type Variant,
} from './lib/settle-variant'
import type { LoadStats } from './lib/closed-loop'
import { runHttpLoad } from './lib/http-load'
import {
  BENCH_AUTH_SECRET,
  ensureServerBuild,
  sessionCookieNamesFor,
  startBenchServer,
} from './lib/bench-server'
import {
  checkSessionAccepted,
  insertSignedInUsers,
  signedInCookies,
  type SignedInUser,
} from './lib/sessions'
import type { Benchmark, BenchContext, BenchOutput } from './lib/types'

// BENCH_SETTLEMENT_DATABASE: another name, so two sessions on one server do not share it.
const DATABASE_NAME = process.env.BENCH_SETTLEMENT_DATABASE ?? 'gp_bench_settlement'
const BET_CONNECTIONS = 8
const BASELINE_MS = 5_000
const SESSION_CACHE_SECONDS = 300

interface Sizes {
  bets: number
  /** Signed-in users who bet on the other tournament (one bet each). */
  bettors: number
}

const FULL: Sizes = { bets: 1_000_000, bettors: 60_000 }
const QUICK: Sizes = { bets: 50_000, bettors: 10_000 }
// The benchmarks' configuration, not the app's: read here, never by src/.
const BASELINE_DIR = process.env.BENCH_BASELINE_SETTLEMENT
const BETS_OVERRIDE = Number(process.env.BENCH_SETTLEMENT_BETS ?? 0)

/** CPU ms the database spent in the backends of `applicationName` (from /proc, 100 ticks a second). */
async function backendCpuMs(db: Database, applicationName: string): Promise<number> {
  const answer = (await db.execute(sql`select pid from pg_stat_activity
    where application_name = ${applicationName}`)) as unknown as { rows: { pid: number }[] }
  let ticks = 0
  for (const { pid } of answer.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // A backend that has gone: its time is lost to the count (the pools keep theirs open).
    }
  }
  return ticks * 10
}

const TARGET_TOTAL_S = 10
const TARGET_CHUNK_MS = 1_000
const TARGET_BET_P99_MS = 100

export const benchmark: Benchmark = {
  name: 'settlement',
  description:
    'settling 1M bets in chunks (PostgreSQL) while bets on another tournament arrive over HTTP',
  run: runSettlementBenchmark,
}

async function runSettlementBenchmark({ quick, log }: BenchContext): Promise<BenchOutput> {
  const base = quick ? QUICK : FULL
  const sizes = BETS_OVERRIDE > 0 ? { ...base, bets: BETS_OVERRIDE } : base
  ensureServerBuild(log)
  const database = await createBenchDatabase(DATABASE_NAME)
  const variants: Variant[] = []
  try {
    const { db } = database.handle
    let startedAt = performance.now()
    const bettors = await insertSignedInUsers(db, { count: sizes.bettors, prefix: 'sb' })
    const users = { prefix: 'sa', count: sizes.bets }
    await insertBulkUsers(database.loader, users)
    log(`${sizes.bets + sizes.bettors} users in ${seconds(startedAt)} s`)

    if (BASELINE_DIR) variants.push(await variantOf('baseline', database.url, BASELINE_DIR))
    variants.push(await variantOf('this', database.url))
    startedAt = performance.now()
    const settledTournaments: string[] = []
    for (const variant of variants) {
      const name = `Bench settled (${variant.name})`
      settledTournaments.push(await insertPlayedTournament(database, users, name))
    }
    const baseline = await insertBenchTournament(db, 'Bench bets before settlement')
    const during = await Promise.all(
      variants.map((variant) => insertBenchTournament(db, `Bench bets during (${variant.name})`)),
    )
    await vacuumAndCheckpoint(database.loader)
    log(
      `${variants.length} × ${sizes.bets} bets in ${seconds(startedAt)} s (with vacuum analyze and a checkpoint)`,
    )

    const names = sessionCookieNamesFor({ databaseUrl: database.url })
    // Minted when sent, as the session cache in them expires.
    const cookieOf = (user: SignedInUser) =>
      signedInCookies(names, user, BENCH_AUTH_SECRET, SESSION_CACHE_SECONDS)
    const server = await startBenchServer({ databaseUrl: database.url })
    try {
      await checkSessionAccepted(server.origin, cookieOf(bettors[0]!))
      log(`bets alone: ${BET_CONNECTIONS} connections for ${BASELINE_MS} ms`)
      const share = Math.floor(bettors.length / (variants.length + 1))
      const cookiesOf = (part: number) =>
        bettors.slice(part * share, (part + 1) * share).map((user) => () => cookieOf(user))
      const alone = await placeBets(
        server.origin,
        baseline,
        cookiesOf(0),
        (elapsedMs) => elapsedMs > BASELINE_MS,
      )

      const runs: VariantRun[] = []
      for (const [index, variant] of variants.entries()) {
        const tournamentId = settledTournaments[index]!
        log(`settling ${sizes.bets} bets (${variant.name}) while bets arrive`)
        let isSettled = false
        const cpuBefore = process.cpuUsage()
        const [settlement, concurrent] = await Promise.all([
          settleInChunks(variant, tournamentId).finally(() => (isSettled = true)),
          placeBets(server.origin, during[index]!, cookiesOf(index + 1), () => isSettled),
        ])
        const cpu = process.cpuUsage(cpuBefore)
        const databaseCpuMs = await backendCpuMs(db, variant.applicationName)
        // Counted without the app's 15 s statement timeout: it joins a ledger of millions of rows.
        const unbounded = wrapPostgresPool(database.loader).db
        const check = await checkSettlement(
          unbounded,
          tournamentId,
          sizes.bets,
          variant.writesLosses,
        )
        // The follow-up job's notifications (decision 102), drained here before the next variant
        // settles, so neither variant's settlement shares the machine with the other's job.
        const notifications = await drainNotifications(unbounded, tournamentId)
        runs.push({
          notifications,
          variant: variant.name,
          settlement,
          concurrent,
          check,
          databaseCpuMs,
          nodeCpuMs: (cpu.user + cpu.system) / 1000,
        })
      }
      return report(sizes, runs, alone)
    } finally {
      await server.stop()
    }
  } finally {
    for (const variant of variants) await variant.handle.close()
    await database.drop()
  }
}

interface VariantRun {
  variant: Variant['name']
  /** The settlement's notifications, written by the follow-up job after it. */
  notifications: { ms: number; rows: number; bets: number }
  settlement: SettlementTimes
  concurrent: LoadStats
  check: SettlementCheck
  /** CPU of the variant's database backends during its settlement. */
  databaseCpuMs: number
  /** CPU of this process meanwhile: the settlement's own code and the HTTP load generator. */
  nodeCpuMs: number
}

/**
 * Runs the notifications job until the tournament's are done (the server's own job may take
 * batches meanwhile: the cursor row is shared), timed; then counts rows and distinct bets.
 */
async function drainNotifications(db: Database, tournamentId: string) {
  const startedAt = performance.now()
  for (;;) {
    await writeDueSettlementNotifications(db)
    const progress = (await db.execute(sql`select done_at is not null as done
      from settlement_notification_progress
     where tournament_id = ${tournamentId}::uuid`)) as unknown as { rows: { done: boolean }[] }
    if (progress.rows[0]?.done === true) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const ms = performance.now() - startedAt
  const counted = (await db.execute(sql`select count(*)::integer as rows,
      count(distinct bet_id)::integer as bets
      from notifications where tournament_id = ${tournamentId}::uuid`)) as unknown as {
    rows: { rows: number; bets: number }[]
  }
  return { ms, ...counted.rows[0]! }
}

/** Closed-loop bets on `tournament` (one per user) until `shouldStop` or the users run out. */
function placeBets(
  origin: string,
  tournament: BenchTournament,
  cookies: (() => string)[],
  shouldStop: (elapsedMs: number) => boolean,
): Promise<LoadStats> {
  const startedAt = performance.now()
  return runHttpLoad({
    origins: [origin],
    connections: BET_CONNECTIONS,
    durationMs: 10 * 60_000,
    buildRequest: (index) => {
      if (index >= cookies.length || shouldStop(performance.now() - startedAt)) return null
      return {
        method: 'POST',
        path: `/api/tournaments/${tournament.id}/bets`,
        headers: { 'content-type': 'application/json', cookie: cookies[index]!(), origin },
        body: tournament.bodies[index % tournament.bodies.length]!,
      }
    },
  })
}

interface SettlementCheck {
  problems: string[]
  winners: number
}

/** Every bet settled once, the ledger agreeing with the settlement row, the pool respected. */
async function checkSettlement(
  db: Database,
  tournamentId: string,
  bets: number,
  writesLosses: boolean,
): Promise<SettlementCheck> {
  const answer = (await db.execute(sql`
    select
      (select count(*) from bets where tournament_id = ${tournamentId}::uuid
         and status = 'active')::integer as active,
      (select count(*) from wallet_transactions t join bets b on b.id = t.related_bet_id
        where b.tournament_id = ${tournamentId}::uuid
          and t.type in ('bet_won', 'bet_lost'))::integer as outcomes,
      (select coalesce(sum(t.amount), 0) from wallet_transactions t
         join bets b on b.id = t.related_bet_id
        where b.tournament_id = ${tournamentId}::uuid and t.type = 'bet_won')::bigint as paid,
      (select count(*) from bets where tournament_id = ${tournamentId}::uuid
         and status = 'won')::integer as winners,
      s.total_paid, s.prize_pool, s.state
    from tournament_settlements s where s.tournament_id = ${tournamentId}::uuid`)) as unknown as {
    rows: {
      active: number
      outcomes: number
      paid: string
      winners: number
      total_paid: number
      prize_pool: number
      state: string
    }[]
  }
  const row = answer.rows[0]
  if (!row) return { problems: ['no settlement row'], winners: 0 }
  const problems: string[] = []
  if (row.state !== 'completed') problems.push(`state ${row.state}`)
  if (row.active !== 0) problems.push(`${row.active} bets still active`)
  // Since decision 078 a loss has no row: one row per winner; before, one per bet.
  const rows = writesLosses ? bets : row.winners
  if (row.outcomes !== rows) problems.push(`${row.outcomes} bet_won/bet_lost rows, not ${rows}`)
  if (Number(row.paid) !== row.total_paid) problems.push('ledger payouts ≠ total_paid')
  if (row.total_paid > row.prize_pool) problems.push('paid more than the pool')
  return { problems, winners: row.winners }
}

function report(sizes: Sizes, runs: VariantRun[], alone: LoadStats): BenchOutput {
  const placed = (stats: LoadStats) => stats.outcomes['201'] ?? 0
  const betRow = (variant: string, stats: LoadStats) => ({
    variant,
    operations: stats.operations,
    'bets/s': Math.round(placed(stats) / (stats.durationMs / 1000)),
    'p50 ms': round(stats.p50Ms),
    'p99 ms': round(stats.p99Ms),
    outcomes: JSON.stringify(stats.outcomes),
  })
  const table: Record<string, string | number>[] = []
  const results: BenchOutput['results'] = []
  for (const run of runs) {
    const { settlement, check } = run
    const totalS = settlement.totalMs / 1000
    const chunks = [...settlement.chunkMs].sort((a, b) => a - b)
    const longestChunkMs = Math.max(0, ...chunks)
    const chunkP50 = round(chunks[Math.floor(chunks.length / 2)] ?? 0)
    const isCorrect = check.problems.length === 0
    table.push({
      variant: `settle ${sizes.bets} bets (${run.variant})`,
      'total s': round(totalS),
      'bets/s': Math.round(sizes.bets / totalS),
      'start ms': Math.round(settlement.startMs),
      chunks: chunks.length,
      'chunk p50 ms': chunkP50,
      'chunk max ms': round(longestChunkMs),
      winners: check.winners,
      'db CPU µs/bet': Math.round((run.databaseCpuMs * 1000) / sizes.bets),
      'node CPU µs/bet': Math.round((run.nodeCpuMs * 1000) / sizes.bets),
      check: isCorrect ? 'ok' : check.problems.join('; '),
    })
    table.push(betRow(`bets over HTTP, during settlement (${run.variant})`, run.concurrent))
    if (run.variant !== 'this') continue
    // The target is for 1M bets: a smaller run is judged at its rate.
    const secondsPerMillion = (totalS * 1_000_000) / sizes.bets
    results.push(
      {
        name: 'settlement-total',
        value: round(totalS),
        unit: 's',
        ratio: `${Math.round(sizes.bets / totalS)} bets/s, ${sizes.bets} bets, ${round(secondsPerMillion)} s per 1M${isCorrect ? '' : `, ${check.problems.join('; ')}`}`,
        pass: secondsPerMillion <= TARGET_TOTAL_S && isCorrect,
        target: `≤ ${TARGET_TOTAL_S} s for 1M bets, every bet settled once`,
      },
      {
        name: 'settlement-longest-chunk',
        value: Math.round(longestChunkMs),
        unit: 'ms',
        ratio: `chunk p50 ${chunkP50} ms; start (losses, tier counts, no wallet lock) ${Math.round(settlement.startMs)} ms`,
        pass: longestChunkMs <= TARGET_CHUNK_MS,
        target: `wallet locks held ≤ ${TARGET_CHUNK_MS} ms per chunk`,
      },
      {
        name: 'settlement-concurrent-bets-p99',
        value: round(run.concurrent.p99Ms),
        unit: 'ms',
        ratio: `alone p99 ${round(alone.p99Ms)} ms, ${placed(run.concurrent)} bets placed over HTTP`,
        pass: run.concurrent.p99Ms < TARGET_BET_P99_MS && placed(run.concurrent) > 0,
        target: `bets on another tournament p99 < ${TARGET_BET_P99_MS} ms`,
      },
      {
        name: 'settlement-notifications',
        value: round(run.notifications.ms / 1000),
        unit: 's',
        ratio: `${run.notifications.rows} rows for ${run.notifications.bets} bets, after the settlement, by the follow-up job`,
        pass: run.notifications.rows === sizes.bets && run.notifications.bets === sizes.bets,
        target: 'one notification per bet, exactly once',
      },
    )
  }
  const [before, after] = runs
  if (before && after && before.variant === 'baseline') {
    results.push({
      name: 'settlement-ab',
      value: round(before.settlement.totalMs / after.settlement.totalMs),
      unit: '×',
      ratio: `baseline ${round(before.settlement.totalMs / 1000)} s, this ${round(after.settlement.totalMs / 1000)} s; db CPU ${Math.round((before.databaseCpuMs * 1000) / sizes.bets)} → ${Math.round((after.databaseCpuMs * 1000) / sizes.bets)} µs/bet`,
      // The baseline is the build before notifications (decision 102): within noise of it.
      pass: after.settlement.totalMs <= before.settlement.totalMs * 1.05,
      target: 'no slower than the baseline in the same run (within 5 %)',
    })
  }
  table.splice(0, 0, betRow('bets over HTTP, alone', alone))
  return { table, results }
}

function round(value: number): number {
  return Math.round(value * 10) / 10
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1)
}
