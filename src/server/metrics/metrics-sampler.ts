// What GET /metrics reads when it is scraped: the outboxes and settlements from the database
// (shared by every process, so each process reports the same figures; read at most once per
// DATABASE_SAMPLE_INTERVAL_MS), and this process's live streams and pool. One statement, each
// part answered from an index or a small table: at most OUTBOX_DEPTH_CAP pending rows of each
// outbox (mail_outbox_state_created_idx, push_outbox_due_idx) and the settlements in progress.
import { sql } from 'drizzle-orm'
import { rowsOf, type Database } from '#server/db/client'
import { scrapedGauges } from './metrics'

/** node-postgres's pool counts (pg.Pool has them); PGlite has no pool. */
export interface PoolCounts {
  readonly totalCount: number
  readonly idleCount: number
  readonly waitingCount: number
}

export interface MetricsSources {
  db: Database
  /** Streams open in this process (LiveStreams.openCount). */
  openLiveStreams: () => number
  pool?: PoolCounts
}

interface SampleRow extends Record<string, unknown> {
  mail_pending: number
  mail_oldest_seconds: number
  push_pending: number
  push_oldest_seconds: number
  settlements_in_progress: number
  settlements_stopped: number
  settlement_idle_seconds: number
  settlement_coins_unpaid: number
}

/**
 * An outbox deeper than this is reported as this deep. A scrape reads at most this many pending
 * rows per outbox, so its cost stays flat while a burst of receipts or a fan-out waits (counting
 * 100,000 fresh rows once a second cost a quarter of the bet path's throughput: decision 159).
 */
export const OUTBOX_DEPTH_CAP = 10_000

// Mail: the oldest pending rows by the (state, created_at) index, read backwards. Push: the
// earliest due by its pending-only index; the oldest of those is the oldest waiting push unless
// more than the cap wait, when an alert has long fired anyway.
const SAMPLE_SQL = sql`
  select m.pending as mail_pending, m.oldest_seconds as mail_oldest_seconds,
         p.pending as push_pending, p.oldest_seconds as push_oldest_seconds,
         s.in_progress as settlements_in_progress, s.stopped as settlements_stopped,
         s.idle_seconds as settlement_idle_seconds, s.coins_unpaid as settlement_coins_unpaid
    from (select count(*)::float8 as pending,
                 coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_seconds
            from (select created_at from mail_outbox where state = 'pending'
                   order by created_at asc nulls first limit ${OUTBOX_DEPTH_CAP}) oldest_mail) m,
         (select count(*)::float8 as pending,
                 coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest_seconds
            from (select created_at from push_outbox where state = 'pending'
                   order by next_attempt_at limit ${OUTBOX_DEPTH_CAP}) earliest_push) p,
         (select count(*)::float8 as in_progress,
                 count(*) filter (where stopped_at is not null)::float8 as stopped,
                 coalesce(extract(epoch from now() - min(updated_at)), 0)::float8 as idle_seconds,
                 coalesce(sum(prize_pool - total_paid), 0)::float8 as coins_unpaid
            from tournament_settlements where state = 'in_progress') s`

/**
 * The database part of a scrape runs at most once in this long per process; scrapes in between
 * serve its last figures. Prometheus scrapes every 15 s by default, but a scraper asking every
 * second (the metrics benchmark does) made the statement walk the outbox's index entries that
 * often, and its cost showed on the bet path's database CPU (decision 159).
 */
export const DATABASE_SAMPLE_INTERVAL_MS = 10_000

/**
 * A scrape's sampler: the process's own figures every time, the database's at most once per
 * `intervalMs` (a scrape while one is being read waits for that one).
 */
export function createScrapeSampler(
  sources: MetricsSources,
  { intervalMs = DATABASE_SAMPLE_INTERVAL_MS, now = () => performance.now() } = {},
): () => Promise<void> {
  let lastReadAt = Number.NEGATIVE_INFINITY
  let reading: Promise<void> | undefined
  return async () => {
    sampleProcessGauges(sources)
    if (reading) return reading
    if (now() - lastReadAt < intervalMs) return
    lastReadAt = now()
    reading = sampleDatabaseGauges(sources.db).finally(() => {
      reading = undefined
    })
    return reading
  }
}

/** Sets the scraped gauges; a database that does not answer leaves its gauges and says so. */
export async function sampleScrapedGauges(sources: MetricsSources): Promise<void> {
  sampleProcessGauges(sources)
  await sampleDatabaseGauges(sources.db)
}

function sampleProcessGauges(sources: MetricsSources): void {
  const gauges = scrapedGauges
  gauges.liveStreamsOpen.set(sources.openLiveStreams())
  if (sources.pool) {
    const { totalCount, idleCount, waitingCount } = sources.pool
    gauges.poolConnections.set({ state: 'in_use' }, totalCount - idleCount)
    gauges.poolConnections.set({ state: 'idle' }, idleCount)
    gauges.poolWaiting.set(waitingCount)
  }
}

async function sampleDatabaseGauges(db: Database): Promise<void> {
  const gauges = scrapedGauges
  let row: SampleRow | undefined
  try {
    // Both drivers answer { rows }; the common Database type cannot say so.
    const result = rowsOf<SampleRow>(await db.execute(SAMPLE_SQL))
    row = result[0]
  } catch {
    // The scrape still answers, with the database marked down: that is the figure to alert on.
    gauges.databaseUp.set(0)
    return
  }
  if (!row) return
  gauges.databaseUp.set(1)
  gauges.outboxDepth.set({ outbox: 'mail' }, Number(row.mail_pending))
  gauges.outboxOldestAge.set({ outbox: 'mail' }, Number(row.mail_oldest_seconds))
  gauges.outboxDepth.set({ outbox: 'push' }, Number(row.push_pending))
  gauges.outboxOldestAge.set({ outbox: 'push' }, Number(row.push_oldest_seconds))
  gauges.settlementsInProgress.set(Number(row.settlements_in_progress))
  gauges.settlementsStopped.set(Number(row.settlements_stopped))
  gauges.settlementIdleAge.set(Number(row.settlement_idle_seconds))
  gauges.settlementCoinsUnpaid.set(Number(row.settlement_coins_unpaid))
}
