// The database going away must neither crash the process nor read as a bug (issue #6 item 4):
// a checked-out PostgreSQL connection that is terminated has a listener, and the errors of a lost
// or refused connection are recognised as "unavailable" (503), not "internal" (500).
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestDatabase, testDatabaseKinds } from '#tests/test-database'
import { isDatabaseUnavailableError } from './client'

describe('isDatabaseUnavailableError', () => {
  it.each([
    ['admin shutdown', { code: '57P01' }],
    ['refused connections', { code: '55000' }],
    ['connection exception', { code: '08006' }],
    ['wrapped by drizzle', new Error('Failed query', { cause: { code: '57P03' } })],
    ['terminated socket', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('timeout exceeded when trying to connect')],
    ['refused socket', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(true)
  })

  it.each([
    ['a unique violation', { code: '23505' }],
    ['a plain bug', new TypeError('x is undefined')],
    ['no error', undefined],
  ])('does not take %s for an outage', (_name, error) => {
    expect(isDatabaseUnavailableError(error)).toBe(false)
  })
})

describe.runIf(testDatabaseKinds.includes('postgres'))('a terminated PostgreSQL connection', () => {
  it('fails the transaction using it as unavailable and leaves the process running', async () => {
    const handle = await createTestDatabase('postgres')
    if (handle.kind !== 'postgres') throw new Error('expected PostgreSQL')
    try {
      const error = await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`)
          // Between two statements the client is checked out, where the pool does not listen:
          // without the listener added on 'connect', its 'error' event was uncaught.
          await new Promise((resolve) => setTimeout(resolve, 200))
          await tx.execute(sql`select 1`)
        })
        .then(
          () => undefined,
          (thrown: unknown) => thrown,
        )
      expect(isDatabaseUnavailableError(error)).toBe(true)
      await expect(handle.ping()).resolves.toBeUndefined()
    } finally {
      await handle.close()
    }
  })
})
