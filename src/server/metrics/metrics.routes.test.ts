// GET /metrics (docs/operations.md): off without METRICS_TOKEN, closed without the token, and
// the figures the dashboard reads, labelled by route template and code, never by an id.
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailOutbox } from '#server/db/schema'
import { betBody, insertBracketTournament, signInAs } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { metricsRegistry } from './metrics'
import {
  createScrapeSampler,
  DATABASE_SAMPLE_INTERVAL_MS,
  OUTBOX_DEPTH_CAP,
  sampleScrapedGauges,
  type MetricsSources,
} from './metrics-sampler'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

const TOKEN = 'metrics-token-for-tests-0123456789'
const withToken = { Authorization: `Bearer ${TOKEN}` }

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

/** Every label value of the text format: what a dashboard could group by. */
function labelValuesOf(text: string): string[] {
  return [...text.matchAll(/\w+="((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!)
}

describe.each(testDatabaseKinds)('GET /metrics on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('is a missing route (404, never the web app) while METRICS_TOKEN is unset', async () => {
    const { app } = createTestApp(database())
    for (const headers of [{}, withToken] as Record<string, string>[]) {
      const res = await app.request('/metrics', { headers })
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    }
  })

  it('answers 401 without the token, with another one or in another scheme', async () => {
    const { app } = createTestApp(database(), { env: { METRICS_TOKEN: TOKEN } })
    const refused: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer wrong-token' },
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { Authorization: TOKEN },
    ]
    for (const headers of refused) {
      const res = await app.request('/metrics', { headers })
      expect(res.status, JSON.stringify(headers)).toBe(401)
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer realm="metrics"')
      const body = await res.text()
      expect(body).toContain('UNAUTHENTICATED')
      expect(body).not.toContain('goldenpoint_')
    }
  })

  it('serves the figures in the text format, by route template and code, with no id or e-mail', async () => {
    const setup = createTestApp(database(), { env: { METRICS_TOKEN: TOKEN } })
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const fan = await signInAs(setup, db, { balance: 200 })
    const betsPath = `/api/tournaments/${bracket.tournament.id}/bets`
    expect((await fan.browser.post(betsPath, betBody(bracket))).status).toBe(201)
    expect((await fan.browser.post(betsPath, betBody(bracket))).status).toBe(409)
    expect((await setup.app.request(`/api/tournaments/${bracket.tournament.id}`)).status).toBe(200)
    await db.insert(mailOutbox).values({ to: fan.email, subject: 's', text: 't', html: 'h' })

    const res = await setup.app.request('/metrics', { headers: withToken })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const text = await res.text()

    expect(text).toMatch(
      /goldenpoint_http_request_duration_seconds_count\{method="POST",route="\/api\/tournaments\/:id\/bets",status="201"\} [1-9]/,
    )
    expect(text).toMatch(
      /goldenpoint_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/tournaments\/:id",status="200"\}/,
    )
    expect(text).toMatch(/goldenpoint_bets_placed_total [1-9]/)
    expect(text).toMatch(/goldenpoint_bets_refused_total\{code="ALREADY_BET"\} [1-9]/)
    expect(text).toMatch(/goldenpoint_bet_batch_size_count [1-9]/)
    expect(text).toMatch(/goldenpoint_outbox_pending\{outbox="mail"\} 1\n/)
    expect(text).toMatch(/goldenpoint_outbox_pending\{outbox="push"\} 0\n/)
    expect(text).toMatch(
      /goldenpoint_outbox_oldest_pending_age_seconds\{outbox="mail"\} [\d.e-]+\n/,
    )
    expect(text).toMatch(/goldenpoint_settlements_in_progress 0\n/)
    expect(text).toMatch(/goldenpoint_settlement_oldest_idle_seconds 0\n/)
    expect(text).toMatch(/goldenpoint_database_up 1\n/)
    expect(text).toMatch(/goldenpoint_live_streams_open 0\n/)
    for (const series of [
      'goldenpoint_settlement_chunk_duration_seconds',
      'goldenpoint_settlement_bets_paid_total',
      'goldenpoint_standings_rebuild_duration_seconds',
      'goldenpoint_settlements_stopped',
      'goldenpoint_settlement_coins_unpaid',
      'goldenpoint_db_pool_connections',
      'goldenpoint_db_pool_waiting_requests',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${series} `)
    }

    // Every series the dashboard and the alerts read is served.
    for (const doc of ['docs/grafana-dashboard.json', 'docs/operations.md']) {
      const named = new Set(readFileSync(doc, 'utf8').match(/\b(goldenpoint|process|nodejs)_\w+/g))
      expect(named.size, doc).toBeGreaterThan(5)
      for (const series of named) expect(text, `${doc}: ${series}`).toContain(`${series}`)
    }

    const values = labelValuesOf(text)
    expect(values.length).toBeGreaterThan(10)
    for (const value of values) {
      expect(value).not.toMatch(UUID)
      expect(value).not.toContain('@')
      expect(value).not.toContain(fan.userId)
    }
  })
})

describe.each(testDatabaseKinds)('an outbox deeper than the cap on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('reads as the cap, with the age of its oldest message, and counts exactly below it', async () => {
    const { db } = database()
    const sample = async () => {
      await sampleScrapedGauges({ db, openLiveStreams: () => 0 })
      return metricsRegistry.metrics()
    }
    // The oldest of all, then one message fewer than the cap: counted exactly.
    await db.execute(sql`
      insert into mail_outbox ("to", subject, text, html, created_at)
      values ('oldest@example.com', 's', 't', 'h', now() - interval '1 hour')`)
    await db.execute(sql`
      insert into mail_outbox ("to", subject, text, html)
      select 'fan' || n || '@example.com', 's', 't', 'h'
        from generate_series(1, ${OUTBOX_DEPTH_CAP - 2}) n`)
    let text = await sample()
    expect(text).toMatch(
      new RegExp(`goldenpoint_outbox_pending\\{outbox="mail"\\} ${OUTBOX_DEPTH_CAP - 1}\n`),
    )
    // Two more: deeper than the cap, read as the cap; the oldest is still an hour old.
    await db.execute(sql`
      insert into mail_outbox ("to", subject, text, html)
      values ('a@example.com', 's', 't', 'h'), ('b@example.com', 's', 't', 'h')`)
    text = await sample()
    expect(text).toMatch(
      new RegExp(`goldenpoint_outbox_pending\\{outbox="mail"\\} ${OUTBOX_DEPTH_CAP}\n`),
    )
    const age = Number(
      /goldenpoint_outbox_oldest_pending_age_seconds\{outbox="mail"\} ([\d.e+-]+)\n/.exec(
        text,
      )?.[1],
    )
    expect(age).toBeGreaterThanOrEqual(3600)
    expect(age).toBeLessThan(3700)
  })
})

describe('the scrape with the database down', () => {
  it('marks the database down and still reports what the process knows', async () => {
    const db = { execute: () => Promise.reject(new Error('connection refused')) }
    await sampleScrapedGauges({
      db: db as unknown as MetricsSources['db'],
      openLiveStreams: () => 3,
      pool: { totalCount: 10, idleCount: 4, waitingCount: 2 },
    })
    const text = await metricsRegistry.metrics()
    expect(text).toMatch(/goldenpoint_database_up 0\n/)
    expect(text).toMatch(/goldenpoint_live_streams_open 3\n/)
    expect(text).toMatch(/goldenpoint_db_pool_connections\{state="in_use"\} 6\n/)
    expect(text).toMatch(/goldenpoint_db_pool_waiting_requests 2\n/)
  })
})

describe('a scraper asking more often than the database is read', () => {
  function countingSources(streams: { open: number }) {
    const reads = { count: 0 }
    let release: () => void = () => {}
    const db = {
      execute: () => {
        reads.count += 1
        return new Promise((resolve) => {
          release = () => resolve({ rows: [] })
        })
      },
    }
    const sources: MetricsSources = {
      db: db as unknown as MetricsSources['db'],
      openLiveStreams: () => streams.open,
    }
    return { sources, reads, release: () => release() }
  }

  it('reads the database once per interval and the process figures on every scrape', async () => {
    const streams = { open: 1 }
    const { sources, reads, release } = countingSources(streams)
    let clock = 0
    const sample = createScrapeSampler(sources, { now: () => clock })

    const first = sample()
    // A second scrape while the first one's statement runs waits for it instead of a second read.
    const alongside = sample()
    release()
    await Promise.all([first, alongside])
    expect(reads.count).toBe(1)

    clock += DATABASE_SAMPLE_INTERVAL_MS - 1
    streams.open = 7
    await sample()
    expect(reads.count).toBe(1)
    expect(await metricsRegistry.metrics()).toMatch(/goldenpoint_live_streams_open 7\n/)

    clock += 1
    const due = sample()
    release()
    await due
    expect(reads.count).toBe(2)
  })
})
