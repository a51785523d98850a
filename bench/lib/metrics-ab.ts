// The cost of metrics on the bet path (docs/decisions/159): the same build with and without
// METRICS_TOKEN, after an unmeasured round of both, in rounds ordered A B, B A (lib/ab-rounds.ts)
// under the same load, each after its own warm-up. While metrics are on, /metrics is scraped every
// second (Prometheus would every 15 s), and the last scrape must have counted the bets: a run where
// metrics silently stayed off measures nothing.
import { abbaRounds, mean } from './ab-rounds'
import { startBenchServer } from './bench-server'
import {
  placeBetsOverHttp,
  placedPerSecond,
  SERVER_POOL_MAX,
  type BetDatabase,
  type HttpBetStats,
} from './bet-load'
import type { BenchResult } from './types'

export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef'
// Four rounds of each: two rounds of each left a spread of ±4 % between rounds of one variant
// (29 Nov), wider than the 3 % the A/B must resolve.
const ROUNDS = 4
const SCRAPE_EVERY_MS = 1_000
/** Metrics may cost at most 3 % of the bets placed per second. */
const MAX_COST = 0.03

export interface MetricsRound<Stats> {
  stats: Stats
  betsPerSecond: number
  /** The server's CPU per request (one bet each): what metrics add to, and what other load moves least. */
  serverCpuMsPerRequest: number
}

export interface MetricsLoad {
  connections: number
  warmUpMs: number
  measureMs: number
}

/** The A/B below on `database`: each round a fresh server, a warm-up tournament, a measured one. */
export function measureMetricsCost(
  database: BetDatabase,
  { connections, warmUpMs, measureMs }: MetricsLoad,
  log: (message: string) => void,
) {
  const { databaseUrl, meter, users, newTournament } = database
  return compareMetricsOnOff<HttpBetStats>(log, async (env, whileMeasuring) => {
    const server = await startBenchServer({ databaseUrl, poolMax: SERVER_POOL_MAX, env })
    try {
      const warmUp = await newTournament('Bench metrics warm-up')
      await placeBetsOverHttp([server], warmUp, users, { connections, durationMs: warmUpMs })
      const stopScraping = whileMeasuring(server.origin)
      const measured = await newTournament('Bench metrics')
      const load = { connections, durationMs: measureMs, meter }
      const stats = await placeBetsOverHttp([server], measured, users, load)
      await stopScraping()
      return {
        stats,
        betsPerSecond: placedPerSecond(stats, '201'),
        serverCpuMsPerRequest: stats.serverCpuMsPerRequest,
      }
    } finally {
      await server.stop()
    }
  })
}

/**
 * `measure(env, origin => …)` starts a server with `env`, warms it up and measures one load,
 * calling `whileMeasuring` with the server's origin for the length of the measured load.
 */
async function compareMetricsOnOff<Stats>(
  log: (message: string) => void,
  measure: (
    env: Record<string, string>,
    whileMeasuring: (origin: string) => () => Promise<void>,
  ) => Promise<MetricsRound<Stats>>,
): Promise<{ rounds: { label: string; stats: Stats }[]; result: BenchResult }> {
  const rates = { off: [] as number[], on: [] as number[] }
  const cpuMsPerBet = { off: [] as number[], on: [] as number[] }
  const rounds: { label: string; stats: Stats }[] = []
  // The first round of a freshly started pair ran slowest whichever variant it was (0.903× on
  // 29 Nov, its "on" round 1,441 bets/s against 1,537–1,666 for the others): it is not counted.
  for (const { round, variants, measured: isMeasured } of abbaRounds(
    'off' as const,
    'on' as const,
    ROUNDS,
    { warmUp: true },
  )) {
    for (const variant of variants) {
      const roundName = isMeasured ? `round ${round}` : 'warm-up round'
      log(`metrics A/B ${roundName}: metrics ${variant}`)
      const env: Record<string, string> =
        variant === 'on' ? { METRICS_TOKEN: BENCH_METRICS_TOKEN } : {}
      const measured = await measure(env, variant === 'on' ? scrapeWhileMeasuring : () => noop)
      if (!isMeasured) continue
      rates[variant].push(measured.betsPerSecond)
      cpuMsPerBet[variant].push(measured.serverCpuMsPerRequest)
      rounds.push({ label: `metrics ${variant}, ${roundName}`, stats: measured.stats })
    }
  }
  const [on, off] = [mean(rates.on), mean(rates.off)]
  const ratio = off > 0 ? on / off : 0
  const [cpuOn, cpuOff] = [mean(cpuMsPerBet.on), mean(cpuMsPerBet.off)]
  return {
    rounds,
    result: {
      name: 'bets-http-metrics',
      value: Math.round(on),
      unit: 'bets/s',
      ratio:
        `${ratio.toFixed(3)}× the same build without metrics (${Math.round(off)} bets/s), ` +
        `${ROUNDS} rounds each after a warm-up round; server CPU per request ` +
        `${cpuOn.toFixed(3)} against ${cpuOff.toFixed(3)} ms`,
      pass: ratio >= 1 - MAX_COST,
      target: '≤ 3 % cost: ≥ 0.97× the same build without METRICS_TOKEN, in the same run',
    },
  }
}

const noop = async () => undefined

/** Scrapes every second until stopped; the stop checks that the bets were counted. */
function scrapeWhileMeasuring(origin: string): () => Promise<void> {
  const scrape = () =>
    fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })
  const timer = setInterval(() => void scrape().then((res) => res.text()), SCRAPE_EVERY_MS)
  return async () => {
    clearInterval(timer)
    const text = await (await scrape()).text()
    const placed = Number(/^goldenpoint_bets_placed_total (\d+)/m.exec(text)?.[1] ?? 0)
    if (!(placed > 0)) throw new Error('metrics were on, yet /metrics counted no bet placed')
  }
}
