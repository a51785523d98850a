#!/usr/bin/env node
// Prints the closing lines of a CI run from the Vitest, reliability and Playwright JSON reports:
// the name of each test that failed (CI logs are often read from their tail only, so the names
// must come last) and then "tests: N passed, N failed".
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined
}

let passed = 0
let failed = 0
let skipped = 0
const failures = []

function countVitest(report) {
  passed += report.numPassedTests ?? 0
  failed += report.numFailedTests ?? 0
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  for (const file of report.testResults ?? []) {
    const name = relative(process.cwd(), file.name)
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failedTests) failures.push(`${name} › ${test.fullName}`)
    // A file that fails to load has no test results, only a message.
    if (file.status === 'failed' && failedTests.length === 0)
      failures.push(`${name} (the file failed)`)
  }
}

function* playwrightSpecs(suite) {
  yield* suite.specs ?? []
  for (const child of suite.suites ?? []) yield* playwrightSpecs(child)
}

const unit = readJson('reports/vitest.json')
if (unit) countVitest(unit)
// CI runs the reliability suites in two parts (scripts/test-reliability.mjs --part), the timed one in
// two runs, each with its own report; a run by hand writes the one report.
for (const report of [
  'reliability',
  'reliability-steady',
  'reliability-timed',
  'reliability-timed-pairs',
]) {
  const reliability = readJson(`reports/${report}.json`)
  if (reliability) countVitest(reliability)
}
const e2e = readJson('reports/e2e.json')
if (e2e?.stats) {
  passed += e2e.stats.expected ?? 0
  failed += (e2e.stats.unexpected ?? 0) + (e2e.stats.flaky ?? 0)
  skipped += e2e.stats.skipped ?? 0
  for (const spec of e2e.suites.flatMap((suite) => [...playwrightSpecs(suite)])) {
    for (const test of spec.tests.filter(
      (t) => t.status === 'unexpected' || t.status === 'flaky',
    )) {
      failures.push(`e2e/${spec.file} › ${spec.title} (${test.status})`)
    }
  }
}
if (!unit) console.log('(no unit test report: the run stopped before the unit tests)')
if (!e2e) console.log('(no browser test report: the run stopped before the browser tests)')
for (const failure of failures) console.log(`failed: ${failure}`)
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
