// `npm run bench -- --guard [--guard-base <rev>]`: before a merge, the bet, standings and
// settlement paths at small sizes against an older commit's build (default HEAD~1) in the same
// run: one unmeasured round of both, then rounds ordered B A A B (decision 168); exit 1 when one
// path is more than 10 % slower. The older commit is checked out into a temporary git worktree
// and its server built there (its node_modules a link to this checkout's when package-lock.json
// is the same, else `npm ci`).
import { execFileSync } from 'node:child_process'
import { existsSync, symlinkSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { abbaRounds, mean } from './lib/ab-rounds'
import { createBenchDatabase } from './lib/bench-database'
import { ensureServerBuild } from './lib/bench-server'
import { compareBetsWithBaseline } from './lib/bet-baseline'
import { createBetDatabase } from './lib/bet-load'
import { insertBulkUsers, vacuumAndCheckpoint } from './lib/bulk-data'
import { insertPlayedTournament, settleInChunks, variantOf } from './lib/settle-variant'
import { loadStandings, measureResultsReflected } from './lib/standings-load'
import type { Benchmark, BenchContext, BenchOutput, BenchResult } from './lib/types'

/** More than this much slower than the older build fails the guard (decision 168). */
const MAX_SLOWDOWN = 0.1
const ROUNDS = 2
const SIZES = {
  betUsers: 8_000,
  betWarmUpMs: 1_000,
  betMeasureMs: 3_000,
  settlementBets: 20_000,
  standingsBrackets: 20_000,
  /** Results timed per round; a round-of-16 has eight matches. */
  standingsResults: 5,
}
const DATABASE = {
  bets: 'gp_guard_bets',
  settlement: 'gp_guard_settlement',
  standings: 'gp_guard_standings',
}

type Build = 'baseline' | 'current'

export function guard(baseRev: string): Benchmark {
  return {
    name: 'guard',
    description: `bet, standings and settlement paths against ${baseRev}, a warm-up round, then B A A B`,
    run: (context) => runGuard(baseRev, context),
  }
}

async function runGuard(baseRev: string, { log }: BenchContext): Promise<BenchOutput> {
  const startedAt = performance.now()
  const loads = [loadavg()[0]!]
  ensureServerBuild(log)
  const base = checkOutBaseline(baseRev, log)
  try {
    const bets = await guardBets(base.bundle, log)
    loads.push(loadavg()[0]!)
    const settlement = await guardSettlement(base.dir, log)
    loads.push(loadavg()[0]!)
    const standings = await guardStandings(base.bundle, log)
    loads.push(loadavg()[0]!)
    const seconds = Math.round((performance.now() - startedAt) / 1000)
    const load = `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`
    return {
      results: [
        // CPU per bet rather than bets/s: on shared cores the rate follows the neighbours' load
        // (57 and 162 bets/s for the same build in one run at load 30), the CPU much less.
        verdict('guard-bets-cpu', bets.cpuMsPerBet, 'µs CPU/bet', 'lower', base.commit, 1000),
        verdict('guard-bets-rate', bets.rates, 'bets/s', 'higher', base.commit),
        verdict('guard-settlement', settlement, 'ms', 'lower', base.commit),
        verdict('guard-standings-reflected', standings, 'ms', 'lower', base.commit),
        {
          name: 'guard-wall-time',
          value: seconds,
          unit: 's',
          ratio: `${load}, base ${base.commit}`,
          pass: true,
          target: 'reported, not judged: ≤ 180 s asked of the guard',
        },
      ],
    }
  } finally {
    base.remove()
  }
}

/**
 * `current` against `baseline`, each the mean of its rounds. A rate (higher is better) or a time
 * (lower is better): either way "slower" is the extra time per unit of work.
 */
export function verdict(
  name: string,
  values: Record<Build, number[]>,
  unit: string,
  better: 'higher' | 'lower',
  baseCommit: string,
  scale = 1,
): BenchResult {
  const [current, baseline] = [mean(values.current) * scale, mean(values.baseline) * scale]
  const slowdown = better === 'higher' ? baseline / current - 1 : current / baseline - 1
  const each = (build: Build) => values[build].map((value) => Math.round(value * scale)).join(', ')
  return {
    name,
    value: Math.round(current),
    unit,
    ratio: `${slowdown >= 0 ? '+' : ''}${(slowdown * 100).toFixed(1)} % time per unit against ${baseCommit}'s ${Math.round(baseline)}; rounds: this ${each('current')}, base ${each('baseline')}`,
    pass: slowdown <= MAX_SLOWDOWN,
    target: `no more than ${MAX_SLOWDOWN * 100} % slower than the base build`,
  }
}

function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8' }).trim()
}

