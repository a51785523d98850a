// `npm run bench -- share-image`: the share image over HTTP on one server process (PostgreSQL, the
// built bundle). N fans' brackets on a tournament past its deadline with some results in; each
// share image is fetched once (drawn: satori + resvg) and then again many times (from the
// process's cache). Requests go one at a time, so each latency is the request's own, not a queue.
// Then a burst: more cards than the drawing pool takes, asked for at once from as many client
// addresses, while API requests go on one at a time: their p99 against the same requests without
// the burst (drawings run on worker threads, never on the thread that answers requests).
// See bench/README.md ("Share images") and docs/decisions/104.
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { bets, matches } from '#server/db/schema'
import { createShareIds } from '#server/game/share-id'
import { insertUser } from '#tests/factories'
import {
  closedDeadlineValues,
  completeBracket,
  insertBracketTournament,
} from '#tests/game-factories'
import { createBenchDatabase } from './lib/bench-database'
import { BENCH_AUTH_SECRET, ensureServerBuild, startBenchServer } from './lib/bench-server'
import type { Benchmark, BenchContext, BenchOutput } from './lib/types'

const DATABASE_NAME = 'gp_bench_share_image'
const UNCACHED_TARGET_MS = 300
const CACHED_TARGET_MS = 20
const BURST_API_TARGET_MS = 50

export const benchmark: Benchmark = {
  name: 'share-image',
  description: 'share image: 1200×630 PNG drawn on the server, p99 uncached and cached',
  run: runShareImageBenchmark,
}

async function runShareImageBenchmark({ quick, log }: BenchContext): Promise<BenchOutput> {
  const drawnFans = quick ? 12 : 60
  // The security review's burst was 76 cards at once.
  const burstFans = quick ? 24 : 76
  const fans = drawnFans + burstFans
  const cachedRounds = quick ? 5 : 20
  const apiRequests = quick ? 40 : 200
  ensureServerBuild(log)
  const database = await createBenchDatabase(DATABASE_NAME)
  const server = await startBenchServer({ databaseUrl: database.url })
  try {
    const { db } = database.handle
    const bracket = await insertBracketTournament(db, {
      name: 'Premier Padel Bench Open',
      ...closedDeadlineValues(),
    })
    const shareIds = createShareIds(BENCH_AUTH_SECRET)
    const paths: string[] = []
    for (let fan = 0; fan < fans; fan += 1) {
      const user = await insertUser(db, {
        username: `bench_fan_${fan}_${randomUUID().slice(0, 4)}`,
      })
      // Each fan picks team 1 or team 2 by a pattern of its own, so the cards differ.
      const { picks, mvpPlayerId } = completeBracket(bracket, (match) =>
        (match.matchNumber + fan) % 3 === 0 ? match.team2Id : match.team1Id,
      )
      const [bet] = await db
        .insert(bets)
        .values({
          userId: user.id,
          tournamentId: bracket.tournament.id,
          amount: 50,
          picks: picks.map((pick) => {
            const match = bracket.matches.find((row) => row.id === pick.matchId)!
            return {
              match_id: pick.matchId,
              team1_id: match.team1Id ?? '',
              team2_id: match.team2Id ?? '',
              predicted_winner_id: pick.winnerTeamId,
            }
          }),
          mvpPlayerId,
        })
        .returning()
      paths.push(`/api/share/${shareIds.shareIdOf(bet!.id)}/image.png`)
    }
    // Half the round of 16 played: the cards carry real counts.
    for (const match of bracket.matches.slice(0, 4)) {
      await db.update(matches).set({ winnerTeamId: match.team1Id }).where(eq(matches.id, match.id))
    }

    const burstPaths = paths.splice(drawnFans)
    // The first drawing also loads the fonts and satori's layout engine: not counted.
    await fetchImage(server.origin, `${paths[0]}?lang=en`)
    // The server's CPU time per request as well: on a busy machine the wall time also counts
    // the waits for a core, the CPU time only the work.
    const uncached: number[] = []
    let cpuAt = server.cpuSeconds()
    for (const path of paths) uncached.push(await fetchImage(server.origin, path))
    const uncachedCpuMs = ((server.cpuSeconds() - cpuAt) * 1000) / uncached.length
    const cached: number[] = []
    cpuAt = server.cpuSeconds()
    for (let round = 0; round < cachedRounds; round += 1) {
      for (const path of paths) cached.push(await fetchImage(server.origin, path))
    }
    const cachedCpuMs = ((server.cpuSeconds() - cpuAt) * 1000) / cached.length
    const uncachedP99 = percentile(uncached, 0.99)
    const cachedP99 = percentile(cached, 0.99)
    log(`uncached ${uncached.length} requests, cached ${cached.length}`)

    const apiPath = `/api/tournaments/${bracket.tournament.id}`
    const quiet = await apiLatencies(server.origin, apiPath, { count: apiRequests })
    const burst = coldBurst(server.origin, burstPaths)
    const during = await apiLatencies(server.origin, apiPath, {
      count: apiRequests,
      until: burst.done,
    })
    const answers = await burst.done
    const quietP99 = percentile(quiet, 0.99)
    const duringP99 = percentile(during, 0.99)
    const answered = [...answers.entries()].map(([status, n]) => `${n} × ${status}`).join(', ')
    log(`burst of ${burstPaths.length} cold cards: ${answered}`)
    return {
      table: [
        row('uncached (drawn)', uncached, uncachedCpuMs),
        row('cached', cached, cachedCpuMs),
        row('API alone', quiet, Number.NaN),
        row(`API during ${burstPaths.length} cold draws`, during, Number.NaN),
      ],
      results: [
        {
          name: 'share-image-burst-api-p99',
          value: duringP99,
          unit: 'ms p99',
          ratio: `${(duringP99 / quietP99).toFixed(2)}× the API alone (${quietP99.toFixed(1)} ms), ${during.length} requests while ${burstPaths.length} cold cards were asked for at once: ${answered}`,
          pass: duringP99 < BURST_API_TARGET_MS,
          target: `API p99 < ${BURST_API_TARGET_MS} ms during the burst`,
        },
        {
          name: 'share-image-uncached',
          value: uncachedP99,
          unit: 'ms p99',
          ratio: `p50 ${percentile(uncached, 0.5).toFixed(1)} ms, server CPU ${uncachedCpuMs.toFixed(1)} ms each, ${uncached.length} images`,
          pass: uncachedP99 < UNCACHED_TARGET_MS,
          target: `p99 < ${UNCACHED_TARGET_MS} ms`,
        },
        {
          name: 'share-image-cached',
          value: cachedP99,
          unit: 'ms p99',
          ratio: `p50 ${percentile(cached, 0.5).toFixed(1)} ms, server CPU ${cachedCpuMs.toFixed(2)} ms each, ${cached.length} requests`,
          pass: cachedP99 < CACHED_TARGET_MS,
          target: `p99 < ${CACHED_TARGET_MS} ms`,
        },
      ],
    }
  } finally {
    await server.stop()
    await database.drop()
  }
}

