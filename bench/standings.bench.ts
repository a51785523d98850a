// `npm run bench -- standings`: tournament standings at scale (PostgreSQL). Loads N brackets
// (BENCH_STANDINGS_BRACKETS, default 1M; --quick 100k) on one tournament, closes betting and
// lets the real server build its standings; then over HTTP, signed in, a standings page (page 1
// and random deep pages, each with the caller's own row) under load; last, how long after a
// result is committed the standings reflect it (the server's refresher notices and rebuilds).
// See bench/README.md.
import type { Database } from '#server/db/client'
import type pg from 'pg'
import { measureDatabaseCpu } from './lib/database-cpu'
import { createBenchDatabase } from './lib/bench-database'
import { vacuumAndCheckpoint } from './lib/bulk-data'
import { loadStandings, timeResultsReflected } from './lib/standings-load'
import type { LoadStats } from './lib/closed-loop'
import { runHttpLoad } from './lib/http-load'
import { waitUntilStandingsFresh } from './lib/standings-freshness'
import {
  BENCH_AUTH_SECRET,
  ensureServerBuild,
  sessionCookieNamesFor,
  startBenchServer,
  type BenchServer,
} from './lib/bench-server'
import { checkSessionAccepted, keptCookies } from './lib/sessions'
import type { Benchmark, BenchContext, BenchOutput } from './lib/types'

const DATABASE_NAME = process.env.BENCH_STANDINGS_DATABASE ?? 'gp_bench_standings'
const CONNECTIONS = 16
const SIGNED_IN = 2_000
const TARGET_P99_MS = 50
const SESSION_CACHE_SECONDS = 300
const RESULTS_MEASURED = 3
const IDLE_MS = 10_000
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
// BENCH_BASELINE_BUNDLE=<older checkout>/dist/server/index.js: that build measured first, A/B.
const BASELINE_BUNDLE = process.env.BENCH_BASELINE_BUNDLE
// BENCH_STANDINGS_DATABASE: another name, so two sessions on one server do not share it.

interface Sizes {
  brackets: number
  warmUpMs: number
  measureMs: number
}

function sizesFor(quick: boolean): Sizes {
  const brackets = Number(process.env.BENCH_STANDINGS_BRACKETS ?? (quick ? 100_000 : 1_000_000))
  return { brackets, warmUpMs: quick ? 1_000 : 2_000, measureMs: quick ? 4_000 : 10_000 }
}

export const benchmark: Benchmark = {
  name: 'standings',
  description: 'standings at 1M brackets: pages and my row over HTTP, a result reflected',
  run: runStandingsBenchmark,
}

async function runStandingsBenchmark({ quick, log }: BenchContext): Promise<BenchOutput> {
  const sizes = sizesFor(quick)
  ensureServerBuild(log)
  const database = await createBenchDatabase(DATABASE_NAME)
  try {
    const { db } = database.handle
    const startedAt = performance.now()
    const { tournament, signedIn } = await loadStandings(database, sizes.brackets, SIGNED_IN)
    log(`${sizes.brackets} brackets in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`)

    const names = sessionCookieNamesFor({ databaseUrl: database.url })
    const cookieOf = keptCookies(names, BENCH_AUTH_SECRET, SESSION_CACHE_SECONDS)
    const runs: VariantRun[] = []
    // The baseline build first (BENCH_BASELINE_BUNDLE), then this one, on the same data: each
    // variant's results are taken back afterwards, so the next starts from the same standings.
    for (const variant of BASELINE_BUNDLE ? (['baseline', 'this'] as const) : (['this'] as const)) {
      log(`${variant}: server, idle CPU, pages, results`)
      const server = await startBenchServer({
        databaseUrl: database.url,
        ...(variant === 'baseline' ? { bundle: BASELINE_BUNDLE } : {}),
      })
      try {
        runs.push(
          await measureVariant(variant, {
            server,
            db,
            loader: database.loader,
            databaseName: DATABASE_NAME,
            tournamentId: tournament.id,
            sizes,
            cookie: (index) => cookieOf(signedIn[index % signedIn.length]!),
            log,
          }),
        )
      } finally {
        await server.stop()
      }
    }
    return report(sizes, runs)
  } finally {
    await database.drop()
  }
}

interface VariantRun {
  variant: 'baseline' | 'this'
  loads: { baseline: LoadStats; firstPage: LoadStats; anyPage: LoadStats }
  reflectedMs: number[]
  firstBuildMs: number
  /** CPU of the server process and of the database's backends per idle second, in ms. */
  idleServerMsPerS: number
  idleDatabaseMsPerS: number
}

