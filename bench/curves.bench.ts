// `npm run bench -- curves [--quick]`: how three costs grow with the work, four sizes each, drawn
// as SVG line charts into bench/curves/ (lib/svg-chart.ts): bets/s and p99 against connections
// (one server process, batched, as `bets`); settlement seconds against bets (as `settlement`, with
// no bets arriving meanwhile); "result reflected" seconds against brackets (as `standings`). Sizes
// from BENCH_CURVE_CONNECTIONS, BENCH_CURVE_SETTLEMENT_BETS and BENCH_CURVE_STANDINGS_BRACKETS
// (comma-separated). Runs only when named: at full sizes it loads 1.85M bets and 1.6M brackets.
import { execSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createBenchDatabase } from './lib/bench-database'
import { ensureServerBuild } from './lib/bench-server'
import {
  createBetDatabase,
  oneProcess,
  placedPerSecond,
  SERVER_POOL_MAX,
  tableRow,
} from './lib/bet-load'
import { insertBulkUsers, vacuumAndCheckpoint } from './lib/bulk-data'
import { insertPlayedTournament, settleInChunks, variantOf } from './lib/settle-variant'
import { loadStandings, measureResultsReflected } from './lib/standings-load'
import { lineChartSvg, type LineChart } from './lib/svg-chart'
import type { Benchmark, BenchContext, BenchOutput } from './lib/types'

const CURVES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'curves')
const DATABASE_NAME = 'gp_bench_curves'
const RESULTS_MEASURED = 3

interface Sizes {
  connections: number[]
  settlementBets: number[]
  standingsBrackets: number[]
  betUsers: number
  warmUpMs: number
  measureMs: number
}

const FULL: Sizes = {
  connections: [1, 8, 64, 256],
  settlementBets: [100_000, 250_000, 500_000, 1_000_000],
  standingsBrackets: [10_000, 100_000, 500_000, 1_000_000],
  betUsers: 100_000,
  warmUpMs: 3_000,
  measureMs: 15_000,
}
const QUICK: Sizes = {
  connections: [1, 8, 64, 256],
  settlementBets: [5_000, 10_000, 20_000, 40_000],
  standingsBrackets: [5_000, 10_000, 20_000, 40_000],
  betUsers: 20_000,
  warmUpMs: 1_000,
  measureMs: 3_000,
}

function sizesFrom(quick: boolean): Sizes {
  const base = quick ? QUICK : FULL
  const list = (name: string, fallback: number[]) =>
    process.env[name]?.split(',').map(Number) ?? fallback
  return {
    ...base,
    connections: list('BENCH_CURVE_CONNECTIONS', base.connections),
    settlementBets: list('BENCH_CURVE_SETTLEMENT_BETS', base.settlementBets),
    standingsBrackets: list('BENCH_CURVE_STANDINGS_BRACKETS', base.standingsBrackets),
  }
}

export const benchmark: Benchmark = {
  name: 'curves',
  description: 'bets against connections, settlement against bets, standings against brackets',
  explicitOnly: true,
  run: runCurves,
}

