#!/usr/bin/env node
// `npm run test:reliability [-- --full] [-- --part steady|timed] [-- <vitest filters>]`: builds
// the app if stale (the fault and limit suites start the real server), then runs vitest with
// vitest.reliability.config.ts. --full switches every suite to the heavy sizes
// (RELIABILITY_FULL=1). --part picks half of the suites (docs/decisions/123): `timed` are those
// that assert a duration or a latency (those with tight budgets one at a time, the fault drills
// and the soak two at a time, decision 179), `steady` the rest, two files at a time.
import { spawnSync } from 'node:child_process'
import { buildIfStale } from './build-if-stale.mjs'

/**
 * Suites with tight time budgets (a p99 under 500 ms, a revocation seen by another process within
 * 1 s, forgot-password answered in the same time for every address): each has the machine to
 * itself.
 */
export const TIMED_ALONE = [
  'reliability/account-abuse.test.ts',
  'reliability/limits-server.test.ts',
  'reliability/limits-share-images.test.ts',
  'reliability/live-across-processes.test.ts',
  'reliability/session-revocation.test.ts',
]
/**
 * Suites that run a real server through faults or a steady load, whose limits are watchdogs far
 * above what they measure (an exit within 25 s that takes 2–6, a recovery within 10 s that takes
 * 1, a settlement finished within 2 minutes): two at a time (docs/decisions/179). Most of their
 * time is spent waiting on the drill (leases, outages, the soak's fixed rate, restarts).
 */
export const TIMED_IN_PAIRS = ['reliability/soak.test.ts', 'reliability/faults/']
/** Suites whose assertions measure time (p99, cut-offs, restarts, exits): never run beside the steady ones. */
export const TIMED_SUITES = [...TIMED_ALONE, ...TIMED_IN_PAIRS]

const args = process.argv.slice(2)
const full = args.includes('--full')
const partAt = args.indexOf('--part')
const part = partAt === -1 ? undefined : args[partAt + 1]
if (part !== undefined && part !== 'steady' && part !== 'timed') {
  console.error('--part takes steady or timed')
  process.exit(2)
}
// Without --part, partAt + 1 is 0: the first argument (a file to run) is the user's, not a part.
const vitestArgs = args.filter(
  (arg, index) => arg !== '--full' && (partAt === -1 || (index !== partAt && index !== partAt + 1)),
)

/** Runs vitest with the reliability config; its exit status. */
function vitest(vitestArgsOfPart) {
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '-c', 'vitest.reliability.config.ts', ...vitestArgsOfPart, ...vitestArgs],
    { stdio: 'inherit', env: { ...process.env, RELIABILITY_FULL: full ? '1' : '0' } },
  )
  return result.status ?? 1
}

const excludeAll = (suites) =>
  suites.map((suite) => `--exclude=${suite}${suite.endsWith('/') ? '**' : ''}`)
const twoAtATime = ['--fileParallelism', '--maxWorkers=2']

buildIfStale()
if (part === 'timed') {
  // Those that need the machine to themselves one at a time, then the rest two at a time; both
  // run even when the first fails, so one CI run reports every failure.
  const alone = vitest([...TIMED_ALONE, '--outputFile.json=reports/reliability-timed.json'])
  const paired = vitest([
    ...TIMED_IN_PAIRS,
    ...twoAtATime,
    '--outputFile.json=reports/reliability-timed-pairs.json',
  ])
  process.exit(alone || paired)
}
// The steady suites assert no duration, and their two longest (the model and the hostile input
// pass) each keep one core busy with an in-process PGlite: two files at a time fill both cores.
const partArgs =
  part === 'steady'
    ? [
        ...excludeAll(TIMED_SUITES),
        ...twoAtATime,
        '--outputFile.json=reports/reliability-steady.json',
      ]
    : []
process.exit(vitest(partArgs))