/**
 * GETs of `path` one after the other: `count` of them, and more while `until` has not settled.
 * Milliseconds each; throws on an answer other than 200.
 */
async function apiLatencies(
  origin: string,
  path: string,
  { count, until }: { count: number; until?: Promise<unknown> },
): Promise<number[]> {
  let settled = until === undefined
  void until?.finally(() => (settled = true))
  const latencies: number[] = []
  while (latencies.length < count || !settled) {
    const startedAt = performance.now()
    const res = await fetch(`${origin}${path}`)
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
    latencies.push(performance.now() - startedAt)
  }
  return latencies
}

/**
 * Every path at once, each from a loopback address of its own (127.0.9.x), as many clients
 * sharing a link would: resolves with how many answers had each status.
 */
function coldBurst(
  origin: string,
  paths: readonly string[],
): { done: Promise<Map<number, number>> } {
  const statuses = paths.map(
    (path, i) =>
      new Promise<number>((resolve, reject) => {
        const localAddress = `127.0.9.${1 + (i % 250)}`
        const request = http.get(new URL(path, origin), { agent: false, localAddress }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        })
        request.on('error', reject)
      }),
  )
  const done = Promise.all(statuses).then((all) => {
    const counts = new Map<number, number>()
    for (const status of all) counts.set(status, (counts.get(status) ?? 0) + 1)
    return counts
  })
  return { done }
}

/** One GET read to the last byte; throws unless it is a PNG. Milliseconds. */
async function fetchImage(origin: string, path: string): Promise<number> {
  const startedAt = performance.now()
  const res = await fetch(`${origin}${path}`)
  const body = Buffer.from(await res.arrayBuffer())
  const elapsed = performance.now() - startedAt
  if (res.status !== 200 || res.headers.get('content-type') !== 'image/png' || body.length < 1000) {
    throw new Error(`${path}: ${res.status} ${res.headers.get('content-type')} ${body.length} B`)
  }
  return elapsed
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!
}

function row(label: string, values: readonly number[], cpuMs: number) {
  return {
    requests: label,
    count: values.length,
    'p50 ms': percentile(values, 0.5).toFixed(1),
    'p99 ms': percentile(values, 0.99).toFixed(1),
    'max ms': Math.max(...values).toFixed(1),
    'server CPU ms': Number.isNaN(cpuMs) ? '—' : cpuMs.toFixed(2),
  }
}
