import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../../../tests/test-app'
import { useTestDatabase } from '../../../../tests/test-database'

describe('GET /api/me', () => {
  const database = useTestDatabase()

  it('answers 401 UNAUTHENTICATED to a visitor', async () => {
    const { app } = createTestApp(database())
    const res = await app.request('/api/me')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'You need to sign in.' },
    })
  })
})
