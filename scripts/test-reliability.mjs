#!/usr/bin/env node
// `npm run test:reliability [-- --full] [-- <vitest filters>]`: builds the app if stale (the fault
// and limit suites start the real server), then runs vitest with vitest.reliability.config.ts.
// --full switches every suite to the heavy sizes (RELIABILITY_FULL=1).
import { spawnSync } from 'node:child_process'
import { buildIfStale } from './build-if-stale.mjs'

const args = process.argv.slice(2)
const full = args.includes('--full')
const vitestArgs = args.filter((arg) => arg !== '--full')

function run(command, commandArgs, env = process.env) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

buildIfStale()
run('npx', ['vitest', 'run', '-c', 'vitest.reliability.config.ts', ...vitestArgs], {
  ...process.env,
  RELIABILITY_FULL: full ? '1' : '0',
})