function hasSameLockfile(commit: string): boolean {
  try {
    execFileSync('git', ['diff', '--quiet', commit, '--', 'package-lock.json'])
    return true
  } catch {
    return false
  }
}

/** The base commit in a temporary worktree with its server built; `remove` takes it away. */
function checkOutBaseline(baseRev: string, log: BenchContext['log']) {
  const commit = git('rev-parse', '--short', `${baseRev}^{commit}`)
  const dir = path.join(tmpdir(), `golden-point-guard-${commit}`)
  if (existsSync(dir)) git('worktree', 'remove', '--force', dir)
  log(`checking out ${baseRev} (${commit}) into ${dir}`)
  git('worktree', 'add', '--detach', dir, commit)
  const remove = () => {
    git('worktree', 'remove', '--force', dir)
  }
  if (hasSameLockfile(commit)) {
    symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'))
  } else {
    log(`package-lock.json differs in ${commit}: npm ci there`)
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' })
  }
  try {
    log(`building ${commit}'s server`)
    execFileSync('npx', ['vite', 'build', '-c', 'vite.server.config.ts', '--logLevel', 'warn'], {
      cwd: dir,
      stdio: 'inherit',
    })
  } catch (error) {
    remove()
    throw error
  }
  return { commit, dir, bundle: path.join(dir, 'dist/server/index.js'), remove }
}

async function guardBets(bundle: string, log: BenchContext['log']) {
  const database = await createBetDatabase(DATABASE.bets, SIZES.betUsers, log)
  try {
    await database.analyze()
    const { rates, cpuMsPerBet } = await compareBetsWithBaseline(bundle, {
      log,
      rounds: ROUNDS,
      connections: 64,
      users: SIZES.betUsers,
      warmUpMs: SIZES.betWarmUpMs,
      measureMs: SIZES.betMeasureMs,
      warmUpRound: true,
      current: database,
    })
    return { rates, cpuMsPerBet }
  } finally {
    await database.drop()
  }
}

/** One tournament per round on one database; the base's settleTournament from its worktree. */
async function guardSettlement(baseDir: string, log: BenchContext['log']) {
  const database = await createBenchDatabase(DATABASE.settlement)
  const builds = {
    baseline: await variantOf('baseline', database.url, baseDir),
    current: await variantOf('this', database.url),
  }
  try {
    const users = { prefix: 'sa', count: SIZES.settlementBets }
    await insertBulkUsers(database.loader, users)
    const rounds = abbaRounds<Build>('baseline', 'current', ROUNDS, { warmUp: true })
    const order = rounds.flatMap(({ round, variants, measured }) =>
      variants.map((build) => ({ round, build, measured })),
    )
    const tournaments = []
    for (const { round, build } of order) {
      tournaments.push(await insertPlayedTournament(database, users, `Guard ${build} ${round}`))
    }
    await vacuumAndCheckpoint(database.loader)
    const times: Record<Build, number[]> = { baseline: [], current: [] }
    for (const [index, { round, build, measured }] of order.entries()) {
      log(`settlement ${measured ? `round ${round}` : 'warm-up round'}: ${build}`)
      const { totalMs } = await settleInChunks(builds[build], tournaments[index]!)
      if (measured) times[build].push(totalMs)
    }
    return times
  } finally {
    for (const variant of Object.values(builds)) await variant.handle.close()
    await database.drop()
  }
}

/** One set of standings; each round a server of its build times a few results, taken back. */
async function guardStandings(bundle: string, log: BenchContext['log']) {
  const database = await createBenchDatabase(DATABASE.standings)
  try {
    const { tournament } = await loadStandings(database, SIZES.standingsBrackets, 100)
    const times: Record<Build, number[]> = { baseline: [], current: [] }
    for (const { round, variants, measured } of abbaRounds<Build>('baseline', 'current', ROUNDS, {
      warmUp: true,
    })) {
      for (const build of variants) {
        log(`standings ${measured ? `round ${round}` : 'warm-up round'}: ${build}`)
        const reflected = await measureResultsReflected(
          database,
          tournament.id,
          SIZES.standingsResults,
          build === 'baseline' ? bundle : undefined,
        )
        if (!measured) continue
        // The median of the round: one result caught by an idle poll or a busy core moves it least.
        times[build].push([...reflected].sort((a, b) => a - b)[Math.floor(reflected.length / 2)]!)
      }
    }
    return times
  } finally {
    await database.drop()
  }
}
