// The database goes away under load (issue #6 item 4): every connection of the server is
// terminated and new ones are refused (ALTER DATABASE … ALLOW_CONNECTIONS false), as during a
// PostgreSQL restart, without stopping the cluster other suites share. The process must live
// through it, answer 503 with Retry-After (readiness and every other route, never 500) while
// the database is away, and answer 200 again within 10 s of its return.
import { describe, expect, it } from 'vitest'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { BULK_PASSWORD, insertBulkUsers, insertOpenTournament } from '../support/bulk-fixtures'
import { send, signInAll, waitUntil, type HttpAnswer, type Session } from '#tests/http-client'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import { CHECK_APPLICATION_NAME, type ServerPostgres } from '#tests/server-database'
import { usePostgresServerSuite } from '../support/postgres-server-suite'
import { size } from '../support/sizes'

const CLIENTS = 20
const OUTAGES = size(2, 5)
const OUTAGE_MS = 6_000
const RECOVERY_LIMIT_MS = 10_000
const TERMINATIONS = 20

describe.runIf(TEST_DATABASE_URL)('the database going away under load on PostgreSQL', () => {
  // A failed drill may leave the database refusing connections; the drop needs them back.
  const suite = usePostgresServerSuite((database) => allowConnections(database, true))

  it(`survives ${OUTAGES} outages and ${TERMINATIONS} terminations, answers 503 meanwhile and recovers within 10 s`, async () => {
    const { database } = suite
    const { db } = database.handle
    const users = await insertBulkUsers(db, {
      prefix: 'outage',
      count: CLIENTS,
      withPassword: true,
    })
    const { tournament } = await insertOpenTournament(db)
    const running = await suite.startServer()
    const sessions = await signInAll(
      running.origin,
      users.map((row) => row.email),
      BULK_PASSWORD,
    )
    const paths = [
      '/api/tournaments',
      `/api/tournaments/${tournament.id}`,
      '/api/leaderboard',
      '/api/me',
    ]

    let phase: 'up' | 'away' | 'recovering' = 'up'
    const statuses = { up: new Map<string, number>(), away: new Map<string, number>() }
    const count = (answer: HttpAnswer) => {
      if (phase === 'recovering') return
      const key = `${answer.status} ${errorCode(answer)}`.trim()
      statuses[phase].set(key, (statuses[phase].get(key) ?? 0) + 1)
    }
    let isLoading = true
    const load = Promise.all(
      sessions.map(async (session, i) => {
        for (let n = i; isLoading; n++) {
          count(await send(running.origin, paths[n % paths.length]!, { cookie: session.cookie }))
        }
      }),
    )

    const recoveries: number[] = []
    for (let outage = 0; outage < OUTAGES; outage++) {
      await sleep(2_000)
      phase = 'away'
      await cutDatabase(database)
      const startedAt = performance.now()
      while (performance.now() - startedAt < OUTAGE_MS) {
        const ready = await send(running.origin, '/api/ready')
        expect(running.isRunning(), `the server died: ${running.output()}`).toBe(true)
        expect(ready.status, JSON.stringify(ready.body)).toBe(503)
        expect(ready.headers.get('Retry-After')).toBeTruthy()
        // The account routes are better-auth's own handler: they must say 503 as well.
        const signInAnswer = await send(running.origin, '/api/auth/sign-in/email', {
          method: 'POST',
          json: { email: users[0]!.email, password: BULK_PASSWORD },
        })
        expect(`${signInAnswer.status} ${errorCode(signInAnswer)}`).toBe('503 SERVICE_UNAVAILABLE')
        const sessionAnswer = await send(running.origin, '/api/auth/get-session', {
          cookie: sessions[0]!.cookie,
        })
        expect(`${sessionAnswer.status} ${errorCode(sessionAnswer)}`).toBe(
          '503 SERVICE_UNAVAILABLE',
        )
        await sleep(250)
      }
      phase = 'recovering'
      await allowConnections(database, true)
      recoveries.push(
        await waitUntil(() => allAnswer200(running.origin, paths, sessions[0]!), {
          timeoutMs: RECOVERY_LIMIT_MS,
          intervalMs: 100,
          what: `outage ${outage}: every route answers 200 again`,
        }),
      )
      phase = 'up'
    }
    // Then connections cut again and again while the database stays up (a failover, a pooler).
    await sleep(2_000)
    phase = 'away'
    for (let cut = 0; cut < TERMINATIONS; cut++) {
      await terminateServerConnections(database)
      await sleep(250)
    }
    phase = 'recovering'
    const afterTerminations = await waitUntil(
      () => allAnswer200(running.origin, paths, sessions[0]!),
      {
        timeoutMs: RECOVERY_LIMIT_MS,
        intervalMs: 100,
        what: 'every route answers 200 after the terminations',
      },
    )
    isLoading = false
    await load

    console.info('[faults] database outages', {
      outages: OUTAGES,
      recoveryMs: recoveries.map(Math.round),
      terminations: TERMINATIONS,
      recoveryAfterTerminationsMs: Math.round(afterTerminations),
      up: Object.fromEntries(statuses.up),
      away: Object.fromEntries(statuses.away),
    })
    expect(running.isRunning(), running.output()).toBe(true)
    expect([...statuses.up.keys()]).toEqual(['200'])
    // Requests that finished just before the cut may still answer 200; none may answer 500.
    expect(
      [...statuses.away.keys()].filter((key) => !/^(200|503 SERVICE_UNAVAILABLE)$/.test(key)),
    ).toEqual([])
    expect(statuses.away.get('503 SERVICE_UNAVAILABLE') ?? 0).toBeGreaterThan(0)
    await running.terminate()
    await expectLedgerAudit(db)
  })
})

/** Refuses new connections to the app database and terminates the server's existing ones. */
async function cutDatabase(database: ServerPostgres): Promise<void> {
  await allowConnections(database, false)
  await terminateServerConnections(database)
}

async function terminateServerConnections(database: ServerPostgres): Promise<void> {
  await database.admin(`select pg_terminate_backend(pid) from pg_stat_activity
    where datname = '${database.name}' and application_name <> '${CHECK_APPLICATION_NAME}'`)
}

async function allAnswer200(origin: string, paths: readonly string[], session: Session) {
  const answers = await Promise.all(
    ['/api/ready', ...paths].map((path) => send(origin, path, { cookie: session.cookie })),
  )
  return answers.every((answer) => answer.status === 200)
}

function errorCode(answer: HttpAnswer): string {
  const body = answer.body as { error?: { code?: string } } | undefined
  return body?.error?.code ?? ''
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function allowConnections(database: ServerPostgres, allowed: boolean) {
  return database.admin(`ALTER DATABASE "${database.name}" WITH ALLOW_CONNECTIONS ${allowed}`)
}
