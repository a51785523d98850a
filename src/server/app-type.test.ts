// The web talks to the API through hc<AppType>: the routes' types must reach the client.
import { hc } from 'hono/client'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { MailboxMessage } from '#shared/schemas/mailbox'
import type { Me } from '#shared/schemas/me'
import type { PublicStats } from '#shared/schemas/stats'
import type { TransactionPage } from '#shared/schemas/transaction'
import { createTestApp } from '#tests/test-app'
import { useTestDatabase } from '#tests/test-database'
import type { AppType } from './app'

describe('AppType for hono/client', () => {
  const database = useTestDatabase()

  const createClient = () => {
    const { app } = createTestApp(database())
    return hc<AppType>('http://golden-point.test', {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init),
    })
  }

  it('types and answers /api/health and /api/stats', async () => {
    const client = createClient()
    const health = await client.api.health.$get()
    expect(health.ok).toBe(true)
    if (health.ok) expect(await health.json()).toEqual({ status: 'ok' })

    const stats = await client.api.stats.$get()
    const body = await stats.json()
    expectTypeOf(body).toEqualTypeOf<PublicStats>()
    expect(body).toEqual({ players: 0, tournaments: 0, predictions: 0 })
  })

  it('types /api/me, /api/me/transactions and /api/dev/mailbox with their contracts', async () => {
    const client = createClient()
    const me = await client.api.me.$get()
    expect(me.status).toBe(401) // a visitor
    if (me.ok) expectTypeOf(await me.json()).toEqualTypeOf<Me>()

    const transactions = await client.api.me.transactions.$get({ query: { page: '2' } })
    expect(transactions.status).toBe(401)
    if (transactions.ok) expectTypeOf(await transactions.json()).toEqualTypeOf<TransactionPage>()

    const mailbox = await client.api.dev.mailbox.$get({ query: {} })
    expect(mailbox.status).toBe(404) // no socket: not a loopback client
    if (mailbox.ok) expectTypeOf(await mailbox.json()).toEqualTypeOf<MailboxMessage[]>()
  })
})
