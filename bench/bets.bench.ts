// `npm run bench -- bets`: placing bets (wizard body: 15 picks + MVP, session cookie) against the
// built server over HTTP, batched (decision 080) and one database call per bet, compared in the
// same run with the bare money path (place_bet, one call per bet, from 64 pg clients) and with the
// same build serving metrics and without them (lib/metrics-ab.ts); with
// BENCH_BASELINE_BUNDLE, against an older build on a database of its own schema; then the same
// on embedded PGlite, and two server processes on one PostgreSQL followed by an audit of bets
// against the ledger. CPU per bet is split between the database, the server and this process.
// See bench/README.md.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import { createPostgresPool, openDatabase } from '#server/db/client'
import { migrateDatabase } from '#server/db/migrate'
import { mean } from './lib/ab-rounds'
import { auditBets } from './lib/bet-audit'
import { compareBetsWithBaseline } from './lib/bet-baseline'
import {
  checkMintedCookies,
  createBetDatabase,
  insertUsers,
  oneProcess,
  ownCpuMs,
  placeBetsOverHttp,
  placedPerSecond,
  POSTGRES_ADMIN_URL,
  SERVER_POOL_MAX,
  tableRow,
  type BetDatabase,
  type BetStats,
  type DatabaseMeter,
  type HttpBetStats,
  type Users,
} from './lib/bet-load'
import { measureDatabaseCpu } from './lib/database-cpu'
import { insertBenchTournament, type BenchTournament } from './lib/bracket-bets'
import { runClosedLoop, type LoadStats } from './lib/closed-loop'
import { measureMetricsCost } from './lib/metrics-ab'
import { ensureServerBuild, sessionCookieNamesFor, startBenchServer } from './lib/bench-server'
import type { Benchmark, BenchContext, BenchOutput, BenchResult } from './lib/types'

const CONNECTIONS = 64
const DATABASE_NAME = 'gp_bench_bets'
// BENCH_BASELINE_BUNDLE=<dir>/dist/server/index.js: an older build, measured against this one in
// rounds ordered A B B A under the same load (bench/README.md, "A/B against a baseline"). It runs
// on a database of its own, migrated by its own start-up: its schema may be older than this one's.
const BASELINE_BUNDLE = process.env.BENCH_BASELINE_BUNDLE
const AB_ROUNDS = 2
// BENCH_BETS_PARTS=pglite (or postgres): only that part of the benchmark runs; default both.
// BENCH_BETS_PARTS=metrics: only the metrics A/B, on PostgreSQL (part of the postgres part).
const PARTS = (process.env.BENCH_BETS_PARTS ?? 'postgres,pglite').split(',')
// The server setting that turns batching off (src/server/env.ts): one database call per bet.
const UNBATCHED = { BET_BATCH_MAX_BETS: '1' }

interface Sizes {
  users: number
  pgliteUsers: number
  warmUpMs: number
  measureMs: number
}

const FULL: Sizes = { users: 100_000, pgliteUsers: 15_000, warmUpMs: 3_000, measureMs: 15_000 }
const QUICK: Sizes = { users: 10_000, pgliteUsers: 3_000, warmUpMs: 1_000, measureMs: 3_000 }

const TARGET_HTTP = '≥ 3,000 bets/s, p99 < 50 ms, ≥ 1.2× direct place_bet (one call per bet)'
const TARGET_AB = '≥ 1.5× the baseline build in the same run'
const TARGET_PGLITE = '≥ 1,500 bets/s'
const TARGET_TWO = 'nothing lost or doubled (auditor green)'

// One bet per call, as the service sent it before batching (decision 080).
const PLACE_BET_SQL = `
  select result, bet_id, balance,
    (extract(epoch from bet_created_at) * 1000)::float8 as bet_created_ms
  from place_bet($1, $2::uuid, $3::integer, $4::jsonb, $5::uuid)`

export const benchmark: Benchmark = {
  name: 'bets',
  description: `bet placement: HTTP vs direct SQL (PostgreSQL, ${CONNECTIONS} connections), PGlite, two processes`,
  run: runBetsBenchmark,
}

