// `npm run bench [-- <name>…] [--quick]`: runs every bench/<name>.bench.ts (or the named ones)
// one after the other, prints each one's table and its result lines, and exits 1 when any
// result misses its target. `npm run bench -- --guard [--guard-base <rev>]`: the bet, standings
// and settlement paths against an older commit's build (guard.ts), before a merge. See
// bench/README.md for what each benchmark measures.
import { readdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import path from 'node:path'
import { guard } from './guard'
import type { Benchmark, BenchResult } from './lib/types'

const benchDir = path.dirname(fileURLToPath(import.meta.url))
const args = process.argv.slice(2)
const quick = args.includes('--quick')
const guardBase = args.includes('--guard-base') ? args[args.indexOf('--guard-base') + 1] : undefined
const wanted = args.filter((arg) => !arg.startsWith('--') && arg !== guardBase)

function formatLine(result: BenchResult): string {
  const value = Number.isInteger(result.value) ? result.value : result.value.toFixed(2)
  const ratio = result.ratio ? ` (${result.ratio})` : ''
  const verdict = result.pass ? 'PASS' : 'FAIL'
  return `${result.name}: ${value} ${result.unit}${ratio} ${verdict} ${result.target}`
}

async function loadBenchmarks(): Promise<Benchmark[]> {
  const files = readdirSync(benchDir)
    .filter((file) => file.endsWith('.bench.ts'))
    .sort()
  const modules = await Promise.all(
    files.map(
      async (file) =>
        (await import(pathToFileURL(path.join(benchDir, file)).href)) as { benchmark: Benchmark },
    ),
  )
  const all = modules.map((module) => module.benchmark)
  const unknown = wanted.filter((name) => !all.some((benchmark) => benchmark.name === name))
  if (unknown.length > 0) {
    const names = all.map((benchmark) => benchmark.name).join(', ')
    throw new Error(`Unknown benchmark ${unknown.join(', ')}; known: ${names}`)
  }
  if (wanted.length > 0) return all.filter((benchmark) => wanted.includes(benchmark.name))
  return all.filter((benchmark) => !benchmark.explicitOnly)
}

async function main(): Promise<void> {
  const isGuard = args.includes('--guard') || guardBase !== undefined
  const benchmarks = isGuard ? [guard(guardBase ?? 'HEAD~1')] : await loadBenchmarks()
  // An empty run must not read as a passing one.
  if (benchmarks.length === 0) throw new Error(`No benchmark found in ${benchDir}`)
  const lines: string[] = []
  let failed = false
  for (const benchmark of benchmarks) {
    const log = (message: string) => process.stderr.write(`[${benchmark.name}] ${message}\n`)
    log(`${benchmark.description}${quick ? ' (quick)' : ''}`)
    const output = await benchmark.run({ quick, log })
    if (output.table?.length) console.table(output.table)
    for (const result of output.results) {
      const line = formatLine(result)
      lines.push(line)
      console.log(line)
      failed ||= !result.pass
    }
  }
  console.log(`\nSummary${quick ? ' (quick)' : ''}:\n${lines.join('\n')}`)
  process.exit(failed ? 1 : 0)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
