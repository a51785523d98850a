// A value PostgreSQL refuses that the schemas let through (found by reliability/fuzz.test.ts:
// a NUL character, an int4 overflow, a year out of range, a malformed uuid) is the client's 400
// VALIDATION_FAILED, not a 500.
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

const drizzleError = (code: string) => new Error('Failed query', { cause: { code } })

describe('handleErrors for values the database refuses', () => {
  it.each([
    ['a NUL character', '22021'],
    ['an untranslatable character', '22P05'],
    ['a number out of range', '22003'],
    ['a date out of range', '22008'],
    ['a date read as a time zone', '22009'],
    ['a malformed uuid', '22P02'],
  ])('answers 400 VALIDATION_FAILED for %s', async (_name, code) => {
    const res = await appThrowing(drizzleError(code)).request('/')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: expect.any(String) },
    })
  })

  it('still answers 500 for other database errors', async () => {
    const res = await appThrowing(drizzleError('22012')).request('/')
    expect(res.status).toBe(500)
  })
})
