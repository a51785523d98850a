import { describe, expect, it } from 'vitest'
import { MailboxMessageSchema } from '#shared/schemas/mailbox'
import { signUp } from '#tests/accounts'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

describe.each(testDatabaseKinds)('GET /api/dev/mailbox on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('lists the local mailbox, newest first, to a client on this machine', async () => {
    const setup = createTestApp(database())
    const first = await signUp(new TestBrowser(setup.app))
    const second = await signUp(new TestBrowser(setup.app), { lang: 'en' })
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
})
