// `npm run bench -- seasons`: season standings at scale (PostgreSQL, docs/decisions/136). F fans,
// T tournaments in one season with B main brackets each (BENCH_SEASON_FANS, _TOURNAMENTS,
// _BRACKETS; default 1M, 25, 400k; --quick 20k, 5, 10k), all but the last settled and counted by
// the real code (lib/season-world.ts). Then over HTTP against the built server, 16 connections,
// signed in: the season standings page 1 and any page (each with the caller's `me` row) and "my
// season", while the server's memory is sampled; last, the last tournament settled as an admin
// does (POST …/settle), timed until the season standings count it. See bench/README.md.
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { createBenchDatabase } from './lib/bench-database'
import { vacuumAndCheckpoint } from './lib/bulk-data'
import type { LoadStats } from './lib/closed-loop'
import { ensureServerBuild, startBenchServer, type BenchServer } from './lib/bench-server'
import { insertSeasonWorld, type SeasonSizes, type SeasonWorld } from './lib/season-world'
import { checkSessionAccepted } from './lib/sessions'
import {
  cookiesFor,
  isAllOk,
  loadRow,
  roundToTenth as round,
  signedInGets,
} from './lib/signed-in-load'
import type { Benchmark, BenchContext, BenchOutput } from './lib/types'

// BENCH_SEASON_DATABASE: another name, so two sessions on one server do not share it.
const DATABASE_NAME = process.env.BENCH_SEASON_DATABASE ?? 'gp_bench_seasons'
// BENCH_SEASON_KEEP=1 leaves the database behind for EXPLAIN ANALYZE (drop it yourself; the next
// run drops it first).
const KEEP_DATABASE = process.env.BENCH_SEASON_KEEP === '1'
const TARGET = { p99Ms: 50, reflectedMs: 10_000, memoryRatio: 1.2 }
// The season page's default size; the server's RSS read this often; the settlement polled.
const [PAGE_SIZE, MEMORY_SAMPLE_MS, POLL_MS] = [25, 250, 20]

interface Sizes extends SeasonSizes {
  warmUpMs: number
  measureMs: number
}

function sizesFor(quick: boolean): Sizes {
  const size = (name: string, full: number, small: number) =>
    Number(process.env[`BENCH_SEASON_${name}`] ?? (quick ? small : full))
  const fans = size('FANS', 1_000_000, 20_000)
  const brackets = Math.min(fans, size('BRACKETS', 400_000, 10_000))
  return {
    fans,
    tournaments: size('TOURNAMENTS', 25, 5),
    brackets,
    signedIn: Math.min(2_000, Math.floor(brackets / 5)),
    warmUpMs: quick ? 1_000 : 2_000,
    measureMs: quick ? 4_000 : 10_000,
  }
}

export const benchmark: Benchmark = {
  name: 'seasons',
  description:
    'season standings: 1M fans, 25 tournaments of 400k brackets, over HTTP; a settlement counted',
  run: runSeasonsBenchmark,
}

interface Loads {
  baseline: LoadStats
  firstPage: LoadStats
  anyPage: LoadStats
  mySeason: LoadStats
}

interface Settled {
  /** From the admin's POST …/settle to the settlement's completion, and to the season counting it. */
  completedMs: number
  reflectedMs: number
}

async function runSeasonsBenchmark({ quick, log }: BenchContext): Promise<BenchOutput> {
  const sizes = sizesFor(quick)
  ensureServerBuild(log)
  const database = await createBenchDatabase(DATABASE_NAME)
  try {
    const startedAt = performance.now()
    const world = await insertSeasonWorld(database, sizes, log)
    await vacuumAndCheckpoint(database.loader)
    const seedS = (performance.now() - startedAt) / 1000
    log(
      `season of ${sizes.fans} fans, ${sizes.tournaments} × ${sizes.brackets} in ${seedS.toFixed(0)} s`,
    )

    const cookieOf = cookiesFor(database.url)
    const server = await startBenchServer({ databaseUrl: database.url })
    try {
      const fanCookie = (index: number) => cookieOf(world.fans[index % world.fans.length]!)
      await checkSessionAccepted(server.origin, fanCookie(0))
      const rss: number[] = []
      const sampler = setInterval(() => rss.push(server.rssBytes()), MEMORY_SAMPLE_MS)
      let loads: Loads
      try {
        loads = await measureReads(server, world, sizes, fanCookie)
      } finally {
        clearInterval(sampler)
      }
      log(`settling tournament ${sizes.tournaments} over HTTP, timed until the season counts it`)
      const settled = await settleAndWait(server, database.handle.db, world, sizes, {
        admin: cookieOf(world.admin),
        fan: fanCookie(0),
      })
      return report(sizes, { seedS, world, loads, rss, settled })
    } finally {
      await server.stop()
    }
  } finally {
    if (KEEP_DATABASE) {
      await Promise.all([database.handle.close(), database.loader.end()])
      log(`kept the database: ${database.url}`)
    } else {
      await database.drop()
    }
  }
}

