// `npm run bench -- bets`: placing bets (wizard body: 15 picks + MVP, session cookie) against the
// built server over HTTP, compared in the same run with the bare money path (place_bet called
// directly by 64 pg clients); then the same on embedded PGlite, and two server processes on one
// PostgreSQL followed by an audit of bets against the ledger. See bench/README.md.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import { sql } from 'drizzle-orm'
import { SESSION_CACHE_SECONDS } from '../src/server/auth/auth'
import {
  createPostgresPool,
  openDatabase,
  wrapPostgresPool,
  type Database,
} from '../src/server/db/client'
import { migrateDatabase } from '../src/server/db/migrate'
import { auditBets } from './lib/bet-audit'
import { insertBenchTournament, type BenchTournament } from './lib/bracket-bets'
import { runClosedLoop, type LoadStats } from './lib/closed-loop'
import { runHttpLoad } from './lib/http-load'
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
import { runAdminStatement } from '../tests/postgres-admin'

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
// alternating rounds on the same database and load (bench/README.md, "A/B against a baseline").
const BASELINE_BUNDLE = process.env.BENCH_BASELINE_BUNDLE
const AB_ROUNDS = 3

interface Sizes {
  users: number
  pgliteUsers: number
  warmUpMs: number
  measureMs: number
}

const FULL: Sizes = { users: 100_000, pgliteUsers: 15_000, warmUpMs: 3_000, measureMs: 15_000 }
const QUICK: Sizes = { users: 10_000, pgliteUsers: 3_000, warmUpMs: 1_000, measureMs: 3_000 }

const TARGET_HTTP = '≥ 3,000 bets/s, p99 < 50 ms, ≥ 55% of direct SQL'
const TARGET_PGLITE = '≥ 500 bets/s'
const TARGET_TWO = 'nothing lost or doubled (auditor green)'

// The statement the bets service sends (src/server/features/bets/bets.service.ts).
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
    results: [...postgres.results, pglite.result],
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
    const [direct, warmUp, http, twoWarmUp, twoProcesses] = [
      await insertBenchTournament(handle.db, 'Bench direct SQL'),
      await insertBenchTournament(handle.db, 'Bench warm-up'),
      await insertBenchTournament(handle.db, 'Bench HTTP'),
      await insertBenchTournament(handle.db, 'Bench two processes warm-up'),
      await insertBenchTournament(handle.db, 'Bench two processes'),
    ]
    await pool.query('vacuum analyze')

    log(`direct SQL: place_bet from ${CONNECTIONS} pg clients for ${sizes.measureMs} ms`)
    const directPool = createPostgresPool(databaseUrl, CONNECTIONS)
    const directStats = await placeBetsDirectly(directPool, direct, users, sizes.measureMs).finally(
      () => directPool.end(),
    )

    const one = await startBenchServer({ databaseUrl, poolMax: SERVER_POOL_MAX })
    let httpStats: HttpBetStats
    try {
      await checkMintedCookies(one, users, probe, warmUp)
      log(`HTTP: warm-up ${sizes.warmUpMs} ms, then ${sizes.measureMs} ms`)
      await placeBetsOverHttp([one], warmUp, users, sizes.warmUpMs)
      httpStats = await placeBetsOverHttp([one], http, users, sizes.measureMs)
    } finally {
      await one.stop()
    }
    const baseline = BASELINE_BUNDLE
      ? await compareWithBaseline(BASELINE_BUNDLE, {
          log,
          sizes,
          users,
          newTournament: (name) => insertBenchTournament(handle.db, name),
          start: (bundle) => startBenchServer({ databaseUrl, poolMax: SERVER_POOL_MAX, bundle }),
          place: (server, tournament, durationMs) =>
            placeBetsOverHttp([server], tournament, users, durationMs),
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
      twoStats = await placeBetsOverHttp(pair, twoProcesses, users, sizes.measureMs)
    } finally {
      await Promise.all(pair.map((server) => server.stop()))
    }
    const audit = await auditBets(handle.db, twoProcesses.id)

    return {
      table: [
        tableRow('direct SQL (place_bet)', directStats, 'ok'),
        tableRow('HTTP, 1 process', httpStats, '201'),
        tableRow('HTTP, 2 processes', twoStats, '201'),
        ...baseline.table,
      ],
      results: [
        ...httpResults(httpStats, directStats),
        twoProcessResult(twoStats, audit),
        ...baseline.results,
      ],
    }
  } finally {
    await handle.close()
    await dropDatabase(DATABASE_NAME)
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
        pass: rate >= 500,
        target: TARGET_PGLITE,
      }
      return { table: [tableRow('HTTP, PGlite', stats, '201')], result }
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
): Promise<HttpBetStats> {
  const path = `/api/tournaments/${tournament.id}/bets`
  const serverCpu = () => servers.reduce((sum, server) => sum + server.cpuSeconds(), 0)
  const cookies = mintAllCookies(users)
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
  return { ...stats, serverCpuMsPerRequest, clientCpuMsPerRequest }
}

