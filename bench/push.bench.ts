// `npm run bench -- push`: a result in a tournament whose entrants each have a device. The result
// is entered through the admin service in this process; the server (the built bundle, one
// process on PostgreSQL) writes the fan-out and sends every push to a push service of this
// process on loopback, which answers 201 at once and counts what each device got (the
// encryption and VAPID checks are the integration tests' job, tests/push-endpoint.ts). Measured:
// pushes/s from the result to the last delivery, server CPU per push, its memory while the
// outbox drains, every device served exactly once, and the p99 of bets on another tournament
// meanwhile against the same bets with nothing to send. See bench/README.md.
import { createECDH, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import webpush from 'web-push'
import { SESSION_CACHE_SECONDS } from '#server/auth/auth'
import { updateMatch } from '#server/features/admin/admin-matches.service'
import { defaultPrizePoolConfig, insertUser } from '#tests/factories'
import { closedDeadlineValues, insertBracketTournament } from '#tests/game-factories'
import { createBenchDatabase } from './lib/bench-database'
import { insertBenchTournament, type BenchTournament } from './lib/bracket-bets'
import { insertBulkBets, insertBulkUsers, vacuumAndCheckpoint } from './lib/bulk-data'
import { runHttpLoad } from './lib/http-load'
import {
  BENCH_AUTH_SECRET,
  ensureServerBuild,
  sessionCookieNamesFor,
  startBenchServer,
  type BenchServer,
} from './lib/bench-server'
import { randomBrackets } from './lib/random-brackets'
import { checkSessionAccepted, insertSignedInUsers, signedInCookies } from './lib/sessions'
import type { Benchmark, BenchContext, BenchOutput } from './lib/types'

const DATABASE_NAME = 'gp_bench_push'
const TARGET_RATE = 1_000
const TARGET_BETS_P99_MS = 100
const BET_CONNECTIONS = 16
const BETS_ALONE_MS = 10_000
const MEMORY_SAMPLE_MS = 250
// Memory is flat when the process holds no more at the end of the drain than a quarter in.
const FLAT_MEMORY_GROWTH = 1.2

export const benchmark: Benchmark = {
  name: 'push',
  description: 'a result pushed to every entrant: pushes/s, CPU per push, memory, bets meanwhile',
  run: runPushBenchmark,
}

interface LocalService {
  origin: string
  /** Pushes each device got, by device number (1…n). */
  received: Uint16Array
  total(): number
  close(): Promise<void>
}

async function startCountingPushService(devices: number): Promise<LocalService> {
  const received = new Uint16Array(devices + 1)
  let total = 0
  const server = http.createServer((req, res) => {
    const device = Number(/^\/push\/(\d+)$/.exec(req.url ?? '')?.[1])
    req.resume()
    req.on('end', () => {
      if (req.method !== 'POST' || !(device >= 1 && device <= devices)) {
        res.writeHead(404).end()
        return
      }
      received[device]! += 1
      total += 1
      res.writeHead(201).end()
    })
  })
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    total: () => total,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

async function runPushBenchmark({ quick, log }: BenchContext): Promise<BenchOutput> {
  const fans = quick ? 5_000 : 100_000
  ensureServerBuild(log)
  const database = await createBenchDatabase(DATABASE_NAME)
  const service = await startCountingPushService(fans)
  let server: BenchServer | undefined
  try {
    const { db } = database.handle
    const admin = await insertUser(db, { role: 'admin' })
    const bettors = await insertSignedInUsers(db, { count: 20_000, prefix: 'pb' })
    const users = { prefix: 'pf', count: fans }
    await insertBulkUsers(database.loader, users)
    const bracket = await insertBracketTournament(db, {
      name: 'Bench push',
      ...closedDeadlineValues(),
      prizePoolConfig: { ...defaultPrizePoolConfig, max_participants: fans },
    })
    await insertBulkBets(database.loader, {
      users,
      tournamentId: bracket.tournament.id,
      fee: defaultPrizePoolConfig.entry_fee,
      brackets: randomBrackets(bracket, 16),
    })
    await insertDevices(database.loader, users.prefix, fans, service.origin)
    const alone = await insertBenchTournament(db, 'Bench bets, nothing to push')
    const during = await insertBenchTournament(db, 'Bench bets while pushing')
    await vacuumAndCheckpoint(database.loader)
    log(`${fans} fans with a bracket and a device`)

    const keys = webpush.generateVAPIDKeys()
    server = await startBenchServer({
      databaseUrl: database.url,
      env: {
        PUSH_ENABLED: 'true',
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:bench@golden-point.invalid',
      },
    })
    const names = sessionCookieNamesFor({ databaseUrl: database.url })
    const cookies = bettors.map(
      (user) => () => signedInCookies(names, user, BENCH_AUTH_SECRET, SESSION_CACHE_SECONDS),
    )
    await checkSessionAccepted(server.origin, cookies[0]!())
    const half = Math.floor(cookies.length / 2)

    log(`bets with nothing to push: ${BET_CONNECTIONS} connections for ${BETS_ALONE_MS} ms`)
    const betsAlone = await placeBets(
      server.origin,
      alone,
      cookies.slice(0, half),
      () => false,
      BETS_ALONE_MS,
    )

    log('the result, then every push delivered while bets arrive')
    const match = bracket.matches[0]!
    const cpuBefore = server.cpuSeconds()
    const startedAt = performance.now()
    await updateMatch(db, {
      actorId: admin.id,
      id: match.id,
      input: {
        tournamentId: bracket.tournament.id,
        round: match.round,
        matchNumber: match.matchNumber,
        team1Id: match.team1Id,
        team2Id: match.team2Id,
        winnerTeamId: match.team1Id,
      },
    })
    const memory: Array<{ delivered: number; rss: number }> = []
    const sampler = setInterval(() => {
      memory.push({ delivered: service.total(), rss: server!.rssBytes() })
    }, MEMORY_SAMPLE_MS)
    let drainedAt = Number.POSITIVE_INFINITY
    const betsDuring = placeBets(
      server.origin,
      during,
      cookies.slice(half),
      () => service.total() >= fans,
      30 * 60_000,
    )
    while (service.total() < fans) await new Promise((resolve) => setTimeout(resolve, 20))
    drainedAt = performance.now()
    clearInterval(sampler)
    const cpuSeconds = server.cpuSeconds() - cpuBefore
    const bets = await betsDuring
    // A few more polls: anything sent twice would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 3_000))

    const seconds = (drainedAt - startedAt) / 1000
    const rate = fans / seconds
    const twice = service.received.reduce((sum, count) => sum + (count > 1 ? count - 1 : 0), 0)
    const missed = service.received.slice(1).filter((count) => count === 0).length
    const quarter = memory.find((sample) => sample.delivered >= fans / 4) ?? memory[0]
    const last = memory.at(-1)
    const growth = quarter && last ? last.rss / quarter.rss : 1
    const mib = (bytes: number | undefined) => ((bytes ?? 0) / 2 ** 20).toFixed(0)
    return {
      table: [
        {
          phase: 'bets, nothing to push',
          'bets/s': betsAlone.perSecond.toFixed(0),
          'p99 ms': betsAlone.p99Ms.toFixed(1),
        },
        {
          phase: 'bets while pushing',
          'bets/s': bets.perSecond.toFixed(0),
          'p99 ms': bets.p99Ms.toFixed(1),
        },
        {
          phase: 'pushes',
          'pushes/s': rate.toFixed(0),
          'CPU ms/push': ((cpuSeconds * 1000) / fans).toFixed(2),
          'RSS MiB at 25 % / end': `${mib(quarter?.rss)} / ${mib(last?.rss)}`,
        },
      ],
      results: [
        {
          name: 'push-fanout',
          value: Math.round(rate),
          unit: 'pushes/s',
          ratio: `${fans} devices in ${seconds.toFixed(1)} s, ${((cpuSeconds * 1000) / fans).toFixed(2)} ms of server CPU each, ${missed} missed, ${twice} twice`,
          pass: rate >= TARGET_RATE && missed === 0 && twice === 0,
          target: `≥ ${TARGET_RATE.toLocaleString('en')} pushes/s per process, each device once`,
        },
        {
          name: 'push-memory',
          value: Number(growth.toFixed(2)),
          unit: '× RSS from a quarter in to the end',
          ratio: `${mib(quarter?.rss)} → ${mib(last?.rss)} MiB`,
          pass: growth <= FLAT_MEMORY_GROWTH,
          target: `flat while the outbox drains (≤ ${FLAT_MEMORY_GROWTH}×)`,
        },
        {
          name: 'push-bets-meanwhile',
          value: Number(bets.p99Ms.toFixed(1)),
          unit: 'ms p99',
          ratio: `${(bets.p99Ms / betsAlone.p99Ms).toFixed(2)}× the p99 with nothing to push (${betsAlone.p99Ms.toFixed(1)} ms)`,
          pass: bets.p99Ms < TARGET_BETS_P99_MS,
          target: `bets on another tournament p99 < ${TARGET_BETS_P99_MS} ms meanwhile`,
        },
      ],
    }
  } finally {
    await server?.stop()
    await service.close()
    await database.drop()
  }
}

/** A device per fan `<prefix>n`, its endpoint `/push/n` at the local service; one key pair for all. */
async function insertDevices(
  pool: Parameters<typeof insertBulkUsers>[0],
  prefix: string,
  count: number,
  origin: string,
): Promise<void> {
  const ecdh = createECDH('prime256v1')
  const p256dh = ecdh.generateKeys().toString('base64url')
  const auth = randomBytes(16).toString('base64url')
  await pool.query(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth)
     select $1 || g, $2 || '/push/' || g, $3, $4 from generate_series(1, $5::integer) g`,
    [prefix, origin, p256dh, auth, count],
  )
}

/** Closed-loop bets on `tournament`, one per user, until `shouldStop` or `durationMs`. */
function placeBets(
  origin: string,
  tournament: BenchTournament,
  cookies: Array<() => string>,
  shouldStop: () => boolean,
  durationMs: number,
) {
  return runHttpLoad({
    origins: [origin],
    connections: BET_CONNECTIONS,
    durationMs,
    buildRequest: (index) => {
      if (index >= cookies.length || shouldStop()) return null
      return {
        method: 'POST',
        path: `/api/tournaments/${tournament.id}/bets`,
        headers: { 'content-type': 'application/json', cookie: cookies[index]!(), origin },
        body: tournament.bodies[index % tournament.bodies.length]!,
      }
    },
  })
}
