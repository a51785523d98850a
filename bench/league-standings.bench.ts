// `npm run bench -- league-standings`: a tournament's standings within a league (docs/product.md
// §18) at scale (PostgreSQL). N brackets on one tournament (BENCH_LEAGUE_BRACKETS, default 1M;
// --quick 100k), a league of 10,000 of those fans (BENCH_LEAGUE_MEMBERS), betting closed and
// the standings built by the real server; then over HTTP, signed in as members,
// GET /api/tournaments/:id/standings?leagueId= (page 1 and random pages, each with the caller's
// row), against GET /api/me and the whole tournament's standings page 1 in the same run as the
// A/B references. See bench/README.md.
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { createBenchDatabase } from './lib/bench-database'
import { insertBenchTournament } from './lib/bracket-bets'
import { insertBulkBets, insertBulkUsers, vacuumAndCheckpoint } from './lib/bulk-data'
import type { LoadStats } from './lib/closed-loop'
import { runHttpLoad } from './lib/http-load'
import { waitUntilStandingsFresh } from './lib/standings-freshness'
import {
  BENCH_AUTH_SECRET,
  ensureServerBuild,
  sessionCookieNamesFor,
  startBenchServer,
} from './lib/bench-server'
import { checkSessionAccepted, insertSignedInUsers, keptCookies } from './lib/sessions'
import type { Benchmark, BenchContext, BenchOutput } from './lib/types'

const DATABASE_NAME = 'gp_bench_league_standings'
const CONNECTIONS = 16
const SIGNED_IN = 2_000
const TARGET_P99_MS = 50
const SESSION_CACHE_SECONDS = 300

interface Sizes {
  brackets: number
  members: number
  warmUpMs: number
  measureMs: number
}

function sizesFor(quick: boolean): Sizes {
  const brackets = Number(process.env.BENCH_LEAGUE_BRACKETS ?? (quick ? 100_000 : 1_000_000))
  const members = Math.min(brackets, Number(process.env.BENCH_LEAGUE_MEMBERS ?? 10_000))
  return { brackets, members, warmUpMs: quick ? 1_000 : 2_000, measureMs: quick ? 4_000 : 10_000 }
}

export const benchmark: Benchmark = {
  name: 'league-standings',
  description: 'league standings: 10,000 members in a tournament of 1M brackets, over HTTP',
  run: runLeagueStandingsBenchmark,
}

