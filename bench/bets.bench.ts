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
import { sql } from 'drizzle-orm'
import { SESSION_CACHE_SECONDS } from '#server/auth/auth'
import {
  createPostgresPool,
  openDatabase,
  wrapPostgresPool,
  type Database,
} from '#server/db/client'
import { migrateDatabase } from '#server/db/migrate'
import { auditBets } from './lib/bet-audit'
import { measureDatabaseCpu } from './lib/database-cpu'
import { insertBenchTournament, type BenchTournament } from './lib/bracket-bets'
import { runClosedLoop, type LoadStats } from './lib/closed-loop'
import { runHttpLoad } from './lib/http-load'
import { compareMetricsOnOff } from './lib/metrics-ab'
import {
  BENCH_AUTH_SECRET,
  ensureServerBuild,
  sessionCookieNamesFor,
  startBenchServer,
  type BenchServer,
} from './lib/bench-server'
import {
  checkSessionAccepted,
  insertSignedInUsers,
  signedInCookies,
  type SessionCookieNames,
  type SignedInUser,
} from './lib/sessions'
import type { Benchmark, BenchContext, BenchOutput, BenchResult } from './lib/types'
import { runAdminStatement } from '#tests/postgres-admin'

const CONNECTIONS = 64
const SETUP_CONNECTIONS = 8
// PostgreSQL connections per server process. Commits wait for fsync, so the money path needs
// many transactions in flight to share each flush (group commit): the default 10 caps a process
// at ten bets per flush. Two processes at 32 match the 64 clients of the direct baseline.
const SERVER_POOL_MAX = 32
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const DATABASE_NAME = 'gp_bench_bets'
// BENCH_BASELINE_BUNDLE=<dir>/dist/server/index.js: an older build, measured against this one in
// alternating rounds under the same load (bench/README.md, "A/B against a baseline"). It runs on
// a database of its own, migrated by its own start-up: its schema may be older than this one's.
const BASELINE_BUNDLE = process.env.BENCH_BASELINE_BUNDLE
const BASELINE_DATABASE_NAME = 'gp_bench_bets_baseline'
const AB_ROUNDS = 2
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
  const postgres = await runPostgresPart(sizes, log)
  const pglite = await runPglitePart(sizes, log)
  return {
    table: [...postgres.table, ...pglite.table],
    results: [...postgres.results, ...pglite.results],
  }
}

interface Users {
  signedIn: SignedInUser[]
  cookieNames: SessionCookieNames
}

/** Cookies of user n, minted now: a session cache minted much earlier could have expired. */
function cookiesOf(users: Users, index: number): string | undefined {
  const signedIn = users.signedIn[index]
  if (!signedIn) return undefined
  return signedInCookies(users.cookieNames, signedIn, BENCH_AUTH_SECRET, SESSION_CACHE_SECONDS)
}

/**
 * Every user's cookies, minted before a load starts (a phase lasts seconds, the session cache
 * minutes), as browsers hold theirs: minting two HMACs per request inside the load would take
 * CPU from the server under test on the same cores.
 */
function mintAllCookies(users: Users): string[] {
  return users.signedIn.map((_, index) => cookiesOf(users, index)!)
}

