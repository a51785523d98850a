// The cost of metrics on the bet path (docs/decisions/159): the same build with and without
// METRICS_TOKEN, in rounds ordered off-on-on-off under the same load, each after its own warm-up. While
// metrics are on, /metrics is scraped every second (Prometheus would every 15 s), and the last
// scrape must have counted the bets: a run where metrics silently stayed off measures nothing.
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
}

/**
 * `measure(env, origin => …)` starts a server with `env`, warms it up and measures one load,
 * calling `whileMeasuring` with the server's origin for the length of the measured load.
 */
export async function compareMetricsOnOff<Stats>(
  log: (message: string) => void,
  measure: (
    env: Record<string, string>,
    whileMeasuring: (origin: string) => () => Promise<void>,
  ) => Promise<MetricsRound<Stats>>,
): Promise<{ rounds: { label: string; stats: Stats }[]; result: BenchResult }> {
  const rates = { off: [] as number[], on: [] as number[] }
  const rounds: { label: string; stats: Stats }[] = []
  for (let round = 1; round <= ROUNDS; round++) {
    // Off, on, then on, off: each round adds bets to the same database and the later rounds run
    // slower (2,920 then 2,301 bets/s for the same build on 29 Nov), so a fixed order would bill
    // that drift to whichever variant always comes second.
    const order = round % 2 === 1 ? (['off', 'on'] as const) : (['on', 'off'] as const)
    for (const variant of order) {
      log(`metrics A/B round ${round}: metrics ${variant}`)
      const env: Record<string, string> =
        variant === 'on' ? { METRICS_TOKEN: BENCH_METRICS_TOKEN } : {}
      const measured = await measure(env, variant === 'on' ? scrapeWhileMeasuring : () => noop)
      rates[variant].push(measured.betsPerSecond)
      rounds.push({ label: `metrics ${variant}, round ${round}`, stats: measured.stats })
    }
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
  const [on, off] = [mean(rates.on), mean(rates.off)]
  const ratio = off > 0 ? on / off : 0
  return {
    rounds,
    result: {
      name: 'bets-http-metrics',
      value: Math.round(on),
      unit: 'bets/s',
      ratio: `${ratio.toFixed(3)}× the same build without metrics (${Math.round(off)} bets/s), ${ROUNDS} rounds each`,
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
