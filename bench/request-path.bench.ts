// `npm run bench -- request-path`: what the server's common path costs per request (issues #16,
// #18). A small database (2,000 signed-in fans with a bracket each on one tournament, betting
// closed, its standings built and its People's Bracket stored), so that what is measured is the
// HTTP stack, the middleware and the session check rather than any query's size: over HTTP, 16
// connections, GET /api/me, standings page 1 with my row, and the People's Bracket served from
// its stored row. With BENCH_BASELINE_BUNDLE=<older build>/index.js the older build and this one
// take turns on the same data (A/B in the same run). See bench/README.md.
import { eq } from 'drizzle-orm'
import { tournaments } from '#server/db/schema'
import { createBenchDatabase } from './lib/bench-database'
import { insertBenchTournament } from './lib/bracket-bets'
import { insertBulkBets, vacuumAndCheckpoint } from './lib/bulk-data'
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
import { checkSessionAccepted, insertSignedInUsers, keptCookies } from './lib/sessions'
import type { Benchmark, BenchContext, BenchOutput, BenchResult } from './lib/types'

// The benchmarks' configuration, not the app's: read here, never by src/.
const DATABASE_NAME = process.env.BENCH_REQUEST_PATH_DATABASE ?? 'gp_bench_request_path'
const BASELINE_BUNDLE = process.env.BENCH_BASELINE_BUNDLE
const CONNECTIONS = 16
const SIGNED_IN = 2_000
const SESSION_CACHE_SECONDS = 300

interface Route {
  name: string
  label: string
  targetP99Ms: number
}

const ROUTES: Route[] = [
  { name: 'request-path-me', label: 'GET /api/me', targetP99Ms: 50 },
  { name: 'request-path-standings', label: 'standings page 1 + my row', targetP99Ms: 50 },
  { name: 'request-path-popularity', label: "People's Bracket (stored)", targetP99Ms: 20 },
]

interface Measured {
  stats: LoadStats
  /** Server process CPU per answered request. */
  cpuMs: number
}

type Round = Map<string, Measured>

export const benchmark: Benchmark = {
  name: 'request-path',
  description:
    'the common request path: /api/me, standings page 1, People’s Bracket at 16 connections',
  run: runRequestPathBenchmark,
}

async function runRequestPathBenchmark({ quick, log }: BenchContext): Promise<BenchOutput> {
  const warmUpMs = quick ? 1_000 : 2_000
  const measureMs = quick ? 4_000 : 10_000
  const rounds = quick ? 1 : 2
  ensureServerBuild(log)
  const database = await createBenchDatabase(DATABASE_NAME)
  try {
    const { db } = database.handle
    const tournament = await insertBenchTournament(db, 'Request path bench')
    const signedIn = await insertSignedInUsers(db, { count: SIGNED_IN, prefix: 'rp' })
    await insertBulkBets(database.loader, {
      users: { prefix: 'rp', count: SIGNED_IN },
      tournamentId: tournament.id,
      fee: tournament.fee,
      brackets: tournament.storedPicks,
    })
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 1_000), status: 'active' })
      .where(eq(tournaments.id, tournament.id))
    await vacuumAndCheckpoint(database.loader)

    const names = sessionCookieNamesFor({ databaseUrl: database.url })
    const cookieOf = keptCookies(names, BENCH_AUTH_SECRET, SESSION_CACHE_SECONDS)
    const paths: Record<string, string> = {
      'request-path-me': '/api/me',
      'request-path-standings': `/api/tournaments/${tournament.id}/standings`,
      'request-path-popularity': `/api/tournaments/${tournament.id}/popularity`,
    }

    const measureBuild = async (bundle: string | undefined): Promise<Round> => {
      const server = await startBenchServer({ databaseUrl: database.url, bundle })
      try {
        await waitUntilStandingsFresh(db, tournament.id, { pollMs: 50, timeoutMs: 120_000 })
        await checkSessionAccepted(server.origin, cookieOf(signedIn[0]!))
        const round: Round = new Map()
        for (const route of ROUTES) {
          const load = (durationMs: number) =>
            runHttpLoad({
              origins: [server.origin],
              connections: CONNECTIONS,
              durationMs,
              buildRequest: (index) => ({
                method: 'GET',
                path: paths[route.name]!,
                headers: { cookie: cookieOf(signedIn[index % signedIn.length]!) },
              }),
            })
          await load(warmUpMs)
          round.set(route.name, await measured(server, () => load(measureMs)))
        }
        return round
      } finally {
        await server.stop()
      }
    }

    const baseline: Round[] = []
    const current: Round[] = []
    for (let round = 1; round <= rounds; round++) {
      if (BASELINE_BUNDLE) {
        log(`round ${round}: baseline build ${BASELINE_BUNDLE}`)
        baseline.push(await measureBuild(BASELINE_BUNDLE))
      }
      log(`round ${round}: this build`)
      current.push(await measureBuild(undefined))
    }
    return report(current, baseline)
  } finally {
    await database.drop()
  }
}

