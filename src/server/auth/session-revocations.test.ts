// The list of revoked sessions (decision 066): fresh for SESSION_REVOCATION_SYNC_MS, read again
// after that or at once after markStale(), and "do not trust" whenever it cannot be read.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { insertUser } from '#tests/factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import type { Database } from '#server/db/client'
import { revokedSessions, session } from '#server/db/schema'
import { createSessionRevocations } from './session-revocations'

const SYNC_MS = 500

describe.each(testDatabaseKinds)('session revocations on %s', (kind) => {
  const database = useTestDatabase(kind)
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sees a row written elsewhere once the list is older than syncMs, at once after markStale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { db } = database()
    const revocations = createSessionRevocations(db, SYNC_MS)
    expect(await revocations.mayTrustCache('session-a')).toBe(true)

    await db.insert(revokedSessions).values({ sessionId: 'session-a', revokedAt: new Date() })
    // Within syncMs the list is not read again: that is the bound another process waits.
    expect(await revocations.mayTrustCache('session-a')).toBe(true)
    vi.setSystemTime(Date.now() + SYNC_MS + 1)
    expect(await revocations.mayTrustCache('session-a')).toBe(false)

    await db.insert(revokedSessions).values({ sessionId: 'session-b', revokedAt: new Date() })
    revocations.markStale()
    expect(await revocations.mayTrustCache('session-b')).toBe(false)
    expect(await revocations.mayTrustCache('session-c')).toBe(true)
  })

  it('records every deleted live session in the deleting statement, expired ones not', async () => {
    const { db } = database()
    const owner = await insertUser(db, { username: null })
    const hour = 60 * 60 * 1000
    const values = (id: string, expiresInMs: number) => ({
      id,
      token: `token-${id}`,
      userId: owner.id,
      expiresAt: new Date(Date.now() + expiresInMs),
    })
    await db
      .insert(session)
      .values([values('live-1', hour), values('live-2', hour), values('expired', -hour)])
    await db.delete(session).where(eq(session.userId, owner.id))

    const recorded = await db
      .select({ id: revokedSessions.sessionId })
      .from(revokedSessions)
      .where(inArray(revokedSessions.sessionId, ['live-1', 'live-2', 'expired']))
    expect(recorded.map((row) => row.id).sort()).toEqual(['live-1', 'live-2'])
  })

  it('shares one read among concurrent checks and refuses trust when the read fails', async () => {
    const { db } = database()
    const execute = vi.spyOn(db, 'execute')
    const revocations = createSessionRevocations(db, SYNC_MS)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => revocations.mayTrustCache('s')),
    )
    expect(answers.every(Boolean)).toBe(true)
    expect(execute).toHaveBeenCalledTimes(1)

    const broken = {
      execute: () => Promise.reject(new Error('database away')),
    } as unknown as Database
    expect(await createSessionRevocations(broken, SYNC_MS).mayTrustCache('s')).toBe(false)
  })
})
