import { describe, expect, it } from 'vitest'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

describe.each(testDatabaseKinds)('health routes on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('GET /api/health answers 200 ok without asking the database', async () => {
    const { app } = createTestApp(database(), {
      pingDatabase: () => Promise.reject(new Error('database down')),
    })
    const res = await app.request('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it('GET /api/ready answers 200 when the database answers', async () => {
    const { app } = createTestApp(database())
    const res = await app.request('/api/ready')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ready' })
  })

  it('GET /api/ready answers 503 with Retry-After when the ping fails', async () => {
    const { app, logs } = createTestApp(database(), {
      pingDatabase: () => Promise.reject(new Error('connection refused')),
    })
    const res = await app.request('/api/ready')
    expect(res.status).toBe(503)
    expect(res.headers.get('Retry-After')).toBe('5')
    expect(res.headers.get('Content-Security-Policy')).toBeTruthy()
    expect(await res.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable.' },
    })
    expect(logs.some((line) => line.msg === 'database not ready')).toBe(true)
  })
})
