// What a crash between a delivery and its record does (decision 091): the local mailbox stores
// a mail only in the transaction that records it sent, so it never holds a mail twice; SMTP is at
// least once, and a mail sent again carries the Message-ID of its outbox row both times.
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { createTestEnv } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import type { Database } from '#server/db/client'
import { mailOutbox, mailboxMessages } from '#server/db/schema'
import { createLogger } from '#server/logger'
import { claimDueMails, markMailSent } from './mail-outbox'
import { createMailer, listMailboxMessages, type SendMail } from './mailer'
import { outboxMessageId } from './message-id'

const quietLogger = createLogger(createTestEnv({ LOG_LEVEL: 'silent' }))
const FROM = 'Golden Point <no-reply@padel.example>'

function mailboxMailer(db: Database) {
  return createMailer({
    env: createTestEnv({ MAIL_FROM: FROM }),
    db,
    logger: quietLogger,
    timing: { retryBaseMs: 60_000 },
  })
}

async function outboxState(db: Database, to: string) {
  const [row] = await db
    .select({ id: mailOutbox.id, state: mailOutbox.state, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
  return row!
}

/** Time passes: every waiting mail is due now. */
async function makeDue(db: Database) {
  await db.update(mailOutbox).set({ nextAttemptAt: sql`now()` })
}

describe('Message-ID', () => {
  it('names the outbox row at the sender domain, and falls back when the sender has none', () => {
    expect(outboxMessageId('0b7c', FROM)).toBe('<mail-0b7c@padel.example>')
    expect(outboxMessageId('0b7c', 'news@club.example')).toBe('<mail-0b7c@club.example>')
    expect(outboxMessageId('0b7c', 'Golden Point')).toBe('<mail-0b7c@golden-point.invalid>')
  })
})

describe.each(testDatabaseKinds)('a mail delivered once on %s', (kind) => {
  const database = useTestDatabase(kind)
  beforeEach(async () => {
    const { db } = database()
    await db.delete(mailOutbox)
    await db.delete(mailboxMessages)
  })

  it('keeps the local mailbox free of a second copy when the record of a delivery fails', async () => {
    const { db } = database()
    const to = 'crash-between@example.test'
    const mailer = mailboxMailer(db)
    await mailer.enqueue(db, { to, subject: 'Hello', text: 'text', html: '<p>html</p>' })
    // The first record of "sent" fails, as a process dying right after the delivery would.
    await db.execute(sql`
      create function fail_first_sent() returns trigger language plpgsql as $$
      begin
        if new.state = 'sent' and new.attempts = 1 then raise exception 'died after delivery'; end if;
        return new;
      end $$`)
    await db.execute(sql`
      create trigger fail_first_sent before update on mail_outbox
      for each row execute function fail_first_sent()`)
    try {
      await mailer.idle()
      expect(await listMailboxMessages(db, { to })).toEqual([])
      expect(await outboxState(db, to)).toMatchObject({ state: 'pending', attempts: 1 })
      await makeDue(db)
      await mailer.idle()
    } finally {
      await db.execute(sql`drop trigger fail_first_sent on mail_outbox`)
      await db.execute(sql`drop function fail_first_sent()`)
    }
    const messages = await listMailboxMessages(db, { to })
    const row = await outboxState(db, to)
    expect(row).toMatchObject({ state: 'sent', attempts: 2 })
    expect(messages).toHaveLength(1)
    expect(messages[0]!.headers['Message-ID']).toBe(`<mail-${row.id}@padel.example>`)
  })

  it('lets a try whose lease passed store nothing once another worker delivered the mail', async () => {
    const { db } = database()
    const to = 'late-try@example.test'
    const mailer = mailboxMailer(db)
    await mailer.enqueue(db, { to, subject: 'Hello', text: 'text', html: '<p>html</p>' })
    const [late] = await claimDueMails(db, { limit: 1, leaseMs: 1 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    await mailer.idle()
    // The late try's record belongs to an older claim: it is refused, so it stores nothing.
    expect(await markMailSent(db, late!)).toBe(false)
    expect(await listMailboxMessages(db, { to })).toHaveLength(1)
  })

  it('sends a mail that SMTP refused again with the same Message-ID', async () => {
    const { db } = database()
    const to = 'smtp-again@example.test'
    const messageIds: string[] = []
    const send: SendMail = async (mail) => {
      messageIds.push(mail.messageId)
      if (messageIds.length === 1) throw new Error('SMTP 451 try 1')
    }
    const mailer = createMailer({
      env: createTestEnv({ MAIL_FROM: FROM }),
      db,
      logger: quietLogger,
      send,
      timing: { retryBaseMs: 60_000 },
    })
    await mailer.enqueue(db, { to, subject: 'Hello', text: 'text', html: '<p>html</p>' })
    await mailer.idle()
    await makeDue(db)
    await mailer.idle()
    const row = await outboxState(db, to)
    expect(row.state).toBe('sent')
    expect(messageIds).toEqual([`<mail-${row.id}@padel.example>`, `<mail-${row.id}@padel.example>`])
  })
})
