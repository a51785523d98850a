// `npm run bench -- live`: live fan-out on one server process (PostgreSQL, the built bundle).
// N streams of one tournament are opened as visitors (spread over loopback addresses, at most 20
// per address as the server allows), then results are entered through the admin service in this
// process: each one is a NOTIFY at commit that the server's LISTEN connection fans out. Measured:
// the share of streams that have each event within 1 s of the call, and the server's resident
// memory per open stream. See bench/README.md.
import http from 'node:http'
import { LIVE_STREAMS_PER_VISITOR_ADDRESS } from '#shared/schemas/live'
import { updateMatch } from '#server/features/admin/admin-matches.service'
import { insertUser } from '#tests/factories'
import {
  closedDeadlineValues,
  insertBracketTournament,
  type BracketTournament,
} from '#tests/game-factories'
import { createBenchDatabase } from './lib/bench-database'
import { ensureServerBuild, startBenchServer } from './lib/bench-server'
import type { Benchmark, BenchContext, BenchOutput } from './lib/types'

const DATABASE_NAME = 'gp_bench_live'
const WITHIN_MS = 1_000
const TARGET_SHARE = 99
const RESULTS = 3
const OPEN_CONCURRENCY = 200

export const benchmark: Benchmark = {
  name: 'live',
  description: 'live fan-out: N open streams on one process, a result reaches them within 1 s',
  run: runLiveBenchmark,
}

interface Stream {
  /** When each event arrived (performance.now()), by result number. */
  arrivals: number[]
  request: http.ClientRequest
}

async function runLiveBenchmark({ quick, log }: BenchContext): Promise<BenchOutput> {
  const count = quick ? 500 : 5_000
  ensureServerBuild(log)
  const database = await createBenchDatabase(DATABASE_NAME)
  const server = await startBenchServer({ databaseUrl: database.url })
  const streams: Stream[] = []
  try {
    const { db } = database.handle
    const bracket = await insertBracketTournament(db, closedDeadlineValues())
    const admin = await insertUser(db, { role: 'admin', username: null })
    const rssBefore = server.rssBytes()

    const openedAt = performance.now()
    for (let next = 0; next < count; next += OPEN_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(OPEN_CONCURRENCY, count - next) }, (_, i) =>
        openStream(server.origin, bracket.tournament.id, next + i),
      )
      streams.push(...(await Promise.all(batch)))
    }
    const openSeconds = (performance.now() - openedAt) / 1000
    log(`${count} streams open in ${openSeconds.toFixed(1)} s`)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const rssAfter = server.rssBytes()
    const bytesPerStream = (rssAfter - rssBefore) / count

    const table: Record<string, string | number>[] = []
    let worstShare = 100
    for (let result = 0; result < RESULTS; result += 1) {
      const startedAt = performance.now()
      await enterResult(db, admin.id, bracket, result)
      const committedMs = performance.now() - startedAt
      await new Promise((resolve) => setTimeout(resolve, WITHIN_MS + 500))
      const delays = streams
        .map((stream) => (stream.arrivals[result] ?? Infinity) - startedAt)
        .sort((a, b) => a - b)
      const within = delays.filter((ms) => ms <= WITHIN_MS).length
      const share = (within / count) * 100
      worstShare = Math.min(worstShare, share)
      table.push({
        result: result + 1,
        'commit ms': Math.round(committedMs),
        'p50 ms': Math.round(delays[Math.floor(count * 0.5)]!),
        'p99 ms': Math.round(delays[Math.floor(count * 0.99)]!),
        'max ms': Math.round(delays[count - 1]!),
        'within 1 s': `${within}/${count}`,
      })
    }
    table.push({
      result: 'memory',
      'rss before MB': Math.round(rssBefore / 2 ** 20),
      'rss after MB': Math.round(rssAfter / 2 ** 20),
      'KB per stream': (bytesPerStream / 1024).toFixed(1),
    })
    return {
      table,
      results: [
        {
          name: `live-fanout-${count}`,
          value: worstShare,
          unit: '% within 1 s',
          pass: worstShare >= TARGET_SHARE,
          target: `≥ ${TARGET_SHARE} % of ${count} streams have a new result within 1 s`,
        },
        {
          name: 'live-memory-per-stream',
          value: Math.round(bytesPerStream / 1024),
          unit: 'KB',
          pass: true,
          target: 'reported (server RSS growth / open streams)',
        },
      ],
    }
  } finally {
    for (const stream of streams) stream.request.destroy()
    await server.stop()
    await database.drop()
  }
}

/** A visitor's stream from its own loopback address (the server allows 20 per address). */
function openStream(origin: string, tournamentId: string, index: number): Promise<Stream> {
  const address = Math.floor(index / LIVE_STREAMS_PER_VISITOR_ADDRESS)
  const localAddress = `127.0.${1 + Math.floor(address / 250)}.${1 + (address % 250)}`
  const url = new URL(`/api/tournaments/${tournamentId}/live`, origin)
  return new Promise((resolve, reject) => {
    const stream: Stream = { arrivals: [], request: undefined as unknown as http.ClientRequest }
    stream.request = http.get(url, { agent: false, localAddress }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream ${index}: ${res.statusCode}`))
        res.resume()
        return
      }
      res.setEncoding('utf8')
      let opened = false
      res.on('data', (chunk: string) => {
        const now = performance.now()
        if (!opened && chunk.includes(': live')) {
          opened = true
          resolve(stream)
        }
        for (const _ of chunk.matchAll(/event: result/g)) stream.arrivals.push(now)
      })
    })
    stream.request.on('error', reject)
  })
}

/** Result number `n`: the first match's winner, alternating, as an admin would correct it. */
async function enterResult(
  db: Parameters<typeof updateMatch>[0],
  actorId: string,
  bracket: BracketTournament,
  n: number,
) {
  const match = bracket.matches[0]!
  await updateMatch(db, {
    actorId,
    id: match.id,
    input: {
      tournamentId: bracket.tournament.id,
      round: match.round,
      matchNumber: match.matchNumber,
      team1Id: match.team1Id,
      team2Id: match.team2Id,
      winnerTeamId: n % 2 === 0 ? match.team1Id : match.team2Id,
    },
  })
}