async function runBetsBenchmark({ quick, log }: BenchContext): Promise<BenchOutput> {
  const sizes = quick ? QUICK : FULL
  ensureServerBuild(log)
  const skipped = { table: [], results: [] }
  const postgres = PARTS.includes('postgres')
    ? await runPostgresPart(sizes, log)
    : PARTS.includes('metrics')
      ? await runMetricsPart(sizes, log)
      : skipped
  const pglite = PARTS.includes('pglite') ? await runPglitePart(sizes, log) : skipped
  return {
    table: [...postgres.table, ...pglite.table],
    results: [...postgres.results, ...pglite.results],
  }
}

async function runPostgresPart(sizes: Sizes, log: BenchContext['log']) {
  // Loading and the audit need few connections; the direct SQL clients get a pool of their own,
  // closed before the servers start: 64 idle clients left open beside two servers' 32 each went
  // over PostgreSQL's 100 connections (503 "too many clients" in a quick run).
  const database = await createBetDatabase(DATABASE_NAME, sizes.users, log)
  const { databaseUrl, meter, handle, users, probe, newTournament: tournament } = database
  try {
    const [direct, warmUp, http, twoWarmUp, twoProcesses] = [
      await tournament('Bench direct SQL'),
      await tournament('Bench warm-up'),
      await tournament('Bench HTTP'),
      await tournament('Bench two processes warm-up'),
      await tournament('Bench two processes'),
    ]
    await database.analyze()
    const warmUpLoad = { connections: CONNECTIONS, durationMs: sizes.warmUpMs }
    const measuredLoad = { connections: CONNECTIONS, durationMs: sizes.measureMs, meter }
    const oneProcessRun = { log, warmUpMs: sizes.warmUpMs, measured: measuredLoad, users }

    log(`direct SQL: place_bet from ${CONNECTIONS} pg clients for ${sizes.measureMs} ms`)
    const directPool = createPostgresPool(databaseUrl, CONNECTIONS)
    const directStats = await placeBetsDirectly(
      directPool,
      direct,
      users,
      sizes.measureMs,
      meter,
    ).finally(() => directPool.end())

    const httpStats = await oneProcess(
      { databaseUrl, poolMax: SERVER_POOL_MAX },
      { ...oneProcessRun, label: 'HTTP, batched' },
      async (server) => {
        await checkMintedCookies(server, users, probe, warmUp)
        return { warmUp, measured: http }
      },
    )
    const unbatchedStats = await oneProcess(
      { databaseUrl, poolMax: SERVER_POOL_MAX, env: UNBATCHED },
      { ...oneProcessRun, label: 'HTTP, one call per bet' },
      async () => ({
        warmUp: await tournament('Bench unbatched warm-up'),
        measured: await tournament('Bench unbatched'),
      }),
    )
    const metrics = await measureMetricsCost(database, metricsLoad(sizes), log)
    const baseline = BASELINE_BUNDLE
      ? await baselineResult(BASELINE_BUNDLE, sizes, log, database)
      : { table: [], results: [] }

    log(`two server processes, ${CONNECTIONS / 2} connections each: warm-up, then measured`)
    const pair = [
      await startBenchServer({ databaseUrl, poolMax: SERVER_POOL_MAX }),
      await startBenchServer({ databaseUrl, poolMax: SERVER_POOL_MAX }),
    ]
    let twoStats: HttpBetStats
    try {
      await placeBetsOverHttp(pair, twoWarmUp, users, warmUpLoad)
      twoStats = await placeBetsOverHttp(pair, twoProcesses, users, measuredLoad)
    } finally {
      await Promise.all(pair.map((server) => server.stop()))
    }
    const audit = await auditBets(handle.db, twoProcesses.id)

    return {
      table: [
        tableRow('direct SQL (place_bet, one call per bet)', directStats, 'ok'),
        tableRow('HTTP, 1 process, batched', httpStats, '201'),
        tableRow('HTTP, 1 process, one call per bet', unbatchedStats, '201'),
        ...metrics.rounds.map(({ label, stats }) => tableRow(`HTTP, ${label}`, stats, '201')),
        tableRow('HTTP, 2 processes, batched', twoStats, '201'),
        ...baseline.table,
      ],
      results: [
        ...httpResults(httpStats, directStats, unbatchedStats),
        metrics.result,
        twoProcessResult(twoStats, audit),
        ...baseline.results,
      ],
    }
  } finally {
    await database.drop()
  }
}