/** CPU time of this process (the load generator) in ms, user + system. */
function ownCpuMs(): number {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

/**
 * Inserts the users plus one more, the probe: its session row has expired and it places a bet
 * anyway, which proves the server takes the minted session cache rather than reading the row.
 */
async function insertUsers(db: Database, count: number, prefix: string, names: SessionCookieNames) {
  const signedIn = await insertSignedInUsers(db, { count: count + 1, prefix })
  const probe = signedIn.pop()!
  // Its row says "expired" (a deleted row would be a revoked session, refused even from the
  // cache: decision 066); the minted cache still says valid, so only the cache lets it through.
  await db.execute(
    sql`update "session" set expires_at = now() - interval '1 minute' where user_id = ${probe.user.id}`,
  )
  return {
    users: { signedIn, cookieNames: names },
    probe: { signedIn: [probe], cookieNames: names },
  }
}

async function checkMintedCookies(
  server: BenchServer,
  users: Users,
  probe: Users,
  tournament: BenchTournament,
) {
  await checkSessionAccepted(server.origin, cookiesOf(users, 0)!)
  const response = await fetch(`${server.origin}/api/tournaments/${tournament.id}/bets`, {
    method: 'POST',
    headers: {
      cookie: cookiesOf(probe, 0)!,
      'content-type': 'application/json',
      origin: server.origin,
    },
    body: tournament.bodies[0],
  })
  if (response.status !== 201) {
    throw new Error(`the minted session cache was refused: a bet answered ${response.status}`)
  }
}

async function runPostgresPart(sizes: Sizes, log: BenchContext['log']) {
  const databaseUrl = await recreateDatabase(DATABASE_NAME)
  const meter: DatabaseMeter = { database: DATABASE_NAME }
  // Loading and the audit need few connections; the direct SQL clients get a pool of their own,
  // closed before the servers start: 64 idle clients left open beside two servers' 32 each went
  // over PostgreSQL's 100 connections (503 "too many clients" in a quick run).
  const pool = createPostgresPool(databaseUrl, SETUP_CONNECTIONS)
  const handle = wrapPostgresPool(pool)
  try {
    await migrateDatabase(handle)
    const startedAt = performance.now()
    const { users, probe } = await insertUsers(
      handle.db,
      sizes.users,
      'b',
      sessionCookieNamesFor({ databaseUrl }),
    )
    log(`${sizes.users} users with sessions in ${Math.round(performance.now() - startedAt)} ms`)
    const tournament = (name: string) => insertBenchTournament(handle.db, name)
    const [direct, warmUp, http, twoWarmUp, twoProcesses] = [
      await tournament('Bench direct SQL'),
      await tournament('Bench warm-up'),
      await tournament('Bench HTTP'),
      await tournament('Bench two processes warm-up'),
      await tournament('Bench two processes'),
    ]
    await pool.query('vacuum analyze')

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
      { log, sizes, users, meter, label: 'HTTP, batched' },
      async (server) => {
        await checkMintedCookies(server, users, probe, warmUp)
        return { warmUp, measured: http }
      },
    )
    const unbatchedStats = await oneProcess(
      { databaseUrl, poolMax: SERVER_POOL_MAX, env: UNBATCHED },
      { log, sizes, users, meter, label: 'HTTP, one call per bet' },
      async () => ({
        warmUp: await tournament('Bench unbatched warm-up'),
        measured: await tournament('Bench unbatched'),
      }),
    )
    const metrics = await compareMetricsOnOff(log, async (env, whileMeasuring) => {
      const server = await startBenchServer({ databaseUrl, poolMax: SERVER_POOL_MAX, env })
      try {
        const warmUp = await tournament('Bench metrics warm-up')
        await placeBetsOverHttp([server], warmUp, users, sizes.warmUpMs)
        const stopScraping = whileMeasuring(server.origin)
        const measured = await tournament('Bench metrics')
        const stats = await placeBetsOverHttp([server], measured, users, sizes.measureMs, meter)
        await stopScraping()
        return { stats, betsPerSecond: placedPerSecond(stats, '201') }
      } finally {
        await server.stop()
      }
    })
    const baseline = BASELINE_BUNDLE
      ? await compareWithBaseline(BASELINE_BUNDLE, {
          log,
          sizes,
          current: { databaseUrl, users, meter, newTournament: tournament },
        })
      : { table: [], results: [] }

    log(`two server processes, ${CONNECTIONS / 2} connections each: warm-up, then measured`)
    const pair = [
      await startBenchServer({ databaseUrl, poolMax: SERVER_POOL_MAX }),
      await startBenchServer({ databaseUrl, poolMax: SERVER_POOL_MAX }),
    ]
    let twoStats: HttpBetStats
    try {
      await placeBetsOverHttp(pair, twoWarmUp, users, sizes.warmUpMs)
      twoStats = await placeBetsOverHttp(pair, twoProcesses, users, sizes.measureMs, meter)
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
    await handle.close()
    await dropDatabase(DATABASE_NAME)
  }
}

interface DatabaseMeter {
  /** The PostgreSQL database whose backends' CPU counts as the database's share. */
  database: string
}

interface OneProcessRun {
  log: BenchContext['log']
  sizes: Sizes
  users: Users
  meter: DatabaseMeter
  label: string
}

/** One server process: a warm-up on one tournament, then the measured load on another. */
async function oneProcess(
  options: Parameters<typeof startBenchServer>[0],
  { log, sizes, users, meter, label }: OneProcessRun,
  prepare: (server: BenchServer) => Promise<{ warmUp: BenchTournament; measured: BenchTournament }>,
): Promise<HttpBetStats> {
  const server = await startBenchServer(options)
  try {
    const { warmUp, measured } = await prepare(server)
    log(`${label}: warm-up ${sizes.warmUpMs} ms, then ${sizes.measureMs} ms`)
    await placeBetsOverHttp([server], warmUp, users, sizes.warmUpMs)
    return await placeBetsOverHttp([server], measured, users, sizes.measureMs, meter)
  } finally {
    await server.stop()
  }
}

async function runPglitePart(sizes: Sizes, log: BenchContext['log']) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'golden-point-bench-'))
  try {
    const { users, probe, warmUp, measured } = await loadPglite(dataDir, sizes.pgliteUsers)
    const server = await startBenchServer({ dataDir })
    try {
      await checkMintedCookies(server, users, probe, warmUp)
      log(`PGlite: warm-up ${sizes.warmUpMs} ms, then ${sizes.measureMs} ms`)
      await placeBetsOverHttp([server], warmUp, users, sizes.warmUpMs)
      const stats = await placeBetsOverHttp([server], measured, users, sizes.measureMs)
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

interface BetStats extends LoadStats {
  /** This process's CPU time per request: the load generator's share of the cores. */
  clientCpuMsPerRequest: number
  /** The database backends' CPU time per request (NaN on PGlite, inside the server). */
  databaseCpuMsPerRequest: number
}

interface HttpBetStats extends BetStats {
  /** Server CPU time per request, all processes together: the figure least moved by other load. */
  serverCpuMsPerRequest: number
}

/** User n bets on the tournament with bracket variant n mod 16; ends when every user has bet. */
async function placeBetsOverHttp(
  servers: BenchServer[],
  tournament: BenchTournament,
  users: Users,
  durationMs: number,
  meter?: DatabaseMeter,
): Promise<HttpBetStats> {
  const path = `/api/tournaments/${tournament.id}/bets`
  const serverCpu = () => servers.reduce((sum, server) => sum + server.cpuSeconds(), 0)
  const cookies = mintAllCookies(users)
  const databaseCpu = meter ? await measureDatabaseCpu(POSTGRES_ADMIN_URL, meter.database) : null
  const cpuBefore = serverCpu()
  const clientCpuBefore = ownCpuMs()
  const stats = await runHttpLoad({
    origins: servers.map((server) => server.origin),
    connections: CONNECTIONS,
    durationMs,
    buildRequest: (index, origin) => {
      const cookie = cookies[index]
      if (cookie === undefined) return null
      return {
        method: 'POST',
        path,
        headers: {
          cookie,
          'content-type': 'application/json',
          origin,
        },
        body: tournament.bodies[index % tournament.bodies.length]!,
      }
    },
  })
  const clientCpuMsPerRequest = (ownCpuMs() - clientCpuBefore) / stats.operations
  const serverCpuMsPerRequest = ((serverCpu() - cpuBefore) * 1000) / stats.operations
  const databaseCpuMsPerRequest = databaseCpu
    ? ((await databaseCpu.stop()) * 1000) / stats.operations
    : Number.NaN
  return { ...stats, serverCpuMsPerRequest, clientCpuMsPerRequest, databaseCpuMsPerRequest }
}

interface BaselineComparison {
  log: BenchContext['log']
  sizes: Sizes
  current: {
    databaseUrl: string
    users: Users
    meter: DatabaseMeter
    newTournament: (name: string) => Promise<BenchTournament>
  }
}

/**
 * The one-process HTTP load against the baseline build and this one, AB_ROUNDS times each in
 * alternation (baseline first), each round on fresh tournaments after its own warm-up: the
 * machine's drift during the run falls on both builds alike. The baseline runs on a database its
 * own start-up migrated, loaded with as many users.
 */
async function compareWithBaseline(bundle: string, ab: BaselineComparison) {
  const baseUrl = await recreateDatabase(BASELINE_DATABASE_NAME)
  const migrating = await startBenchServer({ databaseUrl: baseUrl, bundle })
  await migrating.stop()
  const basePool = createPostgresPool(baseUrl, SETUP_CONNECTIONS)
  const base = wrapPostgresPool(basePool)
  try {
    const { users } = await insertUsers(
      base.db,
      ab.sizes.users,
      'a',
      sessionCookieNamesFor({ databaseUrl: baseUrl }),
    )
    await basePool.query('vacuum analyze')
    const builds = {
      baseline: {
        start: () => startBenchServer({ databaseUrl: baseUrl, poolMax: SERVER_POOL_MAX, bundle }),
        users,
        meter: { database: BASELINE_DATABASE_NAME },
        newTournament: (name: string) => insertBenchTournament(base.db, name),
      },
      current: {
        start: () =>
          startBenchServer({ databaseUrl: ab.current.databaseUrl, poolMax: SERVER_POOL_MAX }),
        ...ab.current,
      },
    }
    const rates = { baseline: [] as number[], current: [] as number[] }
    const table: ReturnType<typeof tableRow>[] = []
    for (let round = 1; round <= AB_ROUNDS; round++) {
      for (const name of ['baseline', 'current'] as const) {
        const build = builds[name]
        ab.log(`A/B round ${round}: ${name} build`)
        const server = await build.start()
        try {
          const warmUp = await build.newTournament(`A/B warm-up ${name} ${round}`)
          await placeBetsOverHttp([server], warmUp, build.users, ab.sizes.warmUpMs)
          const measured = await build.newTournament(`A/B ${name} ${round}`)
          const stats = await placeBetsOverHttp(
            [server],
            measured,
            build.users,
            ab.sizes.measureMs,
            build.meter,
          )
          rates[name].push(placedPerSecond(stats, '201'))
          table.push(tableRow(`A/B ${name} build, round ${round}`, stats, '201'))
        } finally {
          await server.stop()
        }
      }
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
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
  } finally {
    await base.close()
    await dropDatabase(BASELINE_DATABASE_NAME)
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

function placedPerSecond(stats: LoadStats, placedOutcome: string): number {
  return ((stats.outcomes[placedOutcome] ?? 0) / stats.durationMs) * 1000
}

function tableRow(variant: string, stats: BetStats | HttpBetStats, placedOutcome: string) {
  return {
    variant,
    'bets/s': Math.round(placedPerSecond(stats, placedOutcome)),
    'p50 ms': Number(stats.p50Ms.toFixed(1)),
    'p99 ms': Number(stats.p99Ms.toFixed(1)),
    'max ms': Number(stats.maxMs.toFixed(1)),
    requests: stats.operations,
    'db CPU ms/req': Number.isNaN(stats.databaseCpuMsPerRequest)
      ? ''
      : Number(stats.databaseCpuMsPerRequest.toFixed(2)),
    'server CPU ms/req':
      'serverCpuMsPerRequest' in stats ? Number(stats.serverCpuMsPerRequest.toFixed(2)) : '',
    'client CPU ms/req': Number(stats.clientCpuMsPerRequest.toFixed(2)),
    outcomes: JSON.stringify(stats.outcomes),
  }
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

async function recreateDatabase(name: string): Promise<string> {
  await dropDatabase(name)
  await runAdminStatement(POSTGRES_ADMIN_URL, `create database "${name}"`)
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}

async function dropDatabase(name: string): Promise<void> {
  await runAdminStatement(POSTGRES_ADMIN_URL, `drop database if exists "${name}" with (force)`)
}
