// The bet path as the benchmarks drive it (bets.bench.ts, curves.bench.ts, guard.ts): users with
// minted session cookies, the wizard's bet sent over HTTP from N connections to one or more server
// processes, CPU per bet split between the database, the server and this process; and the
// benchmark's own PostgreSQL databases, created and dropped.
import { sql } from 'drizzle-orm'
import { SESSION_CACHE_SECONDS } from '#server/auth/auth'
import { createPostgresPool, wrapPostgresPool, type Database } from '#server/db/client'
import { migrateDatabase } from '#server/db/migrate'
import { runAdminStatement } from '#tests/postgres-admin'
import {
  BENCH_AUTH_SECRET,
  sessionCookieNamesFor,
  startBenchServer,
  type BenchServer,
} from './bench-server'
import { insertBenchTournament, type BenchTournament } from './bracket-bets'
import type { LoadStats } from './closed-loop'
import { measureDatabaseCpu } from './database-cpu'
import { runHttpLoad } from './http-load'
import {
  checkSessionAccepted,
  insertSignedInUsers,
  signedInCookies,
  type SessionCookieNames,
  type SignedInUser,
} from './sessions'
import type { BenchContext } from './types'

export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
// PostgreSQL connections per server process. Commits wait for fsync, so the money path needs
// many transactions in flight to share each flush (group commit): the default 10 caps a process
// at ten bets per flush. Two processes at 32 match the 64 clients of the direct baseline.
export const SERVER_POOL_MAX = 32

export interface Users {
  signedIn: SignedInUser[]
  cookieNames: SessionCookieNames
}

/** Cookies of user n, minted now: a session cache minted much earlier could have expired. */
export function cookiesOf(users: Users, index: number): string | undefined {
  const signedIn = users.signedIn[index]
  if (!signedIn) return undefined
  return signedInCookies(users.cookieNames, signedIn, BENCH_AUTH_SECRET, SESSION_CACHE_SECONDS)
}

/**
 * Every user's cookies, minted before a load starts (a phase lasts seconds, the session cache
 * minutes), as browsers hold theirs: minting two HMACs per request inside the load would take
 * CPU from the server under test on the same cores.
 */
function mintAllCookies(users: Users): string[] {
  return users.signedIn.map((_, index) => cookiesOf(users, index)!)
}

/** CPU time of this process (the load generator) in ms, user + system. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

/**
 * Inserts the users plus one more, the probe: its session row has expired and it places a bet
 * anyway, which proves the server takes the minted session cache rather than reading the row.
 */
export async function insertUsers(
  db: Database,
  count: number,
  prefix: string,
  names: SessionCookieNames,
) {
  const signedIn = await insertSignedInUsers(db, { count: count + 1, prefix })
  const probe = signedIn.pop()!
  // Its row says "expired" (a deleted row would be a revoked session, refused even from the
  // cache: decision 066); the minted cache still says valid, so only the cache lets it through.
  await db.execute(
    sql`update "session" set expires_at = now() - interval '1 minute' where user_id = ${probe.user.id}`,
  )
  return {
    users: { signedIn, cookieNames: names },
    probe: { signedIn: [probe], cookieNames: names },
  }
}

export async function checkMintedCookies(
  server: BenchServer,
  users: Users,
  probe: Users,
  tournament: BenchTournament,
) {
  await checkSessionAccepted(server.origin, cookiesOf(users, 0)!)
  const response = await fetch(`${server.origin}/api/tournaments/${tournament.id}/bets`, {
    method: 'POST',
    headers: {
      cookie: cookiesOf(probe, 0)!,
      'content-type': 'application/json',
      origin: server.origin,
    },
    body: tournament.bodies[0],
  })
  if (response.status !== 201) {
    throw new Error(`the minted session cache was refused: a bet answered ${response.status}`)
  }
}

export interface DatabaseMeter {
  /** The PostgreSQL database whose backends' CPU counts as the database's share. */
  database: string
}

export interface BetStats extends LoadStats {
  /** This process's CPU time per request: the load generator's share of the cores. */
  clientCpuMsPerRequest: number
  /** The database backends' CPU time per request (NaN on PGlite, inside the server). */
  databaseCpuMsPerRequest: number
}

export interface HttpBetStats extends BetStats {
  /** Server CPU time per request, all processes together: the figure least moved by other load. */
  serverCpuMsPerRequest: number
}

export interface BetLoad {
  connections: number
  durationMs: number
  meter?: DatabaseMeter
}

/** User n bets on the tournament with bracket variant n mod 16; ends when every user has bet. */
export async function placeBetsOverHttp(
  servers: BenchServer[],
  tournament: BenchTournament,
  users: Users,
  { connections, durationMs, meter }: BetLoad,
): Promise<HttpBetStats> {
  const path = `/api/tournaments/${tournament.id}/bets`
  const serverCpu = () => servers.reduce((sum, server) => sum + server.cpuSeconds(), 0)
  const cookies = mintAllCookies(users)
  const databaseCpu = meter ? await measureDatabaseCpu(POSTGRES_ADMIN_URL, meter.database) : null
  const cpuBefore = serverCpu()
  const clientCpuBefore = ownCpuMs()
  const stats = await runHttpLoad({
    origins: servers.map((server) => server.origin),
    connections,
    durationMs,
    buildRequest: (index, origin) => {
      const cookie = cookies[index]
      if (cookie === undefined) return null
      return {
        method: 'POST',
        path,
        headers: {
          cookie,
          'content-type': 'application/json',
          origin,
        },
        body: tournament.bodies[index % tournament.bodies.length]!,
      }
    },
  })
  const clientCpuMsPerRequest = (ownCpuMs() - clientCpuBefore) / stats.operations
  const serverCpuMsPerRequest = ((serverCpu() - cpuBefore) * 1000) / stats.operations
  const databaseCpuMsPerRequest = databaseCpu
    ? ((await databaseCpu.stop()) * 1000) / stats.operations
    : Number.NaN
  return { ...stats, serverCpuMsPerRequest, clientCpuMsPerRequest, databaseCpuMsPerRequest }
}