const metricsLoad = ({ warmUpMs, measureMs }: Sizes) => ({
  connections: CONNECTIONS,
  warmUpMs,
  measureMs,
})

/** Only the metrics A/B, on a database of its own (BENCH_BETS_PARTS=metrics). */
async function runMetricsPart(sizes: Sizes, log: BenchContext['log']) {
  const database = await createBetDatabase(DATABASE_NAME, sizes.users, log)
  try {
    await database.analyze()
    const metrics = await measureMetricsCost(database, metricsLoad(sizes), log)
    return {
      table: metrics.rounds.map(({ label, stats }) => tableRow(`HTTP, ${label}`, stats, '201')),
      results: [metrics.result],
    }
  } finally {
    await database.drop()
  }
}

/** The older build's bets/s against this one's (bench/README.md, "A/B against a baseline"). */
async function baselineResult(
  bundle: string,
  sizes: Sizes,
  log: BenchContext['log'],
  database: BetDatabase,
) {
  const { table, rates } = await compareBetsWithBaseline(bundle, {
    log,
    rounds: AB_ROUNDS,
    connections: CONNECTIONS,
    users: sizes.users,
    warmUpMs: sizes.warmUpMs,
    measureMs: sizes.measureMs,
    current: database,
  })
  const [current, baseline] = [mean(rates.current), mean(rates.baseline)]
  const times = baseline > 0 ? current / baseline : 0
  const result: BenchResult = {
    name: 'bets-http-ab',
    value: Math.round(current),
    unit: 'bets/s',
    ratio: `${times.toFixed(2)}× the baseline build's ${Math.round(baseline)} bets/s, ${AB_ROUNDS} rounds each`,
    pass: times >= 1.5,
    target: TARGET_AB,
  }
  return { table, results: [result] }
}

