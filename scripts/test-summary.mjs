#!/usr/bin/env node
// Prints one closing line, "tests: N passed, N failed", from the Vitest, reliability and
// Playwright JSON reports, so that a CI log states plainly what ran.
import { existsSync, readFileSync } from 'node:fs'

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined
}

let passed = 0
let failed = 0
let skipped = 0

const unit = readJson('reports/vitest.json')
if (unit) {
  passed += unit.numPassedTests ?? 0
  failed += unit.numFailedTests ?? 0
  skipped += (unit.numPendingTests ?? 0) + (unit.numTodoTests ?? 0)
}
const reliability = readJson('reports/reliability.json')
if (reliability) {
  passed += reliability.numPassedTests ?? 0
  failed += reliability.numFailedTests ?? 0
  skipped += (reliability.numPendingTests ?? 0) + (reliability.numTodoTests ?? 0)
}
const e2e = readJson('reports/e2e.json')
if (e2e?.stats) {
  passed += e2e.stats.expected ?? 0
  failed += (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0)
  skipped += e2e.stats.skipped ?? 0
}
if (!unit) console.log('(no unit test report: the run stopped before the unit tests)')
if (!e2e) console.log('(no browser test report: the run stopped before the browser tests)')
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
