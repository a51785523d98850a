// A burst of share images nobody has asked for yet (security review, item 9; decision 104),
// against the real server on a port (in this process, PGlite): 76 different cold cards at once,
// each from a client address of its own, need no sign-in. The drawings run on the worker pool
// with a bounded queue, so each answer is the PNG or 503 with Retry-After, /api/health keeps
// answering meanwhile, and one address cannot start more than its drawings of the minute (429
// with Retry-After). The drawing path does not depend on the database engine: PGlite only.
import http from 'node:http'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bets, tournaments } from '#server/db/schema'
import { createShareIds } from '#server/game/share-id'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { TEST_AUTH_SECRET } from '#tests/test-app'
import { insertBulkUsers, insertOpenTournament, placeBulkBets } from './support/bulk-fixtures'
import { startRawServer, type RawServer } from './support/raw-server'

const BURST = 76
const WORKERS = 1
const QUEUE = 16
const PER_ADDRESS = 30
const HEALTH_P99_BUDGET_MS = 1_500

interface Answer {
  status: number
  retryAfter: string | undefined
}

/** A GET from a loopback address of the caller's choice (each address a client of its own). */
function get(origin: string, path: string, localAddress: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, origin), { agent: false, localAddress }, (res) => {
      res.resume()
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] }),
      )
    })
    request.on('error', reject)
  })
}

describe('a burst of cold share images on the real server', () => {
  let server: RawServer
  let paths: string[]

  beforeAll(async () => {
    server = await startRawServer({
      CARD_DRAW_WORKERS: String(WORKERS),
      CARD_DRAW_QUEUE_MAX: String(QUEUE),
      CARD_DRAWS_PER_ADDRESS_PER_MINUTE: String(PER_ADDRESS),
    })
    const { db } = server.database
    const bracket = await insertOpenTournament(db)
    const fans = await insertBulkUsers(db, { prefix: 'share_burst', count: BURST })
    expect(await placeBulkBets(db, bracket, fans, 64)).toBe(BURST)
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 60_000) })
      .where(eq(tournaments.id, bracket.tournament.id))
    const shareIds = createShareIds(TEST_AUTH_SECRET)
    const placed = await db
      .select({ id: bets.id })
      .from(bets)
      .where(eq(bets.tournamentId, bracket.tournament.id))
    paths = placed.map(({ id }) => `/api/share/${shareIds.shareIdOf(id)}/image.png`)
  })
  afterAll(async () => {
    await expectLedgerAudit(server.database.db)
    await server.close()
  })

  it(`${BURST} cold cards at once: PNGs or 503 with Retry-After, and /api/health answers`, async () => {
    const burst = Promise.all(paths.map((path, i) => get(server.url, path, `127.0.10.${1 + i}`)))
    let done = false
    void burst.finally(() => (done = true))
    const health: number[] = []
    while (!done || health.length < 20) {
      const startedAt = performance.now()
      const res = await fetch(`${server.url}/api/health`)
      await res.arrayBuffer()
      expect(res.status).toBe(200)
      health.push(performance.now() - startedAt)
    }
    const answers = await burst
    const drawn = answers.filter((answer) => answer.status === 200).length
    const refused = answers.filter((answer) => answer.status === 503)
    expect(drawn + refused.length).toBe(BURST)
    // At least what the worker and the queue hold at once is drawn.
    expect(drawn).toBeGreaterThanOrEqual(WORKERS + QUEUE)
    for (const answer of refused) expect(answer.retryAfter).toBe('2')

    health.sort((a, b) => a - b)
    const p50 = health[Math.floor(health.length * 0.5)]!
    const p99 = health[Math.floor(health.length * 0.99)]!
    console.info(
      `${BURST} cold share images at once: ${drawn} × 200, ${refused.length} × 503; ` +
        `/api/health meanwhile ${health.length} requests, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    )
    expect(p99).toBeLessThan(HEALTH_P99_BUDGET_MS)

    // Asked again one at a time, every card is drawn (or served from what was kept).
    for (const [i, path] of paths.entries()) {
      expect((await get(server.url, path, `127.0.11.${1 + i}`)).status, path).toBe(200)
    }
  })

  it(`one client address starts at most ${PER_ADDRESS} drawings a minute: 429 with Retry-After`, async () => {
    const answers: Answer[] = []
    // The English cards are all cold; one request at a time, so the queue never fills.
    for (const path of paths.slice(0, PER_ADDRESS + 5)) {
      answers.push(await get(server.url, `${path}?lang=en`, '127.0.12.1'))
    }
    expect(answers.slice(0, PER_ADDRESS).map((answer) => answer.status)).toEqual(
      Array(PER_ADDRESS).fill(200),
    )
    for (const answer of answers.slice(PER_ADDRESS)) {
      expect(answer.status).toBe(429)
      expect(Number(answer.retryAfter)).toBeGreaterThan(0)
    }
    // Kept cards are served to that address still, and other addresses draw on.
    expect((await get(server.url, `${paths[0]}?lang=en`, '127.0.12.1')).status).toBe(200)
    expect((await get(server.url, `${paths[PER_ADDRESS]}?lang=en`, '127.0.12.2')).status).toBe(200)
  })
})
