// SIGTERM with 100 requests in flight (issue #6 item 4): the server stops taking connections,
// lets every request it has finish, and exits within 25 s. The requests are held in flight by a
// lock on the tournament row (place_bet takes it FOR SHARE) that the test releases after the
// signal, so they are still running when it arrives.
import { describe, expect, it, onTestFinished } from 'vitest'
import { betBody } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { BULK_PASSWORD, insertBulkUsers, insertOpenTournament } from '../support/bulk-fixtures'
import { send, signInAll, waitUntil } from '#tests/http-client'
import { usePostgresServerSuite } from '../support/postgres-server-suite'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import type { ServerPostgres } from '#tests/server-database'

const IN_FLIGHT = 100
const EXIT_LIMIT_MS = 25_000
const HELD_AFTER_SIGNAL_MS = 2_000

describe.runIf(TEST_DATABASE_URL)('SIGTERM with requests in flight on PostgreSQL', () => {
  const suite = usePostgresServerSuite()

  it(`finishes all ${IN_FLIGHT} requests and exits within 25 s`, async () => {
    const { db, client: pool } = suite.database.handle as Extract<
      ServerPostgres['handle'],
      { kind: 'postgres' }
    >
    const users = await insertBulkUsers(db, {
      prefix: 'sigterm',
      count: IN_FLIGHT,
      withPassword: true,
    })
    const bracket = await insertOpenTournament(db)
    const running = await suite.startServer()
    const sessions = await signInAll(
      running.origin,
      users.map((row) => row.email),
      BULK_PASSWORD,
    )

    // The sign-ins' keep-alive connections close first (the server's keepAliveTimeout is 5 s),
    // so that every connection counted below is a bet's.
    await new Promise((resolve) => setTimeout(resolve, 6_000))
    const socketsBefore = running.countSockets()
    const lock = await pool.connect()
    // Released whatever happens, or closing the pool after a failure would wait for it forever.
    onTestFinished(() => lock.release())
    await lock.query('begin')
    await lock.query('select id from tournaments where id = $1 for update', [bracket.tournament.id])
    const answers = Promise.all(
      sessions.map((session) =>
        send(running.origin, `/api/tournaments/${bracket.tournament.id}/bets`, {
          method: 'POST',
          json: betBody(bracket),
          cookie: session.cookie,
        }),
      ),
    )
    // In flight: the server has accepted every connection and the first bets wait for the lock
    // (the rest for a pooled connection behind them); a moment more lets it read every request.
    await waitUntil(async () => running.countSockets() >= socketsBefore + IN_FLIGHT, {
      timeoutMs: 30_000,
      what: `${IN_FLIGHT} connections accepted`,
    })
    await waitUntil(async () => (await countWaitingForLock(pool)) > 0, {
      timeoutMs: 30_000,
      what: 'bets waiting for the tournament lock',
    })
    await new Promise((resolve) => setTimeout(resolve, 1_000))

    const exit = running.terminate()
    await new Promise((resolve) => setTimeout(resolve, HELD_AFTER_SIGNAL_MS))
    expect(running.isRunning(), 'the server waits for its requests').toBe(true)
    await lock.query('commit')

    const statuses = (await answers).map((answer) => answer.status)
    const { code, ms } = await exit
    console.info('[faults] SIGTERM with requests in flight', {
      inFlight: IN_FLIGHT,
      answered201: statuses.filter((status) => status === 201).length,
      exitCode: code,
      exitMs: Math.round(ms),
    })
    expect(statuses.filter((status) => status !== 201)).toEqual([])
    expect(code, running.output()).toBe(0)
    expect(ms).toBeLessThan(EXIT_LIMIT_MS)
    await expectLedgerAudit(db)
  })
})

async function countWaitingForLock(pool: {
  query: (text: string) => Promise<{ rows: { n: number }[] }>
}) {
  const { rows } = await pool.query(`select count(*)::integer as n from pg_stat_activity
    where datname = current_database() and application_name = 'golden-point'
      and wait_event_type = 'Lock'`)
  return rows[0]!.n
}
