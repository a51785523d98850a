#!/usr/bin/env node
// `npm run test:reliability [-- --full] [-- --part steady|timed] [-- <vitest filters>]`: builds
// the app if stale (the fault and limit suites start the real server), then runs vitest with
// vitest.reliability.config.ts. --full switches every suite to the heavy sizes
// (RELIABILITY_FULL=1). --part picks half of the suites (docs/decisions/123): `timed` are those
// that assert a duration or a latency and need the machine to themselves, `steady` the rest,
// which CI runs at low priority beside the other tests.
import { spawnSync } from 'node:child_process'
import { buildIfStale } from './build-if-stale.mjs'

/** Suites whose assertions measure time (p99, cut-offs, restarts, exits): never run them beside other work. */
export const TIMED_SUITES = [
  'reliability/account-abuse.test.ts',
  'reliability/limits-server.test.ts',
  'reliability/limits-share-images.test.ts',
  'reliability/live-across-processes.test.ts',
  'reliability/session-revocation.test.ts',
  'reliability/soak.test.ts',
  'reliability/faults/',
]

const args = process.argv.slice(2)
const full = args.includes('--full')
const partAt = args.indexOf('--part')
const part = partAt === -1 ? undefined : args[partAt + 1]
if (part !== undefined && part !== 'steady' && part !== 'timed') {
  console.error('--part takes steady or timed')
  process.exit(2)
}
const vitestArgs = args.filter(
  (arg, index) => arg !== '--full' && index !== partAt && index !== partAt + 1,
)

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// The steady suites assert no duration, and their two longest (the model and the hostile input
// pass) each keep one core busy with an in-process PGlite: two files at a time fill both cores.
const partArgs =
  part === 'timed'
    ? TIMED_SUITES
    : part === 'steady'
      ? [
          ...TIMED_SUITES.map((suite) => `--exclude=${suite}${suite.endsWith('/') ? '**' : ''}`),
          '--fileParallelism',
          '--maxWorkers=2',
        ]
      : []
const report = part ? [`--outputFile.json=reports/reliability-${part}.json`] : []

buildIfStale()
run(
  'npx',
  ['vitest', 'run', '-c', 'vitest.reliability.config.ts', ...partArgs, ...report, ...vitestArgs],
  {
    ...process.env,
    RELIABILITY_FULL: full ? '1' : '0',
  },
)
