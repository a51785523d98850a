// The database being away answers 503 with Retry-After, whichever path noticed it: our own
// queries (the driver's error, possibly wrapped) or better-auth's session lookup.
import { APIError } from 'better-auth/api'
import { Hono } from 'hono'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '#server/app-env'
import { handleErrors } from './error-handler'

function appThrowing(error: unknown) {
  const app = new Hono<AppEnv>()
  app.get('/', () => {
    throw error
  })
  app.onError(handleErrors(pino({ level: 'silent' })))
  return app
}

describe('handleErrors when the database is away', () => {
  it.each([
    ['a terminated connection', new Error('Failed query', { cause: { code: '57P01' } })],
    ['refused connections', Object.assign(new Error('not accepting'), { code: '55000' })],
    ['a lost socket', new Error('Connection terminated unexpectedly')],
    [
      'a failed session lookup',
      APIError.from('INTERNAL_SERVER_ERROR', {
        code: 'FAILED_TO_GET_SESSION',
        message: 'Failed to get session',
      }),
    ],
  ])('answers 503 with Retry-After for %s', async (_name, error) => {
    const res = await appThrowing(error).request('/')
    expect(res.status).toBe(503)
    expect(res.headers.get('Retry-After')).toBe('5')
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      'SERVICE_UNAVAILABLE',
    )
  })

  it('still answers 500 for a bug', async () => {
    const res = await appThrowing(new TypeError('x is undefined')).request('/')
    expect(res.status).toBe(500)
  })
})