async function measureVariant(
  variant: VariantRun['variant'],
  {
    server,
    db,
    loader,
    databaseName,
    tournamentId,
    sizes,
    cookie,
    log,
  }: {
    server: BenchServer
    db: Database
    loader: pg.Pool
    databaseName: string
    tournamentId: string
    sizes: Sizes
    cookie: (index: number) => string
    log: (message: string) => void
  },
): Promise<VariantRun> {
  await checkSessionAccepted(server.origin, cookie(0))
  const firstBuildMs = await waitUntilStandingsFresh(db, tournamentId)
  log(`${variant}: first build (at start-up) done after ${Math.round(firstBuildMs)} ms`)
  await vacuumAndCheckpoint(loader)

  // Nothing asked, nothing changed: what the background jobs cost (the standings refresher's
  // polls among them), in the server and in the database.
  const serverCpuBefore = server.cpuSeconds()
  const databaseCpu = await measureDatabaseCpu(POSTGRES_ADMIN_URL, databaseName)
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS))
  const idleDatabaseS = await databaseCpu.stop()
  const idleServerS = server.cpuSeconds() - serverCpuBefore

  const pages = Math.ceil(sizes.brackets / 25)
  const load = (path: (index: number) => string, durationMs: number) =>
    runHttpLoad({
      origins: [server.origin],
      connections: CONNECTIONS,
      durationMs,
      buildRequest: (index) => ({
        method: 'GET',
        path: path(index),
        headers: { cookie: cookie(index), origin: server.origin },
      }),
    })
  const base = `/api/tournaments/${tournamentId}/standings`
  // Pages spread over the whole ranking, different for each request.
  const deepPage = (index: number) => `${base}?page=${1 + ((index * 7_919) % pages)}`
  await load(() => '/api/me', sizes.warmUpMs)
  const baseline = await load(() => '/api/me', sizes.measureMs)
  await load(() => base, sizes.warmUpMs)
  const firstPage = await load(() => base, sizes.measureMs)
  const anyPage = await load(deepPage, sizes.measureMs)

  log(`${variant}: ${RESULTS_MEASURED} results, each timed until the standings reflect it`)
  const reflectedMs = await timeResultsReflected(db, tournamentId, RESULTS_MEASURED)
  return {
    variant,
    loads: { baseline, firstPage, anyPage },
    reflectedMs,
    firstBuildMs,
    idleServerMsPerS: (idleServerS * 1000) / (IDLE_MS / 1000),
    idleDatabaseMsPerS: (idleDatabaseS * 1000) / (IDLE_MS / 1000),
  }
}

function report(sizes: Sizes, runs: VariantRun[]): BenchOutput {
  const round = (value: number) => Math.round(value * 10) / 10
  const row = (variant: string, stats: LoadStats) => ({
    variant,
    'requests/s': Math.round(stats.perSecond),
    'p50 ms': round(stats.p50Ms),
    'p99 ms': round(stats.p99Ms),
    outcomes: JSON.stringify(stats.outcomes),
  })
  const isAllOk = (stats: LoadStats) => Object.keys(stats.outcomes).every((key) => key === '200')
  const scale = `${sizes.brackets} brackets`
  const reflectTargetMs = sizes.brackets > 100_000 ? 5_000 : 1_000
  const table: Record<string, string | number>[] = []
  for (const run of runs) {
    table.push(
      row(`GET /api/me (${run.variant})`, run.loads.baseline),
      row(`standings page 1 + my row, ${scale} (${run.variant})`, run.loads.firstPage),
      row(`standings, any page + my row (${run.variant})`, run.loads.anyPage),
      {
        variant: `result → standings reflect it, ms (${run.variant})`,
        each: run.reflectedMs.map((ms) => Math.round(ms)).join(', '),
        'first build ms': Math.round(run.firstBuildMs),
        'idle CPU ms/s server': round(run.idleServerMsPerS),
        'idle CPU ms/s db': round(run.idleDatabaseMsPerS),
      },
    )
  }
  const current = runs.at(-1)!
  const before = runs.length > 1 ? runs[0] : undefined
  const worst = (run: VariantRun) => Math.max(...run.reflectedMs)
  const versus = (pick: (run: VariantRun) => number) =>
    before ? `; baseline ${round(pick(before))}, ${round(pick(before) / pick(current))}×` : ''
  const http = (name: string, pick: (run: VariantRun) => LoadStats, what: string) => {
    const stats = pick(current)
    return {
      name,
      value: round(stats.p99Ms),
      unit: 'ms p99',
      ratio: `${Math.round(stats.perSecond)} requests/s, p50 ${round(stats.p50Ms)} ms; GET /api/me p99 ${round(current.loads.baseline.p99Ms)} ms${versus((run) => pick(run).p99Ms)}`,
      pass: stats.p99Ms < TARGET_P99_MS && isAllOk(stats),
      target: `${what} with my row, ${scale}, over HTTP, p99 < ${TARGET_P99_MS} ms`,
    }
  }
  const idle = (run: VariantRun) => run.idleServerMsPerS + run.idleDatabaseMsPerS
  return {
    table,
    results: [
      http('standings-page1', (run) => run.loads.firstPage, 'standings page 1'),
      http('standings-any-page', (run) => run.loads.anyPage, 'any standings page'),
      {
        name: 'standings-result-reflected',
        value: Math.round(worst(current)),
        unit: 'ms (worst of 3)',
        ratio: `each ${current.reflectedMs.map((ms) => Math.round(ms)).join(', ')} ms${versus(worst)}`,
        pass: worst(current) <= reflectTargetMs,
        target: `a result reflected in the standings ≤ ${reflectTargetMs / 1000} s at ${scale}`,
      },
      {
        name: 'standings-idle-cpu',
        value: round(idle(current)),
        unit: 'ms CPU per s',
        ratio: `server ${round(current.idleServerMsPerS)} + database ${round(current.idleDatabaseMsPerS)}${versus(idle)}`,
        pass: before ? idle(current) <= idle(before) : true,
        target: 'nothing asked, nothing changed: no more than the baseline',
      },
    ],
  }
}
