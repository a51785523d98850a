// Cross-origin and content-type rules on every JSON route under /api (docs/decisions/033).
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, TEST_PUBLIC_URL } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { useTestDatabase } from '#tests/test-database'
import { validate } from './validate'

const EVIL = 'https://evil.example'

describe('request guards', () => {
  const database = useTestDatabase()

  function setUp(env: Record<string, string> = {}) {
    const setup = createTestApp(database(), { env })
    setup.app.post('/api/probe/echo', validate('json', z.object({ name: z.string() })), (c) =>
      c.json(c.req.valid('json')),
    )
    return setup
  }

  const post = (app: ReturnType<typeof setUp>['app'], path: string, init: RequestInit) =>
    app.request(path, { method: 'POST', ...init })

  it('refuse a POST from another origin with 403 CROSS_ORIGIN_REJECTED, ours and better-auth’s alike', async () => {
    const { app } = setUp()
    for (const path of ['/api/probe/echo', '/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
      const res = await post(app, path, {
        headers: { Origin: EVIL, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'x', email: 'a@example.test', password: 'password-123' }),
      })
      expect(res.status, path).toBe(403)
      expect(await res.json()).toEqual({
        error: { code: 'CROSS_ORIGIN_REJECTED', message: 'Cross-origin requests are not allowed.' },
      })
    }
    const nullOrigin = await post(app, '/api/probe/echo', {
      headers: { Origin: 'null', 'Content-Type': 'application/json' },
      body: '{"name":"x"}',
    })
    expect(nullOrigin.status).toBe(403)
  })

  it('let our own origin through, and requests that name no origin (curl, scripts)', async () => {
    const { app } = setUp()
    const own = await post(app, '/api/probe/echo', {
      headers: { Origin: TEST_PUBLIC_URL, 'Content-Type': 'application/json' },
      body: '{"name":"Ana"}',
    })
    expect(own.status).toBe(200)
    const none = await post(app, '/api/probe/echo', {
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"Ana"}',
    })
    expect(none.status).toBe(200)
  })

  it('let a GET from anywhere be read by nobody else: no CORS headers, not even on preflight', async () => {
    const { app } = setUp()
    const res = await app.request('/api/stats', { headers: { Origin: EVIL } })
    expect(res.status).toBe(200)
    expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const preflight = await app.request('/api/auth/sign-in/email', {
      method: 'OPTIONS',
      headers: { Origin: EVIL, 'Access-Control-Request-Method': 'POST' },
    })
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(preflight.headers.get('Access-Control-Allow-Credentials')).toBeNull()
  })

  it('trust the Vite dev server outside production only', async () => {
    const dev = setUp()
    const devRes = await post(dev.app, '/api/probe/echo', {
      headers: { Origin: 'http://localhost:5173', 'Content-Type': 'application/json' },
      body: '{"name":"Ana"}',
    })
    expect(devRes.status).toBe(200)
    const production = setUp({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      SMTP_URL: 'smtp://127.0.0.1:1',
      PUBLIC_URL: 'https://golden-point.test',
    })
    const prodRes = await post(production.app, '/api/probe/echo', {
      headers: { Origin: 'http://localhost:5173', 'Content-Type': 'application/json' },
      body: '{"name":"Ana"}',
    })
    expect(prodRes.status).toBe(403)
  })

  it('answer a non-JSON body with 415 UNSUPPORTED_MEDIA_TYPE, ours and better-auth’s alike', async () => {
    const { app } = setUp()
    const bodies: RequestInit[] = [
      { body: '{"name":"Ana"}', headers: { 'Content-Type': 'text/plain' } },
      { body: 'name=Ana', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      { body: '{"name":"Ana"}' }, // a string body defaults to text/plain
    ]
    for (const path of ['/api/probe/echo', '/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
      for (const init of bodies) {
        const res = await post(app, path, init)
        expect(res.status, `${path} ${JSON.stringify(init.headers)}`).toBe(415)
        expect((await res.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
      }
    }
    const form = new FormData()
    form.set('name', 'Ana')
    expect((await post(app, '/api/probe/echo', { body: form })).status).toBe(415)
  })

  it('accept JSON with a charset and vendor JSON types', async () => {
    const { app } = setUp()
    for (const type of ['application/json; charset=utf-8', 'application/merge-patch+json']) {
      const res = await post(app, '/api/probe/echo', {
        body: '{"name":"Ana"}',
        headers: { 'Content-Type': type },
      })
      expect(res.status, type).toBe(200)
    }
  })

  it('answer malformed JSON to better-auth with 400 INVALID_JSON', async () => {
    const { app } = setUp()
    const res = await new TestBrowser(app).request('/api/auth/sign-in/email', {
      method: 'POST',
      body: '{"email": ',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect((await res.json()).error.code).toBe('INVALID_JSON')
  })
})
