import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { insertTournament } from '#tests/factories'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { tournaments } from '#server/db/schema'
import { put, signInAdmin } from './admin-test-support'

const DAY = 24 * 60 * 60 * 1000

// The admin screens show why a change was refused in the admin's language: the answer carries a
// reason code next to the error code, and the web translates errors.reasons.<REASON>.
describe.each(testDatabaseKinds)('admin error reasons on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('says a cancelled tournament cannot be reopened with a reason code, changing nothing', async () => {
    const { db } = database()
    const admin = await signInAdmin(createTestApp(database()), db)
    const tournament = await insertTournament(db, { status: 'cancelled' })
    const start = Date.now() + 10 * DAY
    const res = await put(admin.browser, `/api/admin/tournaments/${tournament.id}`, {
      name: `Reopened ${randomUUID().slice(0, 6)}`,
      status: 'upcoming',
      bettingDeadline: new Date(start - DAY).toISOString(),
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * DAY).toISOString(),
      basePool: 5000,
      entryFee: 50,
      multiplier: 0.7,
    })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      error: {
        code: 'CONFLICT',
        reason: 'TOURNAMENT_CANCELLED',
        message: 'A cancelled tournament cannot be reopened.',
      },
    })
    const [stored] = await db.select().from(tournaments).where(eq(tournaments.id, tournament.id))
    expect(stored).toMatchObject({ status: 'cancelled', name: tournament.name })
  })
})