async function measureReads(
  server: BenchServer,
  world: SeasonWorld,
  sizes: Sizes,
  cookie: (index: number) => string,
): Promise<Loads> {
  const load = signedInGets(server, cookie)
  const standings = `/api/seasons/${world.seasonId}/standings`
  const pages = Math.ceil(sizes.fans / PAGE_SIZE)
  // Pages spread over the whole table, different for each request.
  const anyPage = (index: number) => `${standings}?page=${1 + ((index * 7_919) % pages)}`
  const mySeason = `/api/seasons/${world.seasonId}/me`
  await load(() => '/api/me', sizes.warmUpMs)
  const baseline = await load(() => '/api/me', sizes.measureMs)
  await load(() => standings, sizes.warmUpMs)
  return {
    baseline,
    firstPage: await load(() => standings, sizes.measureMs),
    anyPage: await load(anyPage, sizes.measureMs),
    mySeason: await load(() => mySeason, sizes.measureMs),
  }
}

/**
 * The last tournament settled through the admin API; then, polling together, the settlement's
 * row (completed) and the season standings as a fan reads them (`counted` includes it).
 */
async function settleAndWait(
  server: BenchServer,
  db: Database,
  world: SeasonWorld,
  sizes: Sizes,
  cookies: { admin: string; fan: string },
): Promise<Settled> {
  const postedAt = performance.now()
  const response = await fetch(
    `${server.origin}/api/admin/tournaments/${world.lastTournamentId}/settle`,
    { method: 'POST', headers: { cookie: cookies.admin, origin: server.origin } },
  )
  if (response.status !== 200 && response.status !== 202) {
    throw new Error(`settle answered ${response.status}: ${await response.text()}`)
  }
  let completedMs: number | undefined
  let reflectedMs: number | undefined
  while (completedMs === undefined || reflectedMs === undefined) {
    if (performance.now() - postedAt > 15 * 60_000) throw new Error('the season never caught up')
    if (completedMs === undefined) {
      const answer = (await db.execute(sql`
        select state from tournament_settlements
         where tournament_id = ${world.lastTournamentId}::uuid and contest = 'main'`)) as unknown as {
        rows: { state: string }[]
      }
      if (answer.rows[0]?.state === 'completed') completedMs = performance.now() - postedAt
    }
    if (reflectedMs === undefined) {
      const page = await fetch(`${server.origin}/api/seasons/${world.seasonId}/standings`, {
        headers: { cookie: cookies.fan, origin: server.origin },
      })
      const body = (await page.json()) as { counted: number }
      if (body.counted === sizes.tournaments) reflectedMs = performance.now() - postedAt
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  return { completedMs, reflectedMs }
}

function report(
  sizes: Sizes,
  {
    seedS,
    world,
    loads,
    rss,
    settled,
  }: { seedS: number; world: SeasonWorld; loads: Loads; rss: number[]; settled: Settled },
): BenchOutput {
  const scale = `${sizes.fans} fans, ${sizes.tournaments} × ${sizes.brackets} brackets`
  const http = (name: string, stats: LoadStats, what: string) => ({
    name,
    value: round(stats.p99Ms),
    unit: 'ms p99',
    // On these shared cores the ratio to GET /api/me in the same run says more than the p99.
    ratio: `${(stats.p99Ms / loads.baseline.p99Ms).toFixed(2)}× GET /api/me p99 ${round(loads.baseline.p99Ms)} ms; ${Math.round(stats.perSecond)} requests/s, p50 ${round(stats.p50Ms)} ms`,
    pass: stats.p99Ms < TARGET.p99Ms && isAllOk(stats),
    target: `${what}, ${scale}, over HTTP, p99 < ${TARGET.p99Ms} ms`,
  })
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  const mb = (bytes: number) => Math.round(bytes / 1_048_576)
  const [rssStart, rssEnd] = [rss[0] ?? Number.NaN, rss.at(-1) ?? Number.NaN]
  // The count may finish before the settlement does (it starts once the losses are recorded).
  const afterCompletion = Math.max(0, settled.reflectedMs - settled.completedMs)
  return {
    table: [
      loadRow('GET /api/me (baseline)', loads.baseline),
      loadRow(`season standings page 1 + me, ${scale}`, loads.firstPage),
      loadRow('season standings, any page + me', loads.anyPage),
      loadRow('my season (GET /api/seasons/:id/me)', loads.mySeason),
      {
        variant: 'seeding',
        'total s': Math.round(seedS),
        'settle s (mean)': round(mean(world.settleMs) / 1000),
        'count s (each)': world.countMs.map((ms) => round(ms / 1000)).join(', '),
      },
    ],
    results: [
      http('seasons-page1', loads.firstPage, 'season standings page 1 with my row'),
      http('seasons-any-page', loads.anyPage, 'any season standings page with my row'),
      http('seasons-my-season', loads.mySeason, 'my season (GET /api/seasons/:id/me)'),
      {
        name: 'seasons-settled-reflected',
        value: Math.round(afterCompletion),
        unit: 'ms after the settlement completed',
        ratio: `settlement ${Math.round(settled.completedMs)} ms and standings ${Math.round(settled.reflectedMs)} ms after the POST`,
        pass: afterCompletion <= TARGET.reflectedMs,
        target: `a settled tournament in the season standings ≤ ${TARGET.reflectedMs / 1000} s after its settlement, ${scale}`,
      },
      {
        name: 'seasons-memory',
        value: round(rssEnd / rssStart),
        unit: '× RSS',
        ratio: `${mb(rssStart)} MB at the start of the reads, ${mb(rssEnd)} MB at the end, peak ${mb(Math.max(...rss))} MB`,
        pass: rssEnd <= rssStart * TARGET.memoryRatio,
        target: `server memory flat during the reads (end ≤ ${TARGET.memoryRatio}× start)`,
      },
    ],
  }
}
