// The soak (issue #6 item 7): mixed traffic at a steady rate against the real server — browse
// tournaments, open one, bet, the leaderboard, the profile — for 10 minutes with --full (a short
// smoke run otherwise). No request may fail, and the server's resident memory, sampled from
// /proc, may not grow by 50 MB or more after the warm-up. Latency percentiles are reported.
import { randomInt } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import type { Database, DatabaseHandle } from '#server/db/client'
import { betBody, type BracketTournament } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { BULK_PASSWORD, insertBulkUsers, insertOpenTournament } from './support/bulk-fixtures'
import { send, signInAll, type HttpAnswer, type Session } from '#tests/http-client'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import { createServerPglite, createServerPostgres } from '#tests/server-database'
import type { ServerProcess } from '#tests/server-process'
import { startReliabilityServer, type ReliabilityServerOptions } from './support/reliability-server'
import { isFull, size } from './support/sizes'

const DURATION_MS = size(20_000, 600_000)
const WARM_UP_MS = size(5_000, 60_000)
const REQUESTS_PER_SECOND = 30
const SAMPLE_EVERY_MS = size(1_000, 5_000)
const MAX_GROWTH_BYTES = 50 * 1024 * 1024
const USERS = 100
const TOURNAMENTS = size(5, 30)
const TICK_MS = 100
// Beyond the traffic itself: a new database, 100 sign-ins, the stop and the audit.
const SETUP_ALLOWANCE_MS = 300_000

type Route = 'list' | 'detail' | 'bet' | 'leaderboard' | 'me'
// Mostly reads, as on the real site; one request in ten places a bet.
const MIX: [Route, number][] = [
  ['list', 35],
  ['detail', 20],
  ['leaderboard', 20],
  ['me', 15],
  ['bet', 10],
]

interface SoakDatabase {
  server: ReliabilityServerOptions
  /** Fixtures before the server starts (PGlite: the folder is free only then). */
  prepare(use: (db: Database) => Promise<void>): Promise<void>
  /** The ledger audit once the server has stopped. */
  audit(): Promise<void>
  remove(): Promise<void>
}

async function openSoakDatabase(kind: DatabaseHandle['kind']): Promise<SoakDatabase> {
  const withHandle = async (
    open: () => Promise<DatabaseHandle>,
    use: (db: Database) => Promise<void>,
  ) => {
    const handle = await open()
    try {
      await use(handle.db)
    } finally {
      await handle.close()
    }
  }
  if (kind === 'postgres') {
    const database = await createServerPostgres()
    return {
      server: { databaseUrl: database.url },
      prepare: (use) => use(database.handle.db),
      audit: async () => void (await expectLedgerAudit(database.handle.db)),
      remove: () => database.drop(),
    }
  }
  const folder = createServerPglite()
  return {
    server: { dataDir: folder.dataDir },
    prepare: (use) => withHandle(() => folder.open(), use),
    audit: () =>
      withHandle(
        () => folder.open(),
        async (db) => void (await expectLedgerAudit(db)),
      ),
    remove: async () => folder.remove(),
  }
}

const kinds: DatabaseHandle['kind'][] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

describe.each(kinds)('the soak on %s', (kind) => {
  let database: SoakDatabase | undefined
  let server: ServerProcess | undefined
  afterAll(async () => {
    await server?.kill9()
    await database?.remove()
  })

  it(
    `serves mixed traffic for ${DURATION_MS / 1000} s without errors or memory growth`,
    async () => {
      database = await openSoakDatabase(kind)
      const brackets: BracketTournament[] = []
      let emails: string[] = []
      await database.prepare(async (db) => {
        emails = (
          await insertBulkUsers(db, { prefix: 'soak', count: USERS, withPassword: true })
        ).map((row) => row.email)
        for (let i = 0; i < TOURNAMENTS; i++) brackets.push(await insertOpenTournament(db))
      })
      server = await startReliabilityServer(database.server)
      const sessions = await signInAll(server.origin, emails, BULK_PASSWORD)

      const result = await runSoak(server, sessions, brackets)
      const { code } = await server.terminate()
      expect(code, server.output()).toBe(0)
      await database.audit()

      console.info(`[soak] ${kind}, ${isFull ? 'full' : 'standard'} size`, {
        seconds: DURATION_MS / 1000,
        requests: result.requests,
        betsPlaced: result.betsPlaced,
        errors: result.errors.length,
        p50Ms: percentile(result.latencies, 50),
        p99Ms: percentile(result.latencies, 99),
        p99ByRouteMs: Object.fromEntries(
          [...result.latenciesByRoute].map(([route, list]) => [route, percentile(list, 99)]),
        ),
        rssAfterWarmUpMb: toMb(result.rssAfterWarmUp),
        rssMaxMb: toMb(Math.max(...result.rssSamples)),
        rssEndMb: toMb(result.rssEnd),
        growthMb: toMb(result.rssEnd - result.rssAfterWarmUp),
      })
      expect(result.errors.slice(0, 10)).toEqual([])
      expect(result.rssEnd - result.rssAfterWarmUp).toBeLessThan(MAX_GROWTH_BYTES)
    },
    DURATION_MS + SETUP_ALLOWANCE_MS,
  )
})