async function runPglitePart(sizes: Sizes, log: BenchContext['log']) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'golden-point-bench-'))
  try {
    const { users, probe, warmUp, measured } = await loadPglite(dataDir, sizes.pgliteUsers)
    const server = await startBenchServer({ dataDir })
    try {
      await checkMintedCookies(server, users, probe, warmUp)
      log(`PGlite: warm-up ${sizes.warmUpMs} ms, then ${sizes.measureMs} ms`)
      const load = { connections: CONNECTIONS, durationMs: sizes.warmUpMs }
      await placeBetsOverHttp([server], warmUp, users, load)
      const stats = await placeBetsOverHttp([server], measured, users, {
        ...load,
        durationMs: sizes.measureMs,
      })
      const rate = placedPerSecond(stats, '201')
      const result: BenchResult = {
        name: 'bets-pglite',
        value: Math.round(rate),
        unit: 'bets/s',
        ratio: `p99 ${stats.p99Ms.toFixed(1)} ms`,
        pass: rate >= 1_500,
        target: TARGET_PGLITE,
      }
      // The embedded default queues every statement on one connection: a fair queue keeps the
      // slowest bet near the median, a starving one shows here first (5.4 s p99 once, 28 Nov).
      const fairness: BenchResult = {
        name: 'bets-pglite-longest-wait',
        value: Number(stats.maxMs.toFixed(1)),
        unit: 'ms',
        ratio: `${(stats.maxMs / stats.p50Ms).toFixed(1)}× the median ${stats.p50Ms.toFixed(1)} ms, p99 ${stats.p99Ms.toFixed(1)} ms`,
        pass: stats.maxMs <= 5 * stats.p50Ms && stats.p99Ms < 250,
        target: 'no bet waits more than 5× the median; p99 < 250 ms',
      }
      return { table: [tableRow('HTTP, PGlite', stats, '201')], results: [result, fairness] }
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Fills a PGlite data folder before the server opens it (one process per folder). */
async function loadPglite(dataDir: string, userCount: number) {
  const handle = await openDatabase({ DATA_DIR: dataDir, DATABASE_POOL_MAX: 1 })
  try {
    await migrateDatabase(handle)
    const { users, probe } = await insertUsers(
      handle.db,
      userCount,
      'p',
      sessionCookieNamesFor({ dataDir }),
    )
    const warmUp = await insertBenchTournament(handle.db, 'Bench PGlite warm-up')
    const measured = await insertBenchTournament(handle.db, 'Bench PGlite')
    return { users, probe, warmUp, measured }
  } finally {
    await handle.close()
  }
}

async function placeBetsDirectly(
  pool: pg.Pool,
  tournament: BenchTournament,
  users: Users,
  durationMs: number,
  meter: DatabaseMeter,
): Promise<BetStats> {
  const databaseCpu = await measureDatabaseCpu(POSTGRES_ADMIN_URL, meter.database)
  const clientCpuBefore = ownCpuMs()
  const stats = await runClosedLoop({
    workers: CONNECTIONS,
    durationMs,
    operate: async (_worker, index) => {
      const userId = users.signedIn[index]?.user.id
      if (userId === undefined) return null
      const { picksJson, mvpPlayerId } =
        tournament.storedPicks[index % tournament.storedPicks.length]!
      const result = await pool.query<{ result: string }>(PLACE_BET_SQL, [
        userId,
        tournament.id,
        tournament.fee,
        picksJson,
        mvpPlayerId,
      ])
      return result.rows[0]?.result ?? 'no row'
    },
  })
  const clientCpuMsPerRequest = (ownCpuMs() - clientCpuBefore) / stats.operations
  const databaseCpuMsPerRequest = ((await databaseCpu.stop()) * 1000) / stats.operations
  return { ...stats, clientCpuMsPerRequest, databaseCpuMsPerRequest }
}

function httpResults(http: LoadStats, direct: LoadStats, unbatched: LoadStats): BenchResult[] {
  const httpRate = placedPerSecond(http, '201')
  const directRate = placedPerSecond(direct, 'ok')
  const times = directRate > 0 ? httpRate / directRate : 0
  return [
    {
      name: 'bets-sql-direct',
      value: Math.round(directRate),
      unit: 'bets/s',
      ratio: `p99 ${direct.p99Ms.toFixed(1)} ms, ratio base`,
      pass: true,
      target: 'baseline (place_bet, one call per bet, 64 pg clients)',
    },
    {
      name: 'bets-http',
      value: Math.round(httpRate),
      unit: 'bets/s',
      ratio: `${times.toFixed(2)}× direct place_bet, p99 ${http.p99Ms.toFixed(1)} ms`,
      pass: httpRate >= 3_000 && http.p99Ms < 50 && times >= 1.2,
      target: TARGET_HTTP,
    },
    {
      name: 'bets-http-one-call-per-bet',
      value: Math.round(placedPerSecond(unbatched, '201')),
      unit: 'bets/s',
      ratio: `p99 ${unbatched.p99Ms.toFixed(1)} ms`,
      pass: true,
      target: 'for comparison (BET_BATCH_MAX_BETS=1)',
    },
  ]
}

function twoProcessResult(
  stats: LoadStats,
  audit: Awaited<ReturnType<typeof auditBets>>,
): BenchResult {
  const created = stats.outcomes['201'] ?? 0
  const problems = [...audit.problems]
  if (audit.bets !== created) problems.push(`${audit.bets} bets but ${created} answers 201`)
  if (audit.betPlacedRows !== audit.bets) {
    problems.push(`${audit.bets} bets but ${audit.betPlacedRows} bet_placed rows`)
  }
  const failedRequests = stats.operations - created
  if (failedRequests > 0) problems.push(`${failedRequests} requests not answered 201`)
  return {
    name: 'bets-two-processes',
    value: Math.round(placedPerSecond(stats, '201')),
    unit: 'bets/s',
    ratio:
      problems.length === 0
        ? `auditor green: ${created} bets = 201s = bet_placed rows`
        : problems.join('; '),
    pass: problems.length === 0,
    target: TARGET_TWO,
  }
}
