import { describe, expect, it } from 'vitest'
import { MailboxMessageSchema } from '#shared/schemas/mailbox'
import { mailboxMessages } from '#server/db/schema'
import { createLogger } from '#server/logger'
import { insertOutboxMails } from '#server/mail/mail-outbox'
import { createMailer, type SendMail } from '#server/mail/mailer'
import { signUp } from '#tests/accounts'
import { createTestApp, createTestEnv } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

describe.each(testDatabaseKinds)('GET /api/dev/mailbox on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('lists the local mailbox, newest first, to a client on this machine', async () => {
    const setup = createTestApp(database())
    const first = await signUp(new TestBrowser(setup.app))
    const second = await signUp(new TestBrowser(setup.app), { lang: 'en' })
    // The whole listing does not wait for mail under way (decision 152): let it arrive first.
    await setup.mailer.idle()
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const res = await new TestBrowser(setup.app, { address }).get('/api/dev/mailbox')
      expect(res.status, address).toBe(200)
      const messages = MailboxMessageSchema.array().parse(await res.json())
      const ours = messages.filter((m) => [first.input.email, second.input.email].includes(m.to))
      expect(ours.map((m) => m.to)).toEqual([second.input.email, first.input.email])
      expect(ours[0]).toMatchObject({
        subject: 'Confirm your e-mail for Golden Point',
        text: expect.stringContaining('/email-confirmation?token='),
        html: expect.stringContaining(
          '<a href="http://golden-point.test/email-confirmation?token=',
        ),
      })
    }
    const onlyFirst = await new TestBrowser(setup.app, { address: '127.0.0.1' }).get(
      `/api/dev/mailbox?to=${encodeURIComponent(first.input.email)}`,
    )
    expect((await onlyFirst.json()).map((m: { to: string }) => m.to)).toEqual([first.input.email])
  })

  it('prints each message to the log with its link', async () => {
    const setup = createTestApp(database())
    const { input } = await signUp(new TestBrowser(setup.app))
    await setup.mailer.idle()
    const line = setup.logs.find((entry) => entry.to === input.email)
    expect(line).toMatchObject({
      level: 30,
      subject: 'Confirma tu correo en Golden Point',
      link: expect.stringMatching(/^http:\/\/golden-point\.test\/email-confirmation\?token=/),
    })
  })

  it('is a 404 for other machines, even with forwarding headers, and without a socket', async () => {
    const setup = createTestApp(database())
    const remote = new TestBrowser(setup.app, { address: '203.0.113.20' })
    const res = await remote.get('/api/dev/mailbox', {
      'X-Forwarded-For': '127.0.0.1',
      'X-Golden-Point-Client-Ip': '127.0.0.1',
    })
    expect(res.status).toBe(404)
    expect((await res.json()).error.code).toBe('NOT_FOUND')
    for (const address of ['10.0.0.1', '128.0.0.1', '::ffff:10.0.0.1', '::2']) {
      expect((await new TestBrowser(setup.app, { address }).get('/api/dev/mailbox')).status).toBe(
        404,
      )
    }
    expect(
      (await new TestBrowser(setup.app, { address: null }).get('/api/dev/mailbox')).status,
    ).toBe(404)
  })

  it('behind a trusted proxy on this machine, answers only clients the proxy says are local', async () => {
    const setup = createTestApp(database(), { env: { TRUSTED_PROXIES: 'loopback' } })
    const proxy = new TestBrowser(setup.app, { address: '127.0.0.1' })
    expect((await proxy.get('/api/dev/mailbox', { 'X-Forwarded-For': '203.0.113.5' })).status).toBe(
      404,
    )
    expect((await proxy.get('/api/dev/mailbox', { 'X-Forwarded-For': '127.0.0.1' })).status).toBe(
      200,
    )
    expect((await proxy.get('/api/dev/mailbox')).status).toBe(200)
    // A peer that is not a trusted proxy is its own client, whatever it forwards.
    const remote = new TestBrowser(setup.app, { address: '203.0.113.20' })
    expect((await remote.get('/api/dev/mailbox', { 'X-Forwarded-For': '127.0.0.1' })).status).toBe(
      404,
    )
  })

  it('does not exist in production or when mail goes out over SMTP', async () => {
    const smtp = createTestApp(database(), { env: { SMTP_URL: 'smtp://127.0.0.1:1' } })
    expect(smtp.mailer.mode).toBe('smtp')
    const local = { address: '127.0.0.1' }
    expect((await new TestBrowser(smtp.app, local).get('/api/dev/mailbox')).status).toBe(404)

    const production = createTestApp(database(), {
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
        SMTP_URL: 'smtp://127.0.0.1:1',
        PUBLIC_URL: 'https://golden-point.test',
      },
    })
    expect((await new TestBrowser(production.app, local).get('/api/dev/mailbox')).status).toBe(404)
  })

  it('answers without waiting for the outbox to drain, and delivers the asked address first', async () => {
    const { db } = database()
    const env = createTestEnv()
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    // SMTP stuck on the bulk mail: a drain of the outbox would not end before release().
    const send: SendMail = async (mail) => {
      if (mail.to.startsWith('bulk-')) return released
      const { to, subject, text, html } = mail
      await db.insert(mailboxMessages).values({ to, subject, text, html })
    }
    const logger = createLogger(createTestEnv({ LOG_LEVEL: 'silent' }))
    const mailer = createMailer({ env, db, logger, send })
    const setup = createTestApp(database(), { mailer })
    const local = new TestBrowser(setup.app, { address: '127.0.0.1' })
    try {
      await insertOutboxMails(
        db,
        Array.from({ length: 30 }, (_, i) => ({
          to: `bulk-${i}@example.test`,
          subject: 'Reminder',
          text: 'text',
          html: '<p>html</p>',
        })),
      )
      mailer.wake()
      const all = await local.get('/api/dev/mailbox')
      expect(all.status).toBe(200)

      const { input } = await signUp(new TestBrowser(setup.app), { lang: 'en' })
      const mine = await local.get(`/api/dev/mailbox?to=${encodeURIComponent(input.email)}`)
      expect(mine.status).toBe(200)
      const messages = MailboxMessageSchema.array().parse(await mine.json())
      expect(messages.map((message) => message.subject)).toEqual([
        'Confirm your e-mail for Golden Point',
      ])
    } finally {
      release()
      await mailer.idle()
    }
  })
})
