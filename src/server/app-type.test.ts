// The web talks to the API through hc<AppType>: the routes' types must reach the client.
import { hc } from 'hono/client'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { PublicStats } from '../shared/schemas/stats'
import { createTestApp } from '../../tests/test-app'
import { useTestDatabase } from '../../tests/test-database'
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

  it('types /api/me as the Me contract and answers 401 for now', async () => {
    const res = await createClient().api.me.$get()
    expect(res.status).toBe(401)
  })
})
