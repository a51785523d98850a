// Account mail goes first (decision 152): a confirmation or a password reset is claimed before
// any bulk mail already waiting in the outbox, so it never waits behind a wave of reminders. On
// PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest'
import { createVerifiedAccount } from '#tests/accounts'
import { createTestApp, createTestEnv } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { mailOutbox } from '#server/db/schema'
import { createLogger } from '#server/logger'
import { claimDueMails, insertOutboxMails } from './mail-outbox'
import { createMailer, type OutgoingMail } from './mailer'

const REMINDERS = 150

function reminderTo(i: number): OutgoingMail {
  return {
    to: `reminder-${i}@example.test`,
    subject: 'The deadline is near',
    text: 'text',
    html: '<p>html</p>',
    headers: { 'List-Unsubscribe': '<https://golden-point.test/unsubscribe>' },
  }
}

describe.each(testDatabaseKinds)('the outbox’s order on %s', (kind) => {
  const database = useTestDatabase(kind)

  it(`claims a password reset before ${REMINDERS} reminders queued ahead of it`, async () => {
    const handle = database()
    const { db } = handle
    const env = createTestEnv()
    const logger = createLogger(createTestEnv({ LOG_LEVEL: 'silent' }))
    // A worker that is not woken: the mails stay queued until this test claims them.
    const mailer = { ...createMailer({ env, db, logger }), wake: () => {} }
    const setup = createTestApp(handle, { mailer })
    const { email } = await createVerifiedAccount(setup, handle)
    await db.delete(mailOutbox)

    await insertOutboxMails(
      db,
      Array.from({ length: REMINDERS }, (_, i) => reminderTo(i)),
    )
    const requested = await new TestBrowser(setup.app).post('/api/auth/request-password-reset', {
      email,
    })
    expect(requested.status).toBe(200)

    const [first, ...others] = await claimDueMails(db, { limit: 1, leaseMs: 60_000 })
    expect(others).toEqual([])
    expect(first).toMatchObject({ to: email })
    expect(first!.text).toMatch(/\/reset-password\?token=/)
    // Then the reminders.
    const next = await claimDueMails(db, { limit: 2, leaseMs: 60_000 })
    expect(next.map((mail) => mail.subject)).toEqual([
      'The deadline is near',
      'The deadline is near',
    ])
  })
})