interface SoakResult {
  requests: number
  betsPlaced: number
  errors: string[]
  latencies: number[]
  latenciesByRoute: Map<Route, number[]>
  rssSamples: number[]
  rssAfterWarmUp: number
  rssEnd: number
}

/** Fires REQUESTS_PER_SECOND requests every second (open loop) and samples the server's RSS. */
async function runSoak(
  server: ServerProcess,
  sessions: readonly Session[],
  brackets: readonly BracketTournament[],
): Promise<SoakResult> {
  // Every (user, tournament) pair bets once; the pairs are handed out in a shuffled order.
  const betPairs = brackets.flatMap((bracket) => sessions.map((session) => ({ session, bracket })))
  betPairs.sort(() => Math.random() - 0.5)
  const result: SoakResult = {
    requests: 0,
    betsPlaced: 0,
    errors: [],
    latencies: [],
    latenciesByRoute: new Map(),
    rssSamples: [],
    rssAfterWarmUp: 0,
    rssEnd: 0,
  }
  const inFlight = new Set<Promise<void>>()
  const startedAt = performance.now()
  let nextSampleAt = 0
  let fired = 0

  while (performance.now() - startedAt < DURATION_MS) {
    const elapsed = performance.now() - startedAt
    const due = Math.floor((elapsed / 1000) * REQUESTS_PER_SECOND)
    for (; fired < due; fired++) {
      const request = sendOne(server.origin, sessions, brackets, betPairs, result)
      inFlight.add(request)
      void request.finally(() => inFlight.delete(request))
    }
    if (elapsed >= nextSampleAt) {
      const rss = server.rssBytes()
      result.rssSamples.push(rss)
      // The baseline: the highest sample of the warm-up, once the heap has settled in.
      if (elapsed < WARM_UP_MS) result.rssAfterWarmUp = Math.max(result.rssAfterWarmUp, rss)
      nextSampleAt += SAMPLE_EVERY_MS
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS))
  }
  await Promise.all(inFlight)
  // The end: the mean of the last few samples, so one garbage-collection peak does not count.
  const tail = result.rssSamples.slice(-3)
  result.rssEnd = tail.reduce((sum, value) => sum + value, 0) / tail.length
  return result
}

async function sendOne(
  origin: string,
  sessions: readonly Session[],
  brackets: readonly BracketTournament[],
  betPairs: { session: Session; bracket: BracketTournament }[],
  result: SoakResult,
): Promise<void> {
  const session = sessions[randomInt(0, sessions.length)]!
  const bracket = brackets[randomInt(0, brackets.length)]!
  let route = pickRoute()
  const pair = route === 'bet' ? betPairs.pop() : undefined
  if (route === 'bet' && !pair) route = 'list'
  let answer: HttpAnswer
  switch (route) {
    case 'list':
      answer = await send(origin, '/api/tournaments', { cookie: session.cookie })
      break
    case 'detail':
      answer = await send(origin, `/api/tournaments/${bracket.tournament.id}`, {
        cookie: session.cookie,
      })
      break
    case 'leaderboard':
      answer = await send(origin, '/api/leaderboard', { cookie: session.cookie })
      break
    case 'me':
      answer = await send(origin, '/api/me', { cookie: session.cookie })
      break
    case 'bet':
      answer = await send(origin, `/api/tournaments/${pair!.bracket.tournament.id}/bets`, {
        method: 'POST',
        json: betBody(pair!.bracket),
        cookie: pair!.session.cookie,
      })
      if (answer.status === 201) result.betsPlaced += 1
      break
  }
  result.requests += 1
  result.latencies.push(answer.ms)
  const list = result.latenciesByRoute.get(route) ?? []
  list.push(answer.ms)
  result.latenciesByRoute.set(route, list)
  const expected = route === 'bet' ? 201 : 200
  if (answer.status !== expected) {
    result.errors.push(`${route} ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`)
  }
}

function pickRoute(): Route {
  let draw = randomInt(0, 100)
  for (const [route, weight] of MIX) {
    if (draw < weight) return route
    draw -= weight
  }
  return 'list'
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!)
}

function toMb(bytes: number): number {
  return Math.round((bytes / 1024 / 1024) * 10) / 10
}
