import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MailOutboxItemSchema } from '#shared/schemas/mail-outbox'
import { readMailbox } from '#tests/accounts'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import type { Database } from '#server/db/client'
import { auditLog, mailOutbox } from '#server/db/schema'
import { errorOf, signInAdmin, signInAs } from './admin-test-support'

async function insertMail(db: Database, to: string, state: 'pending' | 'sent' | 'failed') {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to,
      subject: `Mail to ${to}`,
      text: 'text',
      html: '<p>html</p>',
      state,
      attempts: state === 'pending' ? 0 : 6,
      lastError: state === 'failed' ? 'SMTP 550 mailbox unavailable' : null,
    })
    .returning({ id: mailOutbox.id })
  return row!.id
}

describe.each(testDatabaseKinds)('admin mail outbox on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('is closed to visitors (401) and fans (403), and changes nothing for them', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const failedId = await insertMail(db, `closed-${kind}@example.test`, 'failed')
    const visitor = new TestBrowser(setup.app)
    const fan = await signInAs(setup, db)
    for (const [browser, status] of [
      [visitor, 401],
      [fan.browser, 403],
    ] as const) {
      expect((await browser.get('/api/admin/mail-outbox?state=failed')).status).toBe(status)
      expect((await browser.post(`/api/admin/mail-outbox/${failedId}/retry`)).status).toBe(status)
    }
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, failedId))
    expect(row?.state).toBe('failed')
  })

  it('lists failed mails to an admin, retries one, and the worker sends it', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const failedTo = `failed-${kind}@example.test`
    const failedId = await insertMail(db, failedTo, 'failed')
    await insertMail(db, `sent-${kind}@example.test`, 'sent')

    const listed = await admin.browser.get('/api/admin/mail-outbox?state=failed')
    expect(listed.status).toBe(200)
    const failed = MailOutboxItemSchema.array().parse(await listed.json())
    expect(failed.every((mail) => mail.state === 'failed')).toBe(true)
    expect(failed.find((mail) => mail.id === failedId)).toMatchObject({
      to: failedTo,
      attempts: 6,
      lastError: 'SMTP 550 mailbox unavailable',
    })

    const retried = await admin.browser.post(`/api/admin/mail-outbox/${failedId}/retry`)
    expect(retried.status).toBe(200)
    expect(MailOutboxItemSchema.parse(await retried.json())).toMatchObject({
      id: failedId,
      state: 'pending',
      attempts: 0,
    })
    expect(await readMailbox(setup, database(), failedTo)).toHaveLength(1)
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, failedId))
    expect(row).toMatchObject({ state: 'sent', attempts: 1 })
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'mail'), eq(auditLog.entityId, failedId)))
    expect(audit).toMatchObject([{ actorId: admin.userId, action: 'mail.retry' }])
  })

  it('answers 409 with a reason for a mail that is not failed, 404 for an unknown id, 400 for a bad one', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    for (const state of ['pending', 'sent'] as const) {
      const id = await insertMail(db, `${state}-409-${kind}@example.test`, state)
      const res = await admin.browser.post(`/api/admin/mail-outbox/${id}/retry`)
      expect(res.status).toBe(409)
      const body = (await res.json()) as { error: { code: string; reason: string } }
      expect(body.error).toMatchObject({ code: 'CONFLICT', reason: 'MAIL_NOT_FAILED' })
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
      expect(row?.state).toBe(state)
    }
    const unknown = await admin.browser.post(
      '/api/admin/mail-outbox/00000000-0000-4000-8000-000000000000/retry',
    )
    expect(unknown.status).toBe(404)
    const bad = await admin.browser.post('/api/admin/mail-outbox/not-an-id/retry')
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).code).toBe('VALIDATION_FAILED')
    const badState = await admin.browser.get('/api/admin/mail-outbox?state=lost')
    expect(badState.status).toBe(400)
  })
})
