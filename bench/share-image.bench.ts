// `npm run bench -- share-image`: the share image over HTTP on one server process (PostgreSQL, the
// built bundle). N fans' brackets on a tournament past its deadline with some results in; each
// share image is fetched once (drawn: satori + resvg) and then again many times (from the
// process's cache). Requests go one at a time, so each latency is the request's own, not a queue.
// See bench/README.md ("Share images") and docs/decisions/104.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { bets, matches } from '#server/db/schema'
import { createShareIds } from '#server/features/share/share-id'
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

export const benchmark: Benchmark = {
  name: 'share-image',
  description: 'share image: 1200×630 PNG drawn on the server, p99 uncached and cached',
  run: runShareImageBenchmark,
}

async function runShareImageBenchmark({ quick, log }: BenchContext): Promise<BenchOutput> {
  const fans = quick ? 12 : 60
  const cachedRounds = quick ? 5 : 20
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
    return {
      table: [row('uncached (drawn)', uncached, uncachedCpuMs), row('cached', cached, cachedCpuMs)],
      results: [
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
    'server CPU ms': cpuMs.toFixed(2),
  }
}
