// A removed member stays out: the invite code they saw (or, for a public league, the join button)
// no longer lets them in until the owner lets them back. As owner, removed fan, other fan and
// visitor.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LeagueDetailSchema, LeagueSummarySchema } from '#shared/schemas/league'
import type { Database } from '#server/db/client'
import { leagueRemovals, leagues } from '#server/db/schema'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAs } from '#server/features/admin/admin-test-support'

type Fan = Awaited<ReturnType<typeof signInAs>>

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; reason?: string } }).error

const del = (browser: TestBrowser, path: string) => browser.request(path, { method: 'DELETE' })

async function createLeague(owner: Fan, body: Record<string, unknown>) {
  const res = await owner.browser.post('/api/leagues', body)
  expect(res.status, await res.clone().text()).toBe(201)
  const { id } = LeagueSummarySchema.parse(await res.json())
  const head = await owner.browser.get(`/api/leagues/${id}`)
  const { inviteCode } = LeagueDetailSchema.parse(await head.json())
  return { id, code: inviteCode! }
}

async function memberCountOf(db: Database, id: string) {
  const [row] = await db.select().from(leagues).where(eq(leagues.id, id))
  return row!.memberCount
}

async function isRemoved(db: Database, leagueId: string, userId: string) {
  const rows = await db
    .select()
    .from(leagueRemovals)
    .where(and(eq(leagueRemovals.leagueId, leagueId), eq(leagueRemovals.userId, userId)))
  return rows.length === 1
}

describe.each(testDatabaseKinds)('league removals on %s', (kind) => {
  const database = useTestDatabase(kind)
  const env = { LEAGUE_JOIN_RATE_LIMIT_MAX: '1000' }

  it('a removed fan cannot walk back in with the code until the owner lets them back', async () => {
    const setup = createTestApp(database(), { env })
    const { db } = database()
    const owner = await signInAs(setup, db)
    const removed = await signInAs(setup, db)
    const other = await signInAs(setup, db)
    const visitor = new TestBrowser(setup.app)
    const { id, code } = await createLeague(owner, { name: 'Kept out' })

    expect((await removed.browser.post('/api/leagues/join', { code })).status).toBe(200)
    expect((await del(owner.browser, `/api/leagues/${id}/members/${removed.userId}`)).status).toBe(
      204,
    )
    expect(await isRemoved(db, id, removed.userId)).toBe(true)

    // The code they saw while a member: refused with a reason, and nothing changes.
    const back = await removed.browser.post('/api/leagues/join', { code })
    expect(back.status).toBe(409)
    expect(await errorOf(back)).toMatchObject({ code: 'CONFLICT', reason: 'LEAGUE_MEMBER_REMOVED' })
    expect(await memberCountOf(db, id)).toBe(1)
    expect((await removed.browser.get(`/api/leagues/${id}`)).status).toBe(404)

    // Another fan still joins with the same code; a visitor still needs to sign in.
    expect((await other.browser.post('/api/leagues/join', { code })).status).toBe(200)
    expect((await visitor.post('/api/leagues/join', { code })).status).toBe(401)

    // Only the owner lets a fan back: a visitor 401, the removed fan 404 (private league), a
    // member 403; nothing changes.
    const letBack = `/api/leagues/${id}/removals/${removed.userId}`
    expect((await del(visitor, letBack)).status).toBe(401)
    expect((await del(removed.browser, letBack)).status).toBe(404)
    expect((await del(other.browser, letBack)).status).toBe(403)
    expect(await isRemoved(db, id, removed.userId)).toBe(true)
    // A fan who was never removed: nothing to lift.
    expect((await del(owner.browser, `/api/leagues/${id}/removals/${other.userId}`)).status).toBe(
      404,
    )

    expect((await del(owner.browser, letBack)).status).toBe(204)
    expect(await isRemoved(db, id, removed.userId)).toBe(false)
    const rejoined = await removed.browser.post('/api/leagues/join', { code })
    expect(rejoined.status, await rejoined.clone().text()).toBe(200)
    expect(await memberCountOf(db, id)).toBe(3)
  })

  it('a removed fan cannot rejoin a public league by its id either; leaving is no removal', async () => {
    const setup = createTestApp(database(), { env })
    const { db } = database()
    const owner = await signInAs(setup, db)
    const removed = await signInAs(setup, db)
    const leaver = await signInAs(setup, db)
    const { id, code } = await createLeague(owner, {
      name: 'Open but guarded',
      visibility: 'public',
    })

    for (const fan of [removed, leaver]) {
      expect((await fan.browser.post('/api/leagues/join', { leagueId: id })).status).toBe(200)
    }
    expect((await del(owner.browser, `/api/leagues/${id}/members/${removed.userId}`)).status).toBe(
      204,
    )
    for (const body of [{ leagueId: id }, { code }]) {
      const back = await removed.browser.post('/api/leagues/join', body)
      expect(back.status).toBe(409)
      expect((await errorOf(back)).reason).toBe('LEAGUE_MEMBER_REMOVED')
    }
    // A public league's head stays visible to the removed fan, as to any fan.
    const head = await removed.browser.get(`/api/leagues/${id}`)
    expect(LeagueDetailSchema.parse(await head.json()).myRole).toBeNull()

    // Who leaves of their own accord may come back.
    expect((await leaver.browser.post(`/api/leagues/${id}/leave`, {})).status).toBe(204)
    expect((await leaver.browser.post('/api/leagues/join', { leagueId: id })).status).toBe(200)
    expect(await isRemoved(db, id, leaver.userId)).toBe(false)

    // The removal belongs to the league: deleting the league takes it along.
    expect((await del(owner.browser, `/api/leagues/${id}`)).status).toBe(204)
    expect(await isRemoved(db, id, removed.userId)).toBe(false)
  })
})
