#!/usr/bin/env node
// `node scripts/run-steps.mjs <npm script> …`: runs the npm scripts one after another, stops at the
// first that fails (as `a && b` would), and prints how long each took (`npm test` uses it, so CI's
// log shows where the time goes; docs/decisions/123).
import { spawnSync } from 'node:child_process'

const timings = []
let status = 0
for (const script of process.argv.slice(2)) {
  const started = Date.now()
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit' })
  const seconds = Math.round((Date.now() - started) / 1000)
  timings.push(
    `${script.padEnd(20)} ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
  )
  if (result.status !== 0) {
    status = result.status ?? 1
    break
  }
}
console.log(`── npm test steps (m:ss) ──\n${timings.join('\n')}`)
process.exit(status)
