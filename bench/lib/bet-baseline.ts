// The bet path against an older build in one run (BENCH_BASELINE_BUNDLE in bets.bench.ts, and the
// guard): the same one-process HTTP load on each build, in rounds ordered A B B A (ab-rounds.ts).
import { createPostgresPool, wrapPostgresPool } from '#server/db/client'
import { sessionCookieNamesFor, startBenchServer } from './bench-server'
import { abbaRounds } from './ab-rounds'
import { insertBenchTournament, type BenchTournament } from './bracket-bets'
import {
  dropDatabase,
  insertUsers,
  placeBetsOverHttp,
  placedPerSecond,
  recreateDatabase,
  SERVER_POOL_MAX,
  tableRow,
  type DatabaseMeter,
  type Users,
} from './bet-load'
import type { BenchContext } from './types'

const BASELINE_DATABASE_NAME = 'gp_bench_bets_baseline'
const SETUP_CONNECTIONS = 8

export interface BetBaselineComparison {
  log: BenchContext['log']
  rounds: number
  connections: number
  users: number
  warmUpMs: number
  measureMs: number
  /** One unmeasured round of both builds before the measured ones (the guard). */
  warmUpRound?: boolean
  current: {
    databaseUrl: string
    users: Users
    meter: DatabaseMeter
    newTournament: (name: string) => Promise<BenchTournament>
  }
}

/**
 * The baseline build and this one, `rounds` times each, each round on fresh tournaments after its
 * own warm-up. The baseline runs on a database its own start-up migrated (its schema may be older
 * than this one's), loaded with as many users. Answers each round's placed bets per second and
 * CPU per bet (server + database): the figure a loaded machine moves least.
 */
export async function compareBetsWithBaseline(bundle: string, ab: BetBaselineComparison) {
  const baseUrl = await recreateDatabase(BASELINE_DATABASE_NAME)
  const migrating = await startBenchServer({ databaseUrl: baseUrl, bundle })
  await migrating.stop()
  const basePool = createPostgresPool(baseUrl, SETUP_CONNECTIONS)
  const base = wrapPostgresPool(basePool)
  try {
    const names = sessionCookieNamesFor({ databaseUrl: baseUrl })
    const { users } = await insertUsers(base.db, ab.users, 'a', names)
    await basePool.query('vacuum analyze')
    const builds = {
      baseline: {
        start: () => startBenchServer({ databaseUrl: baseUrl, poolMax: SERVER_POOL_MAX, bundle }),
        users,
        meter: { database: BASELINE_DATABASE_NAME },
        newTournament: (name: string) => insertBenchTournament(base.db, name),
      },
      current: {
        start: () =>
          startBenchServer({ databaseUrl: ab.current.databaseUrl, poolMax: SERVER_POOL_MAX }),
        ...ab.current,
      },
    }
    const rates = { baseline: [] as number[], current: [] as number[] }
    const cpuMsPerBet = { baseline: [] as number[], current: [] as number[] }
    const table: ReturnType<typeof tableRow>[] = []
    const rounds = abbaRounds<keyof typeof builds>('baseline', 'current', ab.rounds, {
      warmUp: ab.warmUpRound,
    })
    for (const { round, variants, measured: isMeasured } of rounds) {
      for (const name of variants) {
        const build = builds[name]
        ab.log(`A/B ${isMeasured ? `round ${round}` : 'warm-up round'}: ${name} build`)
        const server = await build.start()
        try {
          const warmUp = await build.newTournament(`A/B warm-up ${name} ${round}`)
          const load = { connections: ab.connections, durationMs: ab.warmUpMs }
          await placeBetsOverHttp([server], warmUp, build.users, load)
          const measured = await build.newTournament(`A/B ${name} ${round}`)
          const stats = await placeBetsOverHttp([server], measured, build.users, {
            ...load,
            durationMs: ab.measureMs,
            meter: build.meter,
          })
          if (!isMeasured) continue
          rates[name].push(placedPerSecond(stats, '201'))
          cpuMsPerBet[name].push(stats.serverCpuMsPerRequest + stats.databaseCpuMsPerRequest)
          table.push(tableRow(`A/B ${name} build, round ${round}`, stats, '201'))
        } finally {
          await server.stop()
        }
      }
    }
    return { table, rates, cpuMsPerBet }
  } finally {
    await base.close()
    await dropDatabase(BASELINE_DATABASE_NAME)
  }
}
