// The caps of leagues (10 owned, 50 joined, 10,000 members), filled by direct inserts, and the
// rate limit on joining, per client address.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MAX_LEAGUE_MEMBERS, MAX_LEAGUES_JOINED, MAX_LEAGUES_OWNED } from '#shared/schemas/league'
import type { Database } from '#server/db/client'
import { leagueMembers, leagues } from '#server/db/schema'
import { insertUserRange } from '#tests/bulk-users'
import { insertUser } from '#tests/factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAs } from '#server/features/admin/admin-test-support'
import { newInviteCodes } from './invite-codes'

/** Leagues owned by `ownerId` (its only member), straight into the tables. */
async function insertLeagues(
  db: Database,
  ownerId: string,
  howMany: number,
  visibility = 'public',
) {
  const rows = await db
    .insert(leagues)
    .values(
      Array.from({ length: howMany }, (_, i) => ({
        // Public names are unique: the owner's id keeps these apart from other tests' leagues.
        name: `Filled ${i} ${ownerId.slice(-8)}`,
        ownerId,
        ...newInviteCodes(),
        memberCount: 1,
        visibility: visibility as 'public' | 'private',
      })),
    )
    .returning({ id: leagues.id })
  await db.insert(leagueMembers).values(rows.map((row) => ({ leagueId: row.id, userId: ownerId })))
  return rows.map((row) => row.id)
}

const reasonOf = async (res: Response) =>
  ((await res.json()) as { error: { reason?: string } }).error.reason

