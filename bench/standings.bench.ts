// `npm run bench -- standings`: tournament standings at scale (PostgreSQL). Loads N brackets
// (BENCH_STANDINGS_BRACKETS, default 1M; --quick 100k) on one tournament, closes betting and
// lets the real server build its standings; then over HTTP, signed in, a standings page (page 1
// and random deep pages, each with the caller's own row) under load; last, how long after a
// result is committed the standings reflect it (the server's refresher notices and rebuilds).
// See bench/README.md.
import { sql } from 'drizzle-orm'
import type { Database } from '../src/server/db/client'
import { resultsDigestSql } from '../src/server/features/standings/standings-rebuild'
import { createBenchDatabase } from './lib/bench-database'
import { insertBenchTournament } from './lib/bracket-bets'
import { insertBulkBets, insertBulkUsers, vacuumAndCheckpoint } from './lib/bulk-data'
import type { LoadStats } from './lib/closed-loop'
import { runHttpLoad } from './lib/http-load'
import {
  BENCH_AUTH_SECRET,
  ensureServerBuild,
  sessionCookieNamesFor,
  startBenchServer,
} from './lib/bench-server'
import { checkSessionAccepted, insertSignedInUsers, keptCookies } from './lib/sessions'
import type { Benchmark, BenchContext, BenchOutput } from './lib/types'

const DATABASE_NAME = 'gp_bench_standings'
const CONNECTIONS = 16
const SIGNED_IN = 2_000
const TARGET_P99_MS = 50
const SESSION_CACHE_SECONDS = 300
const RESULTS_MEASURED = 3

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
    const tournament = await insertBenchTournament(db, 'Standings bench')
    const signedIn = await insertSignedInUsers(db, { count: SIGNED_IN, prefix: 'sb' })
    await insertBulkUsers(database.loader, { prefix: 'sa', count: sizes.brackets - SIGNED_IN })
    const bet = {
      tournamentId: tournament.id,
      fee: tournament.fee,
      brackets: tournament.storedPicks,
    }
    await insertBulkBets(database.loader, { users: { prefix: 'sb', count: SIGNED_IN }, ...bet })
    await insertBulkBets(database.loader, {
      users: { prefix: 'sa', count: sizes.brackets - SIGNED_IN },
      ...bet,
    })
    // Every tiebreaker from 12 to 39, spread by the bet's id.
    await database.loader.query(
      `update bets set final_total_games = 12 + abs(hashtext(id::text)) % 28
        where tournament_id = $1`,
      [tournament.id],
    )
    // Play starts: betting closes, the standings open.
    await database.loader.query(`update tournaments set status = 'active' where id = $1`, [
      tournament.id,
    ])
    await vacuumAndCheckpoint(database.loader)
    log(`${sizes.brackets} brackets in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`)

    const names = sessionCookieNamesFor({ databaseUrl: database.url })
    const cookieOf = keptCookies(names, BENCH_AUTH_SECRET, SESSION_CACHE_SECONDS)
    const server = await startBenchServer({ databaseUrl: database.url })
    try {
      const firstBuildMs = await waitUntilFresh(db, tournament.id, performance.now())
      log(`first build (at start-up) done after ${Math.round(firstBuildMs)} ms`)
      await vacuumAndCheckpoint(database.loader)
      await checkSessionAccepted(server.origin, cookieOf(signedIn[0]!))
      const pages = Math.ceil(sizes.brackets / 25)
      const load = (path: (index: number) => string, durationMs: number) =>
        runHttpLoad({
          origins: [server.origin],
          connections: CONNECTIONS,
          durationMs,
          buildRequest: (index) => ({
            method: 'GET',
            path: path(index),
            headers: {
              cookie: cookieOf(signedIn[index % signedIn.length]!),
              origin: server.origin,
            },
          }),
        })
      const base = `/api/tournaments/${tournament.id}/standings`
      // Pages spread over the whole ranking, different for each request.
      const deepPage = (index: number) => `${base}?page=${1 + ((index * 7_919) % pages)}`
      await load(() => '/api/me', sizes.warmUpMs)
      const baseline = await load(() => '/api/me', sizes.measureMs)
      await load(() => base, sizes.warmUpMs)
      const firstPage = await load(() => base, sizes.measureMs)
      const anyPage = await load(deepPage, sizes.measureMs)

      log(`${RESULTS_MEASURED} results, each timed until the standings reflect it`)
      const matches = (await db.execute(sql`
        select id, team1_id from matches where tournament_id = ${tournament.id}::uuid
          and round = 'round16' order by match_number`)) as unknown as {
        rows: { id: string; team1_id: string }[]
      }
      const reflectedMs: number[] = []
      for (const match of matches.rows.slice(0, RESULTS_MEASURED)) {
        const committedAt = performance.now()
        await db.execute(
          sql`update matches set winner_team_id = ${match.team1_id}::uuid where id = ${match.id}::uuid`,
        )
        reflectedMs.push(await waitUntilFresh(db, tournament.id, committedAt))
      }
      return report(sizes, { baseline, firstPage, anyPage }, reflectedMs, firstBuildMs)
    } finally {
      await server.stop()
    }
  } finally {
    await database.drop()
  }
}

/** Milliseconds from `since` until the tournament's standings were built from its results. */
async function waitUntilFresh(db: Database, tournamentId: string, since: number): Promise<number> {
  for (;;) {
    const answer = (await db.execute(sql`
      select results_digest = ${resultsDigestSql(tournamentId)} as fresh
        from standings_builds where tournament_id = ${tournamentId}::uuid`)) as unknown as {
      rows: { fresh: boolean }[]
    }
    if (answer.rows[0]?.fresh) return performance.now() - since
    await new Promise((resolve) => setTimeout(resolve, 20))
    if (performance.now() - since > 15 * 60_000) throw new Error('standings never caught up')
  }
}

function report(
  sizes: Sizes,
  loads: { baseline: LoadStats; firstPage: LoadStats; anyPage: LoadStats },
  reflectedMs: number[],
  firstBuildMs: number,
): BenchOutput {
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
  const worst = Math.max(...reflectedMs)
  const http = (name: string, stats: LoadStats, what: string) => ({
    name,
    value: round(stats.p99Ms),
    unit: 'ms p99',
    ratio: `${Math.round(stats.perSecond)} requests/s, p50 ${round(stats.p50Ms)} ms; GET /api/me p99 ${round(loads.baseline.p99Ms)} ms`,
    pass: stats.p99Ms < TARGET_P99_MS && isAllOk(stats),
    target: `${what} with my row, ${scale}, over HTTP, p99 < ${TARGET_P99_MS} ms`,
  })
  return {
    table: [
      row('GET /api/me (baseline)', loads.baseline),
      row(`standings page 1 + my row, ${scale}`, loads.firstPage),
      row('standings, any page + my row', loads.anyPage),
      {
        variant: 'result → standings reflect it (ms)',
        each: reflectedMs.map((ms) => Math.round(ms)).join(', '),
        'first build at start-up ms': Math.round(firstBuildMs),
      },
    ],
    results: [
      http('standings-page1', loads.firstPage, 'standings page 1'),
      http('standings-any-page', loads.anyPage, 'any standings page'),
      {
        name: 'standings-result-reflected',
        value: Math.round(worst),
        unit: 'ms (worst of 3)',
        ratio: `each ${reflectedMs.map((ms) => Math.round(ms)).join(', ')} ms`,
        pass: worst <= reflectTargetMs,
        target: `a result reflected in the standings ≤ ${reflectTargetMs / 1000} s at ${scale}`,
      },
    ],
  }
}