export interface OneProcessRun {
  log: BenchContext['log']
  warmUpMs: number
  measured: BetLoad
  users: Users
  label: string
}

/** One server process: a warm-up on one tournament, then the measured load on another. */
export async function oneProcess(
  options: Parameters<typeof startBenchServer>[0],
  { log, warmUpMs, measured, users, label }: OneProcessRun,
  prepare: (server: BenchServer) => Promise<{ warmUp: BenchTournament; measured: BenchTournament }>,
): Promise<HttpBetStats> {
  const server = await startBenchServer(options)
  try {
    const tournaments = await prepare(server)
    log(`${label}: warm-up ${warmUpMs} ms, then ${measured.durationMs} ms`)
    const warmUpLoad = { connections: measured.connections, durationMs: warmUpMs }
    await placeBetsOverHttp([server], tournaments.warmUp, users, warmUpLoad)
    return await placeBetsOverHttp([server], tournaments.measured, users, measured)
  } finally {
    await server.stop()
  }
}

export function placedPerSecond(stats: LoadStats, placedOutcome: string): number {
  return ((stats.outcomes[placedOutcome] ?? 0) / stats.durationMs) * 1000
}

export function tableRow(variant: string, stats: BetStats | HttpBetStats, placedOutcome: string) {
  return {
    variant,
    'bets/s': Math.round(placedPerSecond(stats, placedOutcome)),
    'p50 ms': Number(stats.p50Ms.toFixed(1)),
    'p99 ms': Number(stats.p99Ms.toFixed(1)),
    'max ms': Number(stats.maxMs.toFixed(1)),
    requests: stats.operations,
    'db CPU ms/req': Number.isNaN(stats.databaseCpuMsPerRequest)
      ? ''
      : Number(stats.databaseCpuMsPerRequest.toFixed(2)),
    'server CPU ms/req':
      'serverCpuMsPerRequest' in stats ? Number(stats.serverCpuMsPerRequest.toFixed(2)) : '',
    'client CPU ms/req': Number(stats.clientCpuMsPerRequest.toFixed(2)),
    outcomes: JSON.stringify(stats.outcomes),
  }
}

/** An empty database of the benchmark's own, by name (dropped first if a run left it behind). */
export async function recreateDatabase(name: string): Promise<string> {
  await dropDatabase(name)
  await runAdminStatement(POSTGRES_ADMIN_URL, `create database "${name}"`)
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}

export async function dropDatabase(name: string): Promise<void> {
  await runAdminStatement(POSTGRES_ADMIN_URL, `drop database if exists "${name}" with (force)`)
}

const SETUP_CONNECTIONS = 8
const DEPOSIT_SLICE = 10_000

export interface BetDatabase {
  databaseUrl: string
  meter: DatabaseMeter
  /** For loading and the audit: few connections, closed with the database. */
  handle: ReturnType<typeof wrapPostgresPool>
  users: Users
  /** A user whose session row has expired: see insertUsers. */
  probe: Users
  newTournament: (name: string) => Promise<BenchTournament>
  /** `vacuum analyze`, once the tournaments are in: the planner's figures for the measured load. */
  analyze: () => Promise<void>
  /** Closes the pool and drops the database. */
  drop: () => Promise<void>
}

/** A migrated database of the benchmark's own with `userCount` signed-in users, analysed. */
export async function createBetDatabase(
  name: string,
  userCount: number,
  log: BenchContext['log'],
): Promise<BetDatabase> {
  const databaseUrl = await recreateDatabase(name)
  const pool = createPostgresPool(databaseUrl, SETUP_CONNECTIONS)
  const handle = wrapPostgresPool(pool)
  const drop = async () => {
    await handle.close()
    await dropDatabase(name)
  }
  try {
    await migrateDatabase(handle)
    const startedAt = performance.now()
    const names = sessionCookieNamesFor({ databaseUrl })
    const { users, probe } = await insertUsers(handle.db, userCount, 'b', names)
    // The welcome bonus pays for 20 bets at the default fee; every phase starts again at the
    // first users, and with the metrics A/B's eight rounds they ran dry (402 in the last rounds).
    // In slices of wallets: 100,000 in one statement outlasted the 15 s statement timeout at load
    // 22 (29 Nov).
    const { rows } = await pool.query<{ id: string }>(`select id from wallets order by id`)
    for (let start = 0; start < rows.length; start += DEPOSIT_SLICE) {
      const ids = rows.slice(start, start + DEPOSIT_SLICE).map((row) => row.id)
      await pool.query(
        `with deposits as (
           insert into wallet_transactions (wallet_id, type, amount, description)
           select id, 'deposit', 100000, 'Bench deposit' from wallets where id = any($1::uuid[])
           returning wallet_id, amount)
         update wallets w set balance = w.balance + d.amount, updated_at = now()
           from deposits d where w.id = d.wallet_id`,
        [ids],
      )
    }
    log(`${userCount} users with sessions in ${Math.round(performance.now() - startedAt)} ms`)
    return {
      databaseUrl,
      meter: { database: name },
      handle,
      users,
      probe,
      newTournament: (tournament) => insertBenchTournament(handle.db, tournament),
      analyze: async () => void (await pool.query('vacuum analyze')),
      drop,
    }
  } catch (error) {
    await drop()
    throw error
  }
}
