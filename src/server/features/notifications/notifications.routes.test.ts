// GET /api/notifications and POST /api/notifications/read as the owner, another fan, a visitor
// and an admin (decision 102).
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  MarkNotificationsReadResultSchema,
  NotificationPageSchema,
} from '#shared/schemas/notification'
import type { Database } from '#server/db/client'
import { notifications } from '#server/db/schema'
import { insertTournament } from '#tests/factories'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { errorOf, signInAdmin, signInAs } from '#server/features/admin/admin-test-support'

/** Three notifications of `userId`, oldest first: a payout, a settled result, a refund. */
async function insertThree(db: Database, userId: string) {
  const tournament = await insertTournament(db)
  const rows = []
  for (const figures of [
    {
      kind: 'payout_received',
      coins: 250,
      tier: 'tier_90',
      correct: 15,
      total: 16,
      prizesScaled: false,
    },
    { kind: 'tournament_settled', correct: 7, total: 16 },
    { kind: 'refund', coins: 100 },
  ] as const) {
    const [row] = await db
      .insert(notifications)
      .values({ userId, tournamentId: tournament.id, ...figures })
      .returning()
    rows.push(row!)
    // Ids are time-ordered by the millisecond: keep the three apart.
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  return { tournament, rows }
}

describe.each(testDatabaseKinds)('notifications routes on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('lists the owner’s own, newest first, with the unread count and pages', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const owner = await signInAs(setup, db)
    const { tournament, rows } = await insertThree(db, owner.userId)

    const res = await owner.browser.get('/api/notifications')
    expect(res.status).toBe(200)
    const page = NotificationPageSchema.parse(await res.json())
    expect(page.unread).toBe(3)
    expect(page.nextBefore).toBeNull()
    expect(page.items.map((item) => item.kind)).toEqual([
      'refund',
      'tournament_settled',
      'payout_received',
    ])
    expect(page.items[2]).toEqual({
      id: rows[0]!.id,
      kind: 'payout_received',
      createdAt: rows[0]!.createdAt.toISOString(),
      readAt: null,
      tournament: { id: tournament.id, name: tournament.name },
      coins: 250,
      tier: 'tier_90',
      correct: 15,
      total: 16,
      league: null,
      fan: null,
      season: null,
    })
    expect(page.items[1]).toMatchObject({ coins: null, tier: null, correct: 7, total: 16 })

    const first = NotificationPageSchema.parse(
      await (await owner.browser.get('/api/notifications?limit=2')).json(),
    )
    expect(first.items.map((item) => item.id)).toEqual([rows[2]!.id, rows[1]!.id])
    expect(first.nextBefore).toBe(rows[1]!.id)
    const second = NotificationPageSchema.parse(
      await (
        await owner.browser.get(`/api/notifications?limit=2&before=${first.nextBefore}`)
      ).json(),
    )
    expect(second).toMatchObject({ items: [{ id: rows[0]!.id }], nextBefore: null, unread: 3 })
    // limit=0: the badge's count alone.
    expect(await (await owner.browser.get('/api/notifications?limit=0')).json()).toEqual({
      items: [],
      unread: 3,
      nextBefore: null,
    })
  })

  it('marks the owner’s own by id or all; another fan’s ids are ignored', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const owner = await signInAs(setup, db)
    const other = await signInAs(setup, db)
    const { rows } = await insertThree(db, owner.userId)
    const { rows: othersRows } = await insertThree(db, other.userId)

    // The other fan names the owner's ids: nothing of the owner's changes.
    const sneaky = await other.browser.post('/api/notifications/read', {
      ids: rows.map((row) => row.id),
    })
    expect(sneaky.status).toBe(200)
    expect(MarkNotificationsReadResultSchema.parse(await sneaky.json())).toEqual({
      marked: 0,
      unread: 3,
    })
    const otherPage = NotificationPageSchema.parse(
      await (await other.browser.get('/api/notifications')).json(),
    )
    expect(otherPage.items.map((item) => item.id).sort()).toEqual(
      othersRows.map((row) => row.id).sort(),
    )

    const one = await owner.browser.post('/api/notifications/read', {
      ids: [rows[0]!.id, crypto.randomUUID()],
    })
    expect(await one.json()).toEqual({ marked: 1, unread: 2 })
    // Marking it again changes nothing.
    const again = await owner.browser.post('/api/notifications/read', { ids: [rows[0]!.id] })
    expect(await again.json()).toEqual({ marked: 0, unread: 2 })
    const [read] = await db.select().from(notifications).where(eq(notifications.id, rows[0]!.id))
    expect(read!.readAt).toBeInstanceOf(Date)

    const all = await owner.browser.post('/api/notifications/read', { all: true })
    expect(await all.json()).toEqual({ marked: 2, unread: 0 })
    // The other fan's stay unread.
    const otherAfter = NotificationPageSchema.parse(
      await (await other.browser.get('/api/notifications?limit=0')).json(),
    )
    expect(otherAfter.unread).toBe(3)
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const owner = await signInAs(setup, db)
    await insertThree(db, owner.userId)
    for (const body of [
      {},
      { ids: [] },
      { ids: ['not-a-uuid'] },
      { all: false },
      { all: true, ids: [crypto.randomUUID()] },
      { ids: [crypto.randomUUID()], extra: 1 },
      { ids: Array.from({ length: 101 }, () => crypto.randomUUID()) },
    ]) {
      const res = await owner.browser.post('/api/notifications/read', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
    }
    for (const query of ['limit=-1', 'limit=abc', 'before=nope']) {
      const res = await owner.browser.get(`/api/notifications?${query}`)
      expect(res.status, query).toBe(400)
    }
    const page = NotificationPageSchema.parse(
      await (await owner.browser.get('/api/notifications?limit=500')).json(),
    )
    expect(page.unread).toBe(3)
  })

  it('answers 401 to a visitor, and an admin sees only the admin’s own', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    await insertThree(db, fan.userId)
    expect((await setup.app.request('/api/notifications')).status).toBe(401)
    const visitorMark = await setup.app.request('/api/notifications/read', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ all: true }),
    })
    expect(visitorMark.status).toBe(401)

    const admin = await signInAdmin(setup, db)
    expect(await (await admin.browser.get('/api/notifications')).json()).toEqual({
      items: [],
      unread: 0,
      nextBefore: null,
    })
    const marked = await admin.browser.post('/api/notifications/read', { all: true })
    expect(await marked.json()).toEqual({ marked: 0, unread: 0 })
    const fanPage = NotificationPageSchema.parse(
      await (await fan.browser.get('/api/notifications?limit=0')).json(),
    )
    expect(fanPage.unread).toBe(3)
  })
})