describe.each(testDatabaseKinds)('league limits on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('a fan owns at most 10 leagues and is in at most 50', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    await insertLeagues(db, fan.userId, MAX_LEAGUES_OWNED)
    const eleventh = await fan.browser.post('/api/leagues', { name: 'One too many' })
    expect(eleventh.status).toBe(409)
    expect(await reasonOf(eleventh)).toBe('LEAGUE_OWNED_LIMIT')

    // A transfer to a fan who owns 10 is refused too.
    const owner = await signInAs(setup, db)
    const created = await owner.browser.post('/api/leagues', {
      name: 'Handed on',
      visibility: 'public',
    })
    const { id } = (await created.json()) as { id: string }
    expect((await fan.browser.post('/api/leagues/join', { leagueId: id })).status).toBe(200)
    const handed = await owner.browser.request(`/api/leagues/${id}`, {
      method: 'PATCH',
      json: { ownerId: fan.userId },
    })
    expect(handed.status).toBe(409)
    expect(await reasonOf(handed)).toBe('LEAGUE_OWNED_LIMIT')

    // Joined: 10 owned + 1 joined + 39 more = 50.
    const other = await insertUser(db)
    const more = await insertLeagues(db, other.id, MAX_LEAGUES_JOINED - MAX_LEAGUES_OWNED)
    await db
      .insert(leagueMembers)
      .values(more.slice(0, -1).map((leagueId) => ({ leagueId, userId: fan.userId })))
    const fiftyFirst = await fan.browser.post('/api/leagues/join', { leagueId: more.at(-1)! })
    expect(fiftyFirst.status).toBe(409)
    expect(await reasonOf(fiftyFirst)).toBe('LEAGUE_JOINED_LIMIT')
    const [row] = await db
      .select()
      .from(leagues)
      .where(eq(leagues.id, more.at(-1)!))
    expect(row!.memberCount).toBe(1)
    const list = (await (await fan.browser.get('/api/leagues')).json()) as { leagues: unknown[] }
    expect(list.leagues).toHaveLength(MAX_LEAGUES_JOINED)
  }, 90_000)

  it('a league holds at most 10,000 members', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const owner = await insertUser(db)
    const [leagueId] = await insertLeagues(db, owner.id, 1)
    await insertUserRange(db, { prefix: 'cap', from: 1, to: MAX_LEAGUE_MEMBERS - 1 })
    await db.execute(sql`
      insert into league_members (league_id, user_id)
      select ${leagueId}, 'cap' || g from generate_series(1, ${MAX_LEAGUE_MEMBERS - 1}) g`)
    await db
      .update(leagues)
      .set({ memberCount: MAX_LEAGUE_MEMBERS })
      .where(eq(leagues.id, leagueId!))
    const fan = await signInAs(setup, db)
    const full = await fan.browser.post('/api/leagues/join', { leagueId })
    expect(full.status).toBe(409)
    expect(await reasonOf(full)).toBe('LEAGUE_FULL')
    // One leaves: there is room again.
    await db.execute(sql`delete from league_members where user_id = 'cap1'`)
    await db
      .update(leagues)
      .set({ memberCount: MAX_LEAGUE_MEMBERS - 1 })
      .where(eq(leagues.id, leagueId!))
    expect((await fan.browser.post('/api/leagues/join', { leagueId })).status).toBe(200)
    const [row] = await db.select().from(leagues).where(eq(leagues.id, leagueId!))
    expect(row!.memberCount).toBe(MAX_LEAGUE_MEMBERS)
  }, 180_000)

  it('concurrent joins never pass the member cap', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const owner = await insertUser(db)
    const [leagueId] = await insertLeagues(db, owner.id, 1)
    // Room for 3 more: the count says 9,997 (the rows behind it are not needed for the cap).
    await db
      .update(leagues)
      .set({ memberCount: MAX_LEAGUE_MEMBERS - 3 })
      .where(eq(leagues.id, leagueId!))
    const fans = await Promise.all(Array.from({ length: 8 }, () => signInAs(setup, db)))
    const answers = await Promise.all(
      fans.map((fan) => fan.browser.post('/api/leagues/join', { leagueId })),
    )
    const statuses = answers.map((res) => res.status).sort()
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409])
    const [row] = await db.select().from(leagues).where(eq(leagues.id, leagueId!))
    expect(row!.memberCount).toBe(MAX_LEAGUE_MEMBERS)
  }, 90_000)

  it('joining (and the invite preview) is rate-limited per client address', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db)
    const owner = await signInAs(setup, db)
    const created = await owner.browser.post('/api/leagues', {
      name: 'Guarded',
      visibility: 'public',
    })
    const { id } = (await created.json()) as { id: string }
    // 20 tries a minute by default (LEAGUE_JOIN_RATE_LIMIT_MAX, …_WINDOW_SECONDS).
    for (let i = 0; i < 20; i += 1) {
      const guess = await fan.browser.post('/api/leagues/join', {
        code: `guess${i}`.padEnd(16, 'x'),
      })
      expect(guess.status).toBe(404)
    }
    const limited = await fan.browser.post('/api/leagues/join', { leagueId: id })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await fan.browser.get('/api/leagues/invites/abcdefghijklmnop')).status).toBe(429)
    // Nothing joined; another client is not affected.
    const [row] = await db.select().from(leagues).where(eq(leagues.id, id))
    expect(row!.memberCount).toBe(1)
    const elsewhere = new TestBrowser(setup.app)
    expect((await elsewhere.get('/api/leagues/invites/abcdefghijklmnop')).status).toBe(404)
    // Once the window has passed, the client may try again.
    await db.execute(sql`update rate_limit set last_request = last_request - 61000
                          where key like 'league-join:%'`)
    expect((await fan.browser.post('/api/leagues/join', { leagueId: id })).status).toBe(200)
  }, 90_000)

  it('takes its limit and window from the environment', async () => {
    const env = { LEAGUE_JOIN_RATE_LIMIT_MAX: '3', LEAGUE_JOIN_RATE_LIMIT_WINDOW_SECONDS: '10' }
    const setup = createTestApp(database(), { env })
    const { db } = database()
    // Tries left by the test above (the same client address) do not count here.
    await db.execute(sql`delete from rate_limit where key like 'league-join:%'`)
    const visitor = new TestBrowser(setup.app)
    for (let i = 0; i < 3; i += 1) {
      expect((await visitor.get(`/api/leagues/invites/${'q'.repeat(15)}${i}`)).status).toBe(404)
    }
    const limited = await visitor.get('/api/leagues/invites/abcdefghijklmnop')
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(10)
    // The window is 10 s: 11 s later the client may try again.
    await db.execute(sql`update rate_limit set last_request = last_request - 11000
                          where key like 'league-join:%'`)
    expect((await visitor.get('/api/leagues/invites/abcdefghijklmnop')).status).toBe(404)
  })
})
