// The outbox on both databases (decision 091): a mail exists exactly when its cause commits, a
// failed try comes back after a growing wait and ends `failed`, a dead worker's claim expires,
// and two workers on one table never send a mail twice.
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { signUp } from '#tests/accounts'
import { createTestApp, createTestEnv } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { trackTransactions } from '#server/auth/auth-transactions'
import { rowsOf, type Database } from '#server/db/client'
import { mailOutbox, user } from '#server/db/schema'
import { createLogger } from '#server/logger'
import { claimDueMails, insertOutboxMails, markMailSent } from './mail-outbox'
import { createMailer, listMailboxMessages, type OutgoingMail, type SendMail } from './mailer'
import { retryDelayMs, type OutboxTiming } from './outbox-worker'

const quietLogger = createLogger(createTestEnv({ LOG_LEVEL: 'silent' }))

function mailTo(to: string): OutgoingMail {
  return { to, subject: 'Hello', text: 'text', html: '<p>html</p>' }
}

function recordingSend(options: { failFirst?: number; delayMs?: number } = {}) {
  const sent: string[] = []
  let calls = 0
  const send: SendMail = async (mail) => {
    calls++
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs))
    if (calls <= (options.failFirst ?? 0)) throw new Error(`SMTP 451 try ${calls}`)
    sent.push(mail.to)
  }
  return { send, sent, calls: () => calls }
}

function mailerOn(db: Database, send: SendMail, timing: Partial<OutboxTiming> = {}) {
  return createMailer({ env: createTestEnv(), db, logger: quietLogger, send, timing })
}

async function outboxRow(db: Database, to: string) {
  const [row] = await db
    .select({
      state: mailOutbox.state,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      dueInMs: sql<number>`(extract(epoch from ${mailOutbox.nextAttemptAt} - now()) * 1000)::float8`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
  return row
}

/** Time passes: the mail's next try is due now. */
async function makeDue(db: Database, to: string) {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(mailOutbox.to, to))
}

describe('retry back-off', () => {
  it('doubles from the base wait up to the cap', () => {
    const timing = { retryBaseMs: 1000, retryMaxMs: 5000 } as OutboxTiming
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(attempt, timing))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ])
  })
})

