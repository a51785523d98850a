// The app's cross-cutting behaviour: error bodies, limits, headers and request logs.
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp } from '#tests/test-app'
import { useTestDatabase } from '#tests/test-database'
import { AppError } from './errors'
import { validate } from './middleware/validate'

const NameSchema = z.object({ name: z.string().min(1) })

describe('createApp', () => {
  const database = useTestDatabase()

  // The real app plus a few routes that exercise the shared machinery.
  function createAppWithProbeRoutes(env: Record<string, string> = {}) {
    const setup = createTestApp(database(), { env })
    setup.app
      .post('/api/probe/echo', validate('json', NameSchema), (c) => c.json(c.req.valid('json')))
      .get('/api/probe/app-error', () => {
        throw new AppError('INSUFFICIENT_FUNDS', 'Not enough coins.')
      })
      .get('/api/probe/crash', () => {
        throw new Error('secret internals at /srv/app.ts:42')
      })
      .get('/api/probe/slow', async (c) => {
        await new Promise((resolve) => setTimeout(resolve, 300))
        return c.json({ done: true })
      })
      .get('/api/probe/http-exception', () => {
        throw new HTTPException(403, { message: 'nope' })
      })
    return setup
  }

  const postJson = (body: string, headers: Record<string, string> = {}) => ({
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

  describe('errors', () => {
    it('answer an unknown /api route with a JSON 404', async () => {
      const { app } = createAppWithProbeRoutes()
      const res = await app.request('/api/nope')
      expect(res.status).toBe(404)
      expect(res.headers.get('Content-Type')).toMatch(/application\/json/)
      expect(await res.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'No route for GET /api/nope.' },
      })
    })

    it('map an AppError to its status, code and message', async () => {
      const { app } = createAppWithProbeRoutes()
      const res = await app.request('/api/probe/app-error')
      expect(res.status).toBe(402)
      expect(await res.json()).toEqual({
        error: { code: 'INSUFFICIENT_FUNDS', message: 'Not enough coins.' },
      })
    })

    it('map Hono HTTP exceptions onto our codes', async () => {
      const { app } = createAppWithProbeRoutes()
      const res = await app.request('/api/probe/http-exception')
      expect(res.status).toBe(403)
      expect((await res.json()).error.code).toBe('FORBIDDEN')
    })

    it('turn an unexpected error into a generic 500 and log it with the request id', async () => {
      const { app, logs } = createAppWithProbeRoutes()
      const res = await app.request('/api/probe/crash', {
        headers: { 'X-Request-Id': 'req-crash-1' },
      })
      expect(res.status).toBe(500)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({
        error: { code: 'INTERNAL', message: 'Something went wrong on our side.' },
      })
      expect(text).not.toContain('secret')
      const logged = logs.find((line) => line.msg === 'unhandled error')
      expect(logged).toMatchObject({
        requestId: 'req-crash-1',
        err: { message: expect.stringContaining('secret') },
      })
    })

    it('reject malformed JSON with 400 INVALID_JSON', async () => {
      const { app } = createAppWithProbeRoutes()
      const res = await app.request('/api/probe/echo', postJson('{"name": '))
      expect(res.status).toBe(400)
      expect((await res.json()).error.code).toBe('INVALID_JSON')
    })

    it('reject invalid input with 400 VALIDATION_FAILED and the issues', async () => {
      const { app } = createAppWithProbeRoutes()
      const res = await app.request('/api/probe/echo', postJson('{"name": ""}'))
      expect(res.status).toBe(400)
      const body = await res.json()
      expect(body.error.code).toBe('VALIDATION_FAILED')
      expect(body.error.details.issues).toEqual([
        expect.objectContaining({ path: 'name', code: 'too_small' }),
      ])
    })

    it('accept valid input', async () => {
      const { app } = createAppWithProbeRoutes()
      const res = await app.request('/api/probe/echo', postJson('{"name": "Ana"}'))
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ name: 'Ana' })
    })
  })

  describe('request timeout', () => {
    it('answer an API request slower than REQUEST_TIMEOUT_MS with 503 and Retry-After', async () => {
      const { app } = createAppWithProbeRoutes({ REQUEST_TIMEOUT_MS: '50' })
      const res = await app.request('/api/probe/slow')
      expect(res.status).toBe(503)
      expect(res.headers.get('Retry-After')).toBe('5')
      expect((await res.json()).error.code).toBe('SERVICE_UNAVAILABLE')
    })
  })

  describe('body limit', () => {
    it('reject a body over BODY_LIMIT_BYTES with 413 PAYLOAD_TOO_LARGE', async () => {
      const { app } = createAppWithProbeRoutes({ BODY_LIMIT_BYTES: '64' })
      const body = JSON.stringify({ name: 'x'.repeat(100) })
      const res = await app.request('/api/probe/echo', postJson(body))
      expect(res.status).toBe(413)
      expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE')
    })

    it('also when the body is streamed without Content-Length', async () => {
      const { app } = createAppWithProbeRoutes({ BODY_LIMIT_BYTES: '64' })
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(JSON.stringify({ name: 'y'.repeat(200) })))
          controller.close()
        },
      })
      const res = await app.request('/api/probe/echo', {
        method: 'POST',
        body: stream,
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        duplex: 'half',
      } as RequestInit)
      expect(res.status).toBe(413)
    })

    it('refuses a GET that declares a body over the limit, without reading it', async () => {
      const { app } = createAppWithProbeRoutes({ BODY_LIMIT_BYTES: '64' })
      const declared = await app.request('/api/health', { headers: { 'Content-Length': '65' } })
      expect(declared.status).toBe(413)
      expect((await declared.json()).error.code).toBe('PAYLOAD_TOO_LARGE')
      expect((await app.request('/api/health')).status).toBe(200)
    })

    it('let a body within the limit through', async () => {
      const { app } = createAppWithProbeRoutes({ BODY_LIMIT_BYTES: '64' })
      const res = await app.request('/api/probe/echo', postJson('{"name":"short"}'))
      expect(res.status).toBe(200)
    })
  })

  describe('headers', () => {
    it('set security headers on success and error responses, without X-Powered-By', async () => {
      const { app } = createAppWithProbeRoutes()
      for (const path of ['/api/health', '/api/nope', '/api/probe/crash', '/api/me']) {
        const res = await app.request(path)
        const csp = res.headers.get('Content-Security-Policy') ?? ''
        expect(csp, path).toContain("default-src 'self'")
        expect(csp).toContain("script-src 'self'")
        expect(csp).toContain("frame-ancestors 'none'")
        expect(csp).toContain("object-src 'none'")
        expect(csp).not.toContain('unsafe')
        expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
        expect(res.headers.get('Referrer-Policy')).toBe('no-referrer')
        expect(res.headers.get('X-Frame-Options')).toBe('DENY')
        expect(res.headers.get('X-Powered-By')).toBeNull()
        expect(res.headers.get('Cache-Control')).toBe('no-store')
        expect(res.headers.get('X-Request-Id')).toBeTruthy()
      }
    })

    it('send HSTS for at least a year in production only', async () => {
      const { app: devApp } = createAppWithProbeRoutes()
      expect(
        (await devApp.request('/api/health')).headers.get('Strict-Transport-Security'),
      ).toBeNull()

      const { app } = createAppWithProbeRoutes({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://db.invalid/app',
        SMTP_URL: 'smtp://mail.invalid',
        BETTER_AUTH_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://golden-point.example',
      })
      const hsts = (await app.request('/api/health')).headers.get('Strict-Transport-Security') ?? ''
      const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1])
      expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60)
    })

    it('keep a valid incoming X-Request-Id and echo it back', async () => {
      const { app } = createAppWithProbeRoutes()
      const res = await app.request('/api/health', { headers: { 'X-Request-Id': 'abc-123' } })
      expect(res.headers.get('X-Request-Id')).toBe('abc-123')
    })
  })

  describe('request log', () => {
    it('write one line per request with method, path, status, ms and request id, and no body', async () => {
      const { app, logs } = createAppWithProbeRoutes()
      await app.request('/api/probe/echo', {
        ...postJson('{"name":"secret-name"}'),
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'req-log-1' },
      })
      const lines = logs.filter((line) => line.msg === 'request')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatchObject({
        method: 'POST',
        path: '/api/probe/echo',
        status: 200,
        requestId: 'req-log-1',
        ms: expect.any(Number),
      })
      expect(JSON.stringify(logs)).not.toContain('secret-name')
    })
  })
})
