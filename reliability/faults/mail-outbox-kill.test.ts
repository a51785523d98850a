// kill -9 between a commit and its mail (issue #17 item 1, decision 091): a sign-up commits its
// confirmation mail into the outbox, the worker starts sending it to an SMTP server that never
// answers, and the process is killed there. The restarted server (local mailbox) sends the mail
// once its dead claim's lease has passed: exactly one message arrives. And with the local mailbox
// throughout, mails being delivered when the process dies arrive once each (decision 091).
import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { mailOutbox } from '#server/db/schema'
import type { DatabaseHandle } from '#server/db/client'
import { mailboxOf, send, waitUntil } from '#tests/http-client'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { createServerPglite, createServerPostgres } from '#tests/server-database'
import type { ServerProcess } from '#tests/server-process'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import { startReliabilityServer } from '../support/reliability-server'

const LEASE_SECONDS = 1
const DELIVERY_LIMIT_MS = 20_000
const IN_FLIGHT = 20

/**
 * The addresses whose sign-up committed before the kill: each has its confirmation mail in the
 * mailbox once the restarted server's worker has drained (an account without one would be a lost
 * mail, which the first case of this file rules out).
 */
async function committedAddresses(origin: string, emails: string[]): Promise<string[]> {
  const committed: string[] = []
  await waitUntil(
    async () => {
      committed.length = 0
      for (const email of emails)
        if ((await mailboxOf(origin, email)).length > 0) committed.push(email)
      return committed.length > 0
    },
    { timeoutMs: DELIVERY_LIMIT_MS, what: 'the mails of committed sign-ups reach the mailbox' },
  )
  return [...committed]
}

/** An SMTP server that accepts connections and never says a word. */
async function startSilentSmtp(): Promise<{
  port: number
  connections: () => number
  close(): void
}> {
  const sockets: Socket[] = []
  const server: Server = createServer((socket) => {
    sockets.push(socket)
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return {
    port: address.port,
    connections: () => sockets.length,
    close() {
      for (const socket of sockets) socket.destroy()
      server.close()
    },
  }
}

type ServerDatabase = { databaseUrl: string } | { dataDir: string }

interface Engine {
  database: ServerDatabase
  /** The test's own handle for checks; PGlite's only once the server has stopped. */
  open(): Promise<{ handle: DatabaseHandle; close(): Promise<void> }>
  remove(): Promise<void>
}

const engines: Array<[string, () => Promise<Engine>]> = [
  [
    'pglite',
    async () => {
      const folder = createServerPglite()
      return {
        database: { dataDir: folder.dataDir },
        async open() {
          const handle = await folder.open()
          return { handle, close: () => handle.close() }
        },
        remove: async () => folder.remove(),
      }
    },
  ],
]
if (TEST_DATABASE_URL) {
  engines.push([
    'postgres',
    async () => {
      const postgres = await createServerPostgres()
      return {
        database: { databaseUrl: postgres.url },
        open: async () => ({ handle: postgres.handle, close: async () => {} }),
        remove: () => postgres.drop(),
      }
    },
  ])
}

describe.each(engines)('kill -9 between the commit and the mail on %s', (_kind, makeDatabase) => {
  const cleanups: Array<() => Promise<void> | void> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  it('sends the committed mail after the restart, once', async () => {
    const { database, open, remove } = await makeDatabase()
    cleanups.push(remove)
    const smtp = await startSilentSmtp()
    cleanups.push(() => smtp.close())
    const outboxEnv = {
      MAIL_OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
      MAIL_OUTBOX_POLL_MS: '200',
    }

    let server: ServerProcess = await startReliabilityServer({
      ...database,
      env: { ...outboxEnv, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
    })
    cleanups.push(() => server.kill9())
    const email = `outbox-kill-${Date.now()}@example.test`
    const signedUp = await send(server.origin, '/api/auth/sign-up/email', {
      method: 'POST',
      json: { username: `kill_${Date.now()}`, email, password: 'padel-Golden-Point-2026' },
    })
    expect(signedUp.status).toBe(200)
    // The mail is committed and its send is under way: now the process dies.
    await waitUntil(async () => smtp.connections() > 0, {
      timeoutMs: 10_000,
      what: 'the worker connects to SMTP',
    })
    await server.kill9()

    server = await startReliabilityServer({ ...database, env: outboxEnv })
    await waitUntil(async () => (await mailboxOf(server.origin, email)).length > 0, {
      timeoutMs: DELIVERY_LIMIT_MS,
      what: 'the confirmation mail reaches the mailbox after the restart',
    })
    // A few more polls and leases later, still exactly one.
    await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS + 1) * 1000))
    const messages = await mailboxOf(server.origin, email)
    expect(messages).toHaveLength(1)
    expect(messages[0]!.text).toContain('/email-confirmation?token=')
    await server.stop()

    // The outbox shows the dead try and the one that went out; the money is whole.
    const check = await open()
    try {
      const rows = await check.handle.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
      expect(rows).toMatchObject([{ state: 'sent', attempts: 2 }])
      await expectLedgerAudit(check.handle.db)
    } finally {
      await check.close()
    }
  })

  it('delivers every mail in flight to the local mailbox once when the process dies mid-drain', async () => {
    const { database, remove } = await makeDatabase()
    cleanups.push(remove)
    const outboxEnv = {
      MAIL_OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
      MAIL_OUTBOX_POLL_MS: '200',
    }
    let server: ServerProcess = await startReliabilityServer({ ...database, env: outboxEnv })
    cleanups.push(() => server.kill9())
    const stamp = Date.now()
    const emails = Array.from(
      { length: IN_FLIGHT },
      (_, index) => `in-flight-${stamp}-${index}@example.test`,
    )
    const signUps = emails.map((email, index) =>
      send(server.origin, '/api/auth/sign-up/email', {
        method: 'POST',
        json: {
          username: `flight_${stamp % 100000}_${index}`,
          email,
          password: 'padel-Golden-Point-2026',
        },
      }),
    )
    // Killed as soon as the first sign-up has committed: the others are committing, and their
    // mails being delivered, at that moment.
    await Promise.race(signUps)
    await server.kill9()
    await Promise.allSettled(signUps)

    server = await startReliabilityServer({ ...database, env: outboxEnv })
    const committed = await committedAddresses(server.origin, emails)
    await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS + 2) * 1000))
    for (const email of committed) {
      expect(await mailboxOf(server.origin, email), email).toHaveLength(1)
    }
    await server.stop()
  })
})