async function runCurves({ quick, log }: BenchContext): Promise<BenchOutput> {
  const sizes = sizesFrom(quick)
  ensureServerBuild(log)
  const loads = [loadavg()[0]!]
  const bets = await betsAgainstConnections(sizes, log)
  loads.push(loadavg()[0]!)
  const settlement = await settlementAgainstBets(sizes.settlementBets, log)
  loads.push(loadavg()[0]!)
  const standings = await standingsAgainstBrackets(sizes.standingsBrackets, log)
  loads.push(loadavg()[0]!)

  // The picture says what it shows: sizes, date, commit and the machine's load during the run.
  const commit = execSync('git rev-parse --short HEAD').toString().trim()
  const load = `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`
  const stamp = `${quick ? 'quick, ' : ''}${new Date().toISOString().slice(0, 16)}Z, ${commit}, ${load}`
  const charts: Record<string, LineChart> = {
    'bets-rate': {
      title: `bets/s against connections (${stamp})`,
      xLabel: 'connections (one server process)',
      yLabel: 'bets placed per second',
      xScale: 'log2',
      points: bets.map(({ x, rate }) => ({ x, y: Math.round(rate) })),
    },
    'bets-p99': {
      title: `bet p99 against connections (${stamp})`,
      xLabel: 'connections (one server process)',
      yLabel: 'p99 ms',
      xScale: 'log2',
      points: bets.map(({ x, p99 }) => ({ x, y: Math.round(p99 * 10) / 10 })),
    },
    settlement: {
      title: `settlement seconds against bets (${stamp})`,
      xLabel: 'bets settled',
      yLabel: 'seconds',
      proportionalGuide: true,
      points: settlement,
    },
    standings: {
      title: `result reflected against brackets, median of ${RESULTS_MEASURED} (${stamp})`,
      xLabel: 'brackets in the standings',
      yLabel: 'seconds',
      proportionalGuide: true,
      points: standings,
    },
  }
  mkdirSync(CURVES_DIR, { recursive: true })
  for (const [name, chart] of Object.entries(charts)) {
    writeFileSync(path.join(CURVES_DIR, `${name}.svg`), lineChartSvg(chart))
  }
  log(`wrote ${Object.keys(charts).length} SVGs to ${CURVES_DIR} (${stamp})`)
  const point = (what: string, x: number, y: number, unit: string) => ({
    name: `curve-${what}-${x}`,
    value: y,
    unit,
    pass: true,
    target: 'a point of the curve (bench/curves/)',
  })
  return {
    table: bets.map((row) => row.row),
    results: [
      ...bets.map(({ x, rate, p99 }) =>
        point('bets', x, Math.round(rate), `bets/s, p99 ${p99.toFixed(1)} ms`),
      ),
      ...settlement.map(({ x, y }) => point('settlement', x, y, 's')),
      ...standings.map(({ x, y }) => point('standings-reflected', x, y, 's')),
    ],
  }
}

async function betsAgainstConnections(sizes: Sizes, log: BenchContext['log']) {
  const database = await createBetDatabase(DATABASE_NAME, sizes.betUsers, log)
  try {
    const points = []
    for (const connections of sizes.connections) {
      const warmUp = await database.newTournament(`Curve warm-up ${connections}`)
      const measured = await database.newTournament(`Curve ${connections}`)
      await database.analyze()
      const stats = await oneProcess(
        { databaseUrl: database.databaseUrl, poolMax: SERVER_POOL_MAX },
        {
          log,
          warmUpMs: sizes.warmUpMs,
          measured: { connections, durationMs: sizes.measureMs, meter: database.meter },
          users: database.users,
          label: `bets at ${connections} connections`,
        },
        async () => ({ warmUp, measured }),
      )
      points.push({
        x: connections,
        rate: placedPerSecond(stats, '201'),
        p99: stats.p99Ms,
        row: tableRow(`HTTP, ${connections} connections`, stats, '201'),
      })
    }
    return points
  } finally {
    await database.drop()
  }
}

/** Each size on a database of its own, so no run settles beside an earlier run's ledger. */
async function settlementAgainstBets(betCounts: number[], log: BenchContext['log']) {
  const points = []
  for (const bets of betCounts) {
    const database = await createBenchDatabase(DATABASE_NAME)
    try {
      const users = { prefix: 'sa', count: bets }
      await insertBulkUsers(database.loader, users)
      const tournamentId = await insertPlayedTournament(database, users, `Curve ${bets}`)
      await vacuumAndCheckpoint(database.loader)
      const variant = await variantOf('this', database.url)
      try {
        const { totalMs } = await settleInChunks(variant, tournamentId)
        log(`settled ${bets} bets in ${Math.round(totalMs)} ms`)
        points.push({ x: bets, y: Math.round(totalMs / 100) / 10 })
      } finally {
        await variant.handle.close()
      }
    } finally {
      await database.drop()
    }
  }
  return points
}

async function standingsAgainstBrackets(bracketCounts: number[], log: BenchContext['log']) {
  const points = []
  for (const brackets of bracketCounts) {
    const database = await createBenchDatabase(DATABASE_NAME)
    try {
      const { tournament } = await loadStandings(database, brackets, Math.min(2_000, brackets))
      const reflectedMs = await measureResultsReflected(database, tournament.id, RESULTS_MEASURED)
      const median = [...reflectedMs].sort((a, b) => a - b)[Math.floor(reflectedMs.length / 2)]!
      log(`${brackets} brackets: results reflected in ${reflectedMs.map(Math.round).join(', ')} ms`)
      points.push({ x: brackets, y: Math.round(median / 10) / 100 })
    } finally {
      await database.drop()
    }
  }
  return points
}