async function measured(server: BenchServer, run: () => Promise<LoadStats>): Promise<Measured> {
  const cpuBefore = server.cpuSeconds()
  const stats = await run()
  const requests = Object.values(stats.outcomes).reduce((sum, n) => sum + n, 0)
  return { stats, cpuMs: ((server.cpuSeconds() - cpuBefore) * 1000) / Math.max(1, requests) }
}

/** The worst p99 of a build's rounds, and its summed rate and mean CPU. */
function combine(rounds: Round[], routeName: string) {
  const all = rounds.map((round) => round.get(routeName)!)
  const outcomes: Record<string, number> = {}
  for (const { stats } of all) {
    for (const [key, n] of Object.entries(stats.outcomes)) outcomes[key] = (outcomes[key] ?? 0) + n
  }
  return {
    p99Ms: Math.max(...all.map((m) => m.stats.p99Ms)),
    p50Ms: Math.max(...all.map((m) => m.stats.p50Ms)),
    perSecond: all.reduce((sum, m) => sum + m.stats.perSecond, 0) / all.length,
    cpuMs: all.reduce((sum, m) => sum + m.cpuMs, 0) / all.length,
    isAllOk: Object.keys(outcomes).every((status) => status === '200'),
    outcomes,
  }
}

function report(current: Round[], baseline: Round[]): BenchOutput {
  const round1 = (value: number) => Math.round(value * 10) / 10
  const table = [
    ...baseline.flatMap((round, index) => rows(`baseline, round ${index + 1}`, round)),
    ...current.flatMap((round, index) => rows(`this build, round ${index + 1}`, round)),
  ]
  const results: BenchResult[] = ROUTES.map((route) => {
    const now = combine(current, route.name)
    const before = baseline.length > 0 ? combine(baseline, route.name) : null
    const ratio = [
      `${Math.round(now.perSecond)} requests/s, p50 ${round1(now.p50Ms)} ms, server CPU ${now.cpuMs.toFixed(3)} ms each`,
      before
        ? `baseline p99 ${round1(before.p99Ms)} ms (${(before.p99Ms / now.p99Ms).toFixed(2)}×), ` +
          `CPU ${before.cpuMs.toFixed(3)} ms (${(before.cpuMs / now.cpuMs).toFixed(2)}×)`
        : 'no baseline (BENCH_BASELINE_BUNDLE unset)',
    ].join('; ')
    return {
      name: route.name,
      value: round1(now.p99Ms),
      unit: 'ms p99',
      ratio,
      pass: now.p99Ms < route.targetP99Ms && now.isAllOk,
      target: `${route.label}, ${CONNECTIONS} connections, p99 < ${route.targetP99Ms} ms`,
    }
  })
  return { table, results }
}

function rows(variant: string, round: Round) {
  return ROUTES.map((route) => {
    const { stats, cpuMs } = round.get(route.name)!
    return {
      variant,
      route: route.label,
      'requests/s': Math.round(stats.perSecond),
      'p50 ms': Math.round(stats.p50Ms * 10) / 10,
      'p99 ms': Math.round(stats.p99Ms * 10) / 10,
      'server CPU ms/request': cpuMs.toFixed(3),
      outcomes: JSON.stringify(stats.outcomes),
    }
  })
}