interface BaselineComparison {
  log: BenchContext['log']
  sizes: Sizes
  users: Users
  newTournament: (name: string) => Promise<BenchTournament>
  start: (bundle: string | undefined) => Promise<BenchServer>
  place: (server: BenchServer, tournament: BenchTournament, ms: number) => Promise<HttpBetStats>
}

/**
 * The one-process HTTP load against the baseline build and this one, AB_ROUNDS times each in
 * alternation (baseline first), each round on fresh tournaments after its own warm-up: the
 * machine's drift during the run falls on both builds alike.
 */
async function compareWithBaseline(bundle: string, ab: BaselineComparison) {
  const rates = { baseline: [] as number[], current: [] as number[] }
  const table: ReturnType<typeof tableRow>[] = []
  for (let round = 1; round <= AB_ROUNDS; round++) {
    for (const build of ['baseline', 'current'] as const) {
      ab.log(`A/B round ${round}: ${build} build`)
      const server = await ab.start(build === 'baseline' ? bundle : undefined)
      try {
        await ab.place(
          server,
          await ab.newTournament(`A/B warm-up ${build} ${round}`),
          ab.sizes.warmUpMs,
        )
        const stats = await ab.place(
          server,
          await ab.newTournament(`A/B ${build} ${round}`),
          ab.sizes.measureMs,
        )
        rates[build].push(placedPerSecond(stats, '201'))
        table.push(tableRow(`A/B ${build} build, round ${round}`, stats, '201'))
      } finally {
        await server.stop()
      }
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  const [current, baseline] = [mean(rates.current), mean(rates.baseline)]
  const change = baseline > 0 ? current / baseline - 1 : 0
  const result: BenchResult = {
    name: 'bets-http-ab',
    value: Math.round(current),
    unit: 'bets/s',
    ratio: `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}% vs baseline ${Math.round(baseline)} bets/s, ${AB_ROUNDS} rounds each`,
    pass: change >= -0.05,
    target: 'within 5% of the baseline build',
  }
  return { table, results: [result] }
}

async function placeBetsDirectly(
  pool: pg.Pool,
  tournament: BenchTournament,
  users: Users,
  durationMs: number,
): Promise<BetStats> {
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
  return { ...stats, clientCpuMsPerRequest: (ownCpuMs() - clientCpuBefore) / stats.operations }
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
    requests: stats.operations,
    'server CPU ms/req':
      'serverCpuMsPerRequest' in stats ? Number(stats.serverCpuMsPerRequest.toFixed(2)) : '',
    'client CPU ms/req': Number(stats.clientCpuMsPerRequest.toFixed(2)),
    outcomes: JSON.stringify(stats.outcomes),
  }
}

function httpResults(http: LoadStats, direct: LoadStats): BenchResult[] {
  const httpRate = placedPerSecond(http, '201')
  const directRate = placedPerSecond(direct, 'ok')
  const share = directRate > 0 ? httpRate / directRate : 0
  return [
    {
      name: 'bets-sql-direct',
      value: Math.round(directRate),
      unit: 'bets/s',
      ratio: `p99 ${direct.p99Ms.toFixed(1)} ms, ratio base`,
      pass: true,
      target: 'baseline (place_bet, 64 pg clients)',
    },
    {
      name: 'bets-http',
      value: Math.round(httpRate),
      unit: 'bets/s',
      ratio: `${Math.round(share * 100)}% of direct SQL, p99 ${http.p99Ms.toFixed(1)} ms`,
      pass: httpRate >= 3_000 && http.p99Ms < 50 && share >= 0.55,
      target: TARGET_HTTP,
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