async function runLeagueStandingsBenchmark({ quick, log }: BenchContext): Promise<BenchOutput> {
  const sizes = sizesFor(quick)
  ensureServerBuild(log)
  const database = await createBenchDatabase(DATABASE_NAME)
  try {
    const { db } = database.handle
    const startedAt = performance.now()
    const tournament = await insertBenchTournament(db, 'League standings bench')
    const signedIn = await insertSignedInUsers(db, { count: SIGNED_IN, prefix: 'lb' })
    await insertBulkUsers(database.loader, { prefix: 'la', count: sizes.brackets - SIGNED_IN })
    const bet = {
      tournamentId: tournament.id,
      fee: tournament.fee,
      brackets: tournament.storedPicks,
    }
    await insertBulkBets(database.loader, { users: { prefix: 'lb', count: SIGNED_IN }, ...bet })
    await insertBulkBets(database.loader, {
      users: { prefix: 'la', count: sizes.brackets - SIGNED_IN },
      ...bet,
    })
    await database.loader.query(
      `update bets set final_total_games = 12 + abs(hashtext(id::text)) % 28
        where tournament_id = $1`,
      [tournament.id],
    )
    const leagueId = await insertLeague(db, sizes.members, sizes.brackets)
    await database.loader.query(`update tournaments set status = 'active' where id = $1`, [
      tournament.id,
    ])
    await vacuumAndCheckpoint(database.loader)
    log(
      `${sizes.brackets} brackets, a league of ${sizes.members} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
    )

    const names = sessionCookieNamesFor({ databaseUrl: database.url })
    const cookieOf = keptCookies(names, BENCH_AUTH_SECRET, SESSION_CACHE_SECONDS)
    const server = await startBenchServer({ databaseUrl: database.url })
    try {
      await waitUntilStandingsFresh(db, tournament.id, { pollMs: 50 })
      await vacuumAndCheckpoint(database.loader)
      await checkSessionAccepted(server.origin, cookieOf(signedIn[0]!))
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
      const base = `/api/tournaments/${tournament.id}/standings?leagueId=${leagueId}`
      const pages = Math.ceil(sizes.members / 25)
      const anyPage = (index: number) => `${base}&page=${1 + ((index * 7_919) % pages)}`
      await load(() => '/api/me', sizes.warmUpMs)
      const baseline = await load(() => '/api/me', sizes.measureMs)
      const whole = `/api/tournaments/${tournament.id}/standings`
      await load(() => whole, sizes.warmUpMs)
      const wholePage = await load(() => whole, sizes.measureMs)
      await load(() => base, sizes.warmUpMs)
      const firstPage = await load(() => base, sizes.measureMs)
      const deepPages = await load(anyPage, sizes.measureMs)
      return report(sizes, { baseline, wholePage, firstPage, deepPages })
    } finally {
      await server.stop()
    }
  } finally {
    await database.drop()
  }
}

/**
 * The league: the signed-in fans (who read it) and the rest spread evenly over the tournament's
 * other fans, so its members sit all along the ranking.
 */
async function insertLeague(db: Database, members: number, brackets: number): Promise<string> {
  const answer = (await db.execute(sql`
    insert into leagues (name, owner_id, invite_code, join_code, member_count)
    values ('Bench league', 'lb1', md5(random()::text), 'BENCH234', ${members})
    returning id`)) as unknown as { rows: { id: string }[] }
  const leagueId = answer.rows[0]!.id
  const others = members - SIGNED_IN
  const step = Math.max(1, Math.floor((brackets - SIGNED_IN) / Math.max(1, others)))
  await db.execute(sql`
    insert into league_members (league_id, user_id)
    select ${leagueId}::uuid, 'lb' || g from generate_series(1, ${SIGNED_IN}::integer) g
    union all
    select ${leagueId}::uuid, 'la' || (1 + (g - 1) * ${step})
      from generate_series(1, ${others}::integer) g`)
  return leagueId
}

function report(
  sizes: Sizes,
  loads: { baseline: LoadStats; wholePage: LoadStats; firstPage: LoadStats; deepPages: LoadStats },
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
  const scale = `${sizes.members} members, ${sizes.brackets} brackets`
  const http = (name: string, stats: LoadStats, what: string) => ({
    name,
    value: round(stats.p99Ms),
    unit: 'ms p99',
    ratio: [
      `${(stats.p99Ms / loads.baseline.p99Ms).toFixed(2)}× GET /api/me p99 ${round(loads.baseline.p99Ms)} ms`,
      `${(stats.p99Ms / loads.wholePage.p99Ms).toFixed(2)}× whole standings page 1 p99 ${round(loads.wholePage.p99Ms)} ms`,
      `${Math.round(stats.perSecond)} requests/s, p50 ${round(stats.p50Ms)} ms`,
    ].join('; '),
    pass: stats.p99Ms < TARGET_P99_MS && isAllOk(stats),
    target: `${what} with my row, ${scale}, over HTTP, p99 < ${TARGET_P99_MS} ms`,
  })
  return {
    table: [
      row('GET /api/me (baseline)', loads.baseline),
      row(`whole standings page 1 + my row, ${sizes.brackets} brackets`, loads.wholePage),
      row(`league standings page 1 + my row, ${scale}`, loads.firstPage),
      row('league standings, any page + my row', loads.deepPages),
    ],
    results: [
      http('league-standings-page1', loads.firstPage, 'league standings page 1'),
      http('league-standings-any-page', loads.deepPages, 'any league standings page'),
    ],
  }
}