describe.each(testDatabaseKinds)('mail outbox on %s', (kind) => {
  const database = useTestDatabase(kind)
  // Each case starts from an empty outbox: a worker sends whatever is due, not only its own.
  beforeEach(async () => {
    await database().db.delete(mailOutbox)
  })

  it('writes many mails in one statement exactly as given: text, headers, a missing link', async () => {
    const { db } = database()
    const mails: OutgoingMail[] = [
      {
        to: 'ana@example.com',
        subject: 'Quedan 2 horas — "Final" \\ <Madrid>',
        text: 'Línea 1\nLínea 2 ✓',
        html: '<p title="x">¡Hola!</p>',
        link: 'https://golden-point.example/t/1?predict=1&x=%22',
        headers: { 'List-Unsubscribe': '<https://golden-point.example/u?token=a.b>' },
      },
      { to: 'bo@example.com', subject: 'Hello', text: 'text', html: '<p>html</p>' },
    ]
    await db.transaction((tx) => insertOutboxMails(tx, mails))
    await insertOutboxMails(db, [])
    const rows = await db
      .select({
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        link: mailOutbox.link,
        headers: mailOutbox.headers,
        state: mailOutbox.state,
      })
      .from(mailOutbox)
      .orderBy(mailOutbox.to)
    expect(rows).toEqual([
      { ...mails[0], state: 'pending' },
      { ...mails[1], link: null, headers: {}, state: 'pending' },
    ])
  })

  it('writes the confirmation mail of a sign-up with the user, and sends it once', async () => {
    const setup = createTestApp(database())
    const { input } = await signUp(new TestBrowser(setup.app))
    await setup.mailer.idle()
    const rows = await database().db.select().from(mailOutbox).where(eq(mailOutbox.to, input.email))
    expect(rows).toMatchObject([{ state: 'sent', attempts: 1, sentAt: expect.any(Date) }])
  })

  it('writes the sign-up mail in the very transaction that creates the user', async () => {
    const { db } = database()
    const mailer = mailerOn(db, recordingSend().send)
    // A worker that is never woken leaves the row as the sign-up wrote it.
    const setup = createTestApp(database(), { mailer: { ...mailer, wake: () => {} } })
    const { input } = await signUp(new TestBrowser(setup.app))
    const rows = rowsOf<{ table: string; xid: string }>(
      await db.execute(sql`
      select 'user' as table, xmin::text as xid from "user" where email = ${input.email}
      union all
      select 'mail', xmin::text from mail_outbox where "to" = ${input.email}`),
    )
    expect(rows).toHaveLength(2)
    expect(new Set(rows.map((row) => row.xid)).size).toBe(1)
  })

  it('keeps extra headers with the mail and hands them to the transport', async () => {
    const { db } = database()
    const received: OutgoingMail[] = []
    const mailer = mailerOn(db, async (mail) => {
      received.push(mail)
    })
    const headers = {
      'List-Unsubscribe': '<https://gp.example/api/unsubscribe?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    }
    await mailer.enqueue(db, { ...mailTo('headers@example.test'), headers })
    await mailer.enqueue(db, mailTo('plain@example.test'))
    await mailer.idle()
    const byAddress = new Map(received.map((mail) => [mail.to, mail.headers]))
    expect(byAddress.get('headers@example.test')).toEqual(headers)
    expect(byAddress.get('plain@example.test')).toEqual({})
  })

  it('stores the headers in the local mailbox, which lists them', async () => {
    const { db } = database()
    const mailer = createMailer({ env: createTestEnv(), db, logger: quietLogger })
    const headers = { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    await mailer.enqueue(db, { ...mailTo('local-headers@example.test'), headers })
    await mailer.idle()
    const [message] = await listMailboxMessages(db, { to: 'local-headers@example.test' })
    expect(message?.headers).toEqual({
      ...headers,
      'Message-ID': expect.stringMatching(/^<mail-[0-9a-f-]{36}@golden-point\.invalid>$/),
    })
  })

  it('writes nothing when the cause rolls back, and the mail when it commits', async () => {
    const { db } = database()
    const tracked = trackTransactions(db)
    const mailer = mailerOn(db, recordingSend().send)
    const rolledBack = 'rolled-back@example.test'
    await expect(
      tracked.db.transaction(async (tx) => {
        await tx.insert(user).values({ id: 'outbox-rollback', name: 'x', email: rolledBack })
        await mailer.enqueue(tracked.current()!, mailTo(rolledBack))
        throw new Error('the cause fails')
      }),
    ).rejects.toThrow('the cause fails')
    const committed = 'committed@example.test'
    await tracked.db.transaction(async (tx) => {
      expect(tracked.current()).toBe(tx)
      await mailer.enqueue(tx, mailTo(committed))
    })
    expect(tracked.current()).toBeUndefined()
    expect(await outboxRow(db, rolledBack)).toBeUndefined()
    expect(await outboxRow(db, committed)).toMatchObject({ state: 'pending', attempts: 0 })
  })

  it('retries a failed send after a growing wait, then sends it', async () => {
    const { db } = database()
    const transport = recordingSend({ failFirst: 2 })
    const mailer = mailerOn(db, transport.send, { retryBaseMs: 60_000, maxAttempts: 5 })
    const to = 'retry@example.test'
    await mailer.enqueue(db, mailTo(to))
    await mailer.idle()
    const first = await outboxRow(db, to)
    expect(first).toMatchObject({ state: 'pending', attempts: 1, lastError: 'SMTP 451 try 1' })
    expect(first!.dueInMs).toBeGreaterThan(50_000)
    expect(first!.dueInMs).toBeLessThanOrEqual(60_000)

    await mailer.idle() // not due yet: nothing is tried
    expect(transport.calls()).toBe(1)

    await makeDue(db, to)
    await mailer.idle()
    const second = await outboxRow(db, to)
    expect(second).toMatchObject({ state: 'pending', attempts: 2, lastError: 'SMTP 451 try 2' })
    expect(second!.dueInMs).toBeGreaterThan(110_000)
    expect(second!.dueInMs).toBeLessThanOrEqual(120_000)

    await makeDue(db, to)
    await mailer.idle()
    expect(await outboxRow(db, to)).toMatchObject({ state: 'sent', attempts: 3, lastError: null })
    expect(transport.sent).toEqual([to])
  })

  it('marks a mail failed after the last try and sends it no more', async () => {
    const { db } = database()
    const transport = recordingSend({ failFirst: 100 })
    const mailer = mailerOn(db, transport.send, { retryBaseMs: 1, maxAttempts: 3 })
    const to = 'failed@example.test'
    await mailer.enqueue(db, mailTo(to))
    for (let round = 0; round < 5; round++) {
      await makeDue(db, to)
      await mailer.idle()
    }
    expect(await outboxRow(db, to)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'SMTP 451 try 3',
    })
    expect(transport.calls()).toBe(3)
  })

  it('lets another worker take a mail whose worker died holding it, and ignores the dead one', async () => {
    const { db } = database()
    const to = 'orphan@example.test'
    const transport = recordingSend()
    const mailer = mailerOn(db, transport.send)
    await mailer.enqueue(db, mailTo(to))
    const [claimedByDead] = await claimDueMails(db, { limit: 10, leaseMs: 300 })
    expect(claimedByDead?.to).toBe(to)
    await mailer.idle()
    expect(transport.sent).toEqual([]) // the lease still holds
    await new Promise((resolve) => setTimeout(resolve, 400))
    await mailer.idle()
    expect(transport.sent).toEqual([to])
    // The dead worker's late answer belongs to an older try and changes nothing.
    await markMailSent(db, claimedByDead!)
    expect(await outboxRow(db, to)).toMatchObject({ state: 'sent', attempts: 2 })
  })

  it('never sends one mail twice when two workers drain the same outbox', async () => {
    const { db } = database()
    const addresses = Array.from({ length: 40 }, (_, index) => `pair-${index}@example.test`)
    for (const to of addresses) await db.insert(mailOutbox).values(mailTo(to))
    const left = recordingSend({ delayMs: 5 })
    const right = recordingSend({ delayMs: 5 })
    const timing = { batchSize: 3 }
    await Promise.all([
      mailerOn(db, left.send, timing).idle(),
      mailerOn(db, right.send, timing).idle(),
    ])
    const sent = [...left.sent, ...right.sent]
    expect(sent.toSorted()).toEqual(addresses.toSorted())
    const states = await db
      .select({ state: mailOutbox.state, attempts: mailOutbox.attempts })
      .from(mailOutbox)
    expect(states.every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true)
  })
})
