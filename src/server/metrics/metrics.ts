// The process's Prometheus figures (docs/operations.md, docs/decisions/159). Features record
// through the small functions below and know nothing of prom-client; each is a no-op until a
// server with METRICS_TOKEN turns metrics on, so a server without metrics pays one branch.
// Labels never carry a user id, an e-mail or a raw path: routes are templates, codes are the
// API's error codes, outboxes are named.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { AppError } from '#server/errors'

const PREFIX = 'goldenpoint_'

/** One registry per process: every figure of this process, scraped by GET /metrics. */
export const metricsRegistry = new Registry()

let isEnabled = false

/** Turns recording on for this process (once; createApp calls it when METRICS_TOKEN is set). */
export function enableMetrics(): void {
  if (isEnabled) return
  isEnabled = true
  // CPU, memory, event-loop lag, handles, GC: Node's own figures under their usual names.
  collectDefaultMetrics({ register: metricsRegistry })
}

export function areMetricsEnabled(): boolean {
  return isEnabled
}

const httpRequestDuration = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: 'HTTP requests by method, route template and status: time to the response head',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
})

const betsPlaced = new Counter({
  name: `${PREFIX}bets_placed_total`,
  help: 'Bets placed (POST /api/tournaments/:id/bets answered 201)',
  registers: [metricsRegistry],
})

const betsRefused = new Counter({
  name: `${PREFIX}bets_refused_total`,
  help: 'Bets refused, by the error code the fan was answered with',
  labelNames: ['code'] as const,
  registers: [metricsRegistry],
})

const betBatchSize = new Histogram({
  name: `${PREFIX}bet_batch_size`,
  help: 'Bets carried by one call of place_bets (docs/decisions/080)',
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000],
  registers: [metricsRegistry],
})

const settlementChunkDuration = new Histogram({
  name: `${PREFIX}settlement_chunk_duration_seconds`,
  help: 'One settlement chunk: its whole transaction (docs/decisions/078 aims at 0.3 s)',
  buckets: [0.01, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2, 5],
  registers: [metricsRegistry],
})

const settlementBetsPaid = new Counter({
  name: `${PREFIX}settlement_bets_paid_total`,
  help: 'Winning bets paid by settlement chunks in this process',
  registers: [metricsRegistry],
})

const standingsRebuildDuration = new Histogram({
  name: `${PREFIX}standings_rebuild_duration_seconds`,
  help: "A tournament's standings rebuilt (docs/decisions/093)",
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
})

// Sampled when /metrics is scraped (metrics-sampler.ts), not kept up to date as things happen.
export const scrapedGauges = {
  outboxDepth: new Gauge({
    name: `${PREFIX}outbox_pending`,
    help: 'Messages waiting in an outbox (mail, push), due or retrying later',
    labelNames: ['outbox'] as const,
    registers: [metricsRegistry],
  }),
  outboxOldestAge: new Gauge({
    name: `${PREFIX}outbox_oldest_pending_age_seconds`,
    help: 'Age of the oldest message waiting in an outbox; 0 when empty',
    labelNames: ['outbox'] as const,
    registers: [metricsRegistry],
  }),
  settlementsInProgress: new Gauge({
    name: `${PREFIX}settlements_in_progress`,
    help: 'Settlements started and not completed (every contest of every tournament)',
    registers: [metricsRegistry],
  }),
  settlementsStopped: new Gauge({
    name: `${PREFIX}settlements_stopped`,
    help: 'Settlements in progress whose last run stopped on an error (docs/decisions/068)',
    registers: [metricsRegistry],
  }),
  settlementIdleAge: new Gauge({
    name: `${PREFIX}settlement_oldest_idle_seconds`,
    help: 'Longest time since a settlement in progress last paid a chunk; 0 when none runs',
    registers: [metricsRegistry],
  }),
  settlementCoinsUnpaid: new Gauge({
    name: `${PREFIX}settlement_coins_unpaid`,
    help: 'Coins of the prize pools of settlements in progress not paid yet',
    registers: [metricsRegistry],
  }),
  databaseUp: new Gauge({
    name: `${PREFIX}database_up`,
    help: '1 when the scrape could read the database, else 0',
    registers: [metricsRegistry],
  }),
  liveStreamsOpen: new Gauge({
    name: `${PREFIX}live_streams_open`,
    help: 'Live (Server-Sent Events) streams open in this process',
    registers: [metricsRegistry],
  }),
  poolConnections: new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'PostgreSQL pool connections of this process, by state (in_use, idle)',
    labelNames: ['state'] as const,
    registers: [metricsRegistry],
  }),
  poolWaiting: new Gauge({
    name: `${PREFIX}db_pool_waiting_requests`,
    help: 'Queries of this process waiting for a free pool connection',
    registers: [metricsRegistry],
  }),
}

export function recordHttpRequest(
  method: string,
  route: string,
  status: number,
  seconds: number,
): void {
  if (isEnabled) httpRequestDuration.observe({ method, route, status }, seconds)
}

/**
 * Counts a bet's outcome by its answer and passes the answer on: placed when it resolves,
 * refused by code when it rejects with an AppError (anything else is no refusal but a fault).
 * Without metrics the promise is handed back as it is: no extra turn on the bet path.
 */
export function countBetOutcome<T>(placing: Promise<T>): Promise<T> {
  if (!isEnabled) return placing
  return placing.then(
    (placed) => {
      betsPlaced.inc()
      return placed
    },
    (error: unknown) => {
      if (error instanceof AppError) betsRefused.inc({ code: error.code })
      throw error
    },
  )
}

export function recordBetBatch(size: number): void {
  if (isEnabled) betBatchSize.observe(size)
}

export function recordSettlementChunk(betsPaid: number, milliseconds: number): void {
  if (!isEnabled) return
  settlementChunkDuration.observe(milliseconds / 1000)
  settlementBetsPaid.inc(betsPaid)
}

/** Times a standings rebuild that ran (not one that found another process at it). */
export async function timeStandingsRebuild<T extends { rebuilt: boolean }>(
  rebuilding: Promise<T>,
): Promise<T> {
  const startedAt = performance.now()
  const result = await rebuilding
  if (isEnabled && result.rebuilt) {
    standingsRebuildDuration.observe((performance.now() - startedAt) / 1000)
  }
  return result
}
