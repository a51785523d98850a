// The leagues API over HTTP (docs/product.md "Leagues"): each route as owner, member, other fan,
// visitor and admin; private means 404 to outsiders everywhere; bad input changes nothing.
import { count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  LEAGUE_MEMBERS_PAGE_SIZE,
  LeagueDetailSchema,
  LeagueInvitePreviewSchema,
  LeagueInviteSchema,
  LeagueListSchema,
  LeagueMemberPageSchema,
  LeagueSummarySchema,
} from '#shared/schemas/league'
import type { Database } from '#server/db/client'
import { leagueMembers, leagues, notifications } from '#server/db/schema'
import { insertUserRange } from '#tests/bulk-users'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { errorOf, signInAdmin, signInAs } from '#server/features/admin/admin-test-support'

type Fan = Awaited<ReturnType<typeof signInAs>>

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

async function createLeague(fan: Fan, body: Record<string, unknown> = {}) {
  const res = await fan.browser.post('/api/leagues', { name: 'Padel pals', ...body })
  expect(res.status, await res.clone().text()).toBe(201)
  return LeagueSummarySchema.parse(await res.json())
}

async function detailOf(fan: Fan, id: string) {
  const res = await fan.browser.get(`/api/leagues/${id}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return LeagueDetailSchema.parse(await res.json())
}

async function membersOf(fan: Fan, id: string, query = '') {
  const res = await fan.browser.get(`/api/leagues/${id}/members${query}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return LeagueMemberPageSchema.parse(await res.json())
}

async function snapshot(db: Database) {
  return {
    leagues: await db.select().from(leagues).orderBy(leagues.id),
    members: (await db.select({ n: count() }).from(leagueMembers))[0]!.n,
    notifications: (await db.select({ n: count() }).from(notifications))[0]!.n,
  }
}

const patch = (fan: Fan, path: string, json: unknown) =>
  fan.browser.request(path, { method: 'PATCH', json })
const del = (fan: Fan | { browser: TestBrowser }, path: string) =>
  fan.browser.request(path, { method: 'DELETE' })

describe.each(testDatabaseKinds)('/api/leagues on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('a private league: the owner and members see it, everyone else gets 404 or 401', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const owner = await signInAs(setup, db, { username: 'owner_fan' })
    const member = await signInAs(setup, db, { username: 'member_fan' })
    const other = await signInAs(setup, db)
    const admin = await signInAdmin(setup, db)
    const visitor = new TestBrowser(setup.app)

    const created = await createLeague(owner, { description: '  Friday games ' })
    expect(created).toMatchObject({
      name: 'Padel pals',
      description: 'Friday games',
      visibility: 'private',
      memberCount: 1,
      ownerUsername: 'owner_fan',
      myRole: 'owner',
    })
    const id = created.id
    const head = await detailOf(owner, id)
    expect(head.inviteCode).toMatch(/^[A-Za-z0-9_-]{16}$/)
    const code = head.inviteCode!

    // The invite preview, even signed out: name, size, description and who invites.
    const preview = await visitor.get(`/api/leagues/invites/${code}`)
    expect(preview.status).toBe(200)
    expect(LeagueInvitePreviewSchema.parse(await preview.json())).toEqual({
      leagueId: id,
      name: 'Padel pals',
      description: 'Friday games',
      ownerUsername: 'owner_fan',
      memberCount: 1,
      isMember: false,
    })
    const joined = await member.browser.post('/api/leagues/join', { code })
    expect(joined.status, await joined.clone().text()).toBe(200)
    expect(LeagueSummarySchema.parse(await joined.json())).toMatchObject({
      myRole: 'member',
      memberCount: 2,
    })
    // Joining again changes nothing.
    expect((await member.browser.post('/api/leagues/join', { code })).status).toBe(200)
    expect((await db.select().from(leagues).where(eq(leagues.id, id)))[0]!.memberCount).toBe(2)
    const told = await owner.browser.get('/api/notifications')
    expect(await told.json()).toMatchObject({
      unread: 1,
      items: [{ kind: 'league_joined', league: { id, name: 'Padel pals' }, fan: 'member_fan' }],
    })

    const seen = await member.browser.get(`/api/leagues/invites/${code}`)
    expect(await seen.json()).toMatchObject({ isMember: true, memberCount: 2 })
    const asMember = await detailOf(member, id)
    expect((await membersOf(member, id)).members.map((m) => [m.username, m.role])).toEqual([
      ['owner_fan', 'owner'],
      ['member_fan', 'member'],
    ])
    expect(asMember.myRole).toBe('member')
    const mine = LeagueListSchema.parse(await (await member.browser.get('/api/leagues')).json())
    expect(mine.leagues.map((league) => league.id)).toEqual([id])

    // Outsiders: 404 on every route, exactly like an unknown league; visitors 401.
    const before = await snapshot(db)
    for (const outsider of [other, admin]) {
      const routes: [string, string, unknown?][] = [
        ['GET', `/api/leagues/${id}`],
        ['GET', `/api/leagues/${id}/members`],
        ['PATCH', `/api/leagues/${id}`, { name: 'Taken over' }],
        ['DELETE', `/api/leagues/${id}`],
        ['POST', `/api/leagues/${id}/invite`, {}],
        ['POST', `/api/leagues/${id}/leave`, {}],
        ['DELETE', `/api/leagues/${id}/members/${member.userId}`],
        ['POST', `/api/leagues/${id}/nudge`, { tournamentId: UNKNOWN }],
        ['POST', '/api/leagues/join', { leagueId: id }],
      ]
      for (const [method, path, json] of routes) {
        const res = await outsider.browser.request(path, { method, json })
        expect(res.status, `${method} ${path}`).toBe(404)
        expect((await errorOf(res)).code).toBe('NOT_FOUND')
        const unknown = await outsider.browser.request(path.replace(id, UNKNOWN), { method, json })
        expect(unknown.status, `${method} ${path} (unknown)`).toBe(404)
      }
      const list = LeagueListSchema.parse(await (await outsider.browser.get('/api/leagues')).json())
      expect(list.leagues).toEqual([])
      const found = await outsider.browser.get('/api/leagues/public?q=padel')
      expect(LeagueListSchema.parse(await found.json()).leagues).toEqual([])
    }
    for (const path of ['/api/leagues', `/api/leagues/${id}`, '/api/leagues/public']) {
      expect((await visitor.get(path)).status, path).toBe(401)
    }
    expect((await visitor.post('/api/leagues/join', { code })).status).toBe(401)
    expect((await visitor.post('/api/leagues', { name: 'Mine' })).status).toBe(401)
    expect((await del({ browser: visitor }, `/api/leagues/${id}`)).status).toBe(401)
    expect(await snapshot(db)).toEqual(before)

    // A member may not change it: 403 (they can see it already).
    for (const [method, path, json] of [
      ['PATCH', `/api/leagues/${id}`, { name: 'Mine now' }],
      ['DELETE', `/api/leagues/${id}`, undefined],
      ['POST', `/api/leagues/${id}/invite`, {}],
      ['DELETE', `/api/leagues/${id}/members/${owner.userId}`, undefined],
      ['POST', `/api/leagues/${id}/nudge`, { tournamentId: UNKNOWN }],
    ] as const) {
      const res = await member.browser.request(path, { method, json })
      expect(res.status, `${method} ${path}`).toBe(403)
    }
    expect(await snapshot(db)).toEqual(before)
  }, 60_000)

  it('owner edits, renews the code (the old one dies), closes joining, transfers, deletes', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const owner = await signInAs(setup, db)
    const member = await signInAs(setup, db)
    const late = await signInAs(setup, db)
    const { id } = await createLeague(owner)
    const oldCode = (await detailOf(owner, id)).inviteCode!
    expect((await member.browser.post('/api/leagues/join', { code: oldCode })).status).toBe(200)

    const edited = await patch(owner, `/api/leagues/${id}`, {
      name: 'Renamed league',
      description: 'New words',
      visibility: 'public',
    })
    expect(edited.status).toBe(200)
    expect(await edited.json()).toMatchObject({ name: 'Renamed league', visibility: 'public' })

    const renewed = await owner.browser.post(`/api/leagues/${id}/invite`, {})
    expect(renewed.status).toBe(200)
    const { inviteCode } = LeagueInviteSchema.parse(await renewed.json())
    expect(inviteCode).not.toBe(oldCode)
    expect((await late.browser.get(`/api/leagues/invites/${oldCode}`)).status).toBe(404)
    expect((await late.browser.post('/api/leagues/join', { code: oldCode })).status).toBe(404)
    expect((await late.browser.get(`/api/leagues/invites/${inviteCode}`)).status).toBe(200)

    // Closed: the code names nothing, the public join button is refused with a reason.
    const closed = await patch(owner, `/api/leagues/${id}`, { joiningOpen: false })
    expect(closed.status).toBe(200)
    expect((await detailOf(member, id)).inviteCode).toBeNull()
    expect((await late.browser.post('/api/leagues/join', { code: inviteCode })).status).toBe(404)
    const refused = await late.browser.post('/api/leagues/join', { leagueId: id })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { error: { reason: string } }).error.reason).toBe(
      'LEAGUE_JOINING_CLOSED',
    )
    // An outsider of a public league sees its head, no members.
    const outside = await detailOf(late, id)
    expect(outside).toMatchObject({ myRole: null, tournaments: [], season: [], inviteCode: null })
    expect((await late.browser.get(`/api/leagues/${id}/members`)).status).toBe(404)
    await patch(owner, `/api/leagues/${id}`, { joiningOpen: true })
    expect((await late.browser.post('/api/leagues/join', { leagueId: id })).status).toBe(200)

    // The owner cannot leave before handing the league on; the new owner must be a member.
    const leave = await owner.browser.post(`/api/leagues/${id}/leave`, {})
    expect(leave.status).toBe(409)
    expect((await leave.json()) as object).toMatchObject({
      error: { reason: 'LEAGUE_OWNER_MUST_TRANSFER' },
    })
    const stranger = await signInAs(setup, db)
    const bad = await patch(owner, `/api/leagues/${id}`, { ownerId: stranger.userId })
    expect(bad.status).toBe(409)
    const handed = await patch(owner, `/api/leagues/${id}`, { ownerId: member.userId })
    expect(handed.status).toBe(200)
    expect(await handed.json()).toMatchObject({ myRole: 'member' })
    expect((await owner.browser.post(`/api/leagues/${id}/leave`, {})).status).toBe(204)
    expect((await owner.browser.get(`/api/leagues/${id}`)).status).toBe(200) // public: head only

    // The new owner removes a member: access ends at once.
    expect((await patch(member, `/api/leagues/${id}`, { visibility: 'private' })).status).toBe(200)
    expect((await del(member, `/api/leagues/${id}/members/${late.userId}`)).status).toBe(204)
    expect((await late.browser.get(`/api/leagues/${id}`)).status).toBe(404)
    expect((await del(member, `/api/leagues/${id}/members/${late.userId}`)).status).toBe(404)
    expect((await del(member, `/api/leagues/${id}/members/${member.userId}`)).status).toBe(409)

    expect((await del(member, `/api/leagues/${id}`)).status).toBe(204)
    expect(await db.select().from(leagues).where(eq(leagues.id, id))).toEqual([])
    expect(await db.select().from(leagueMembers).where(eq(leagueMembers.leagueId, id))).toEqual([])
    expect((await member.browser.get(`/api/leagues/${id}`)).status).toBe(404)
  }, 60_000)

  it('public leagues are found by name, paged, and joined without a code', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const owner = await signInAs(setup, db)
    const fan = await signInAs(setup, db)
    const open = await createLeague(owner, { name: 'Open Padel 100%', visibility: 'public' })
    await createLeague(owner, { name: 'Secret padel' })
    const search = async (query: string) => {
      const res = await fan.browser.get(`/api/leagues/public?${query}`)
      expect(res.status).toBe(200)
      return LeagueListSchema.parse(await res.json())
    }
    expect((await search('q=PADEL')).leagues.map((l) => l.name)).toEqual(['Open Padel 100%'])
    expect((await search('q=100%25')).leagues).toHaveLength(1)
    expect((await search('q=_')).leagues).toHaveLength(0)
    expect((await search('')).hasMore).toBe(false)
    expect((await search('page=2')).leagues).toEqual([])
    const joined = await fan.browser.post('/api/leagues/join', { leagueId: open.id })
    expect(joined.status).toBe(200)
    expect((await search('q=open')).leagues[0]!.myRole).toBe('member')
  }, 60_000)

  it('members come 50 a page, searched by name, to members only', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const owner = await signInAs(setup, db, { username: 'paging_owner' })
    const member = await signInAs(setup, db, { username: 'paging_member' })
    const other = await signInAs(setup, db)
    const admin = await signInAdmin(setup, db)
    const visitor = new TestBrowser(setup.app)
    const { id } = await createLeague(owner, { visibility: 'public' })
    const { inviteCode } = await detailOf(owner, id)
    expect((await member.browser.post('/api/leagues/join', { code: inviteCode })).status).toBe(200)
    // 60 more, joined one second apart so the order is known: owner, member, pg1 … pg60.
    await insertUserRange(db, { prefix: 'pg', from: 1, to: 60 })
    await db.execute(sql`
      insert into league_members (league_id, user_id, joined_at)
      select ${id}, 'pg' || g, now() + g * interval '1 second' from generate_series(1, 60) g`)
    await db.update(leagues).set({ memberCount: 62 }).where(eq(leagues.id, id))

    const detail = await detailOf(member, id)
    expect(detail).toMatchObject({ memberCount: 62, myRole: 'member' })
    expect(detail).not.toHaveProperty('members')
    for (const fan of [owner, member]) {
      const first = await membersOf(fan, id)
      expect(first).toMatchObject({ page: 1, hasMore: true })
      expect(first.members).toHaveLength(LEAGUE_MEMBERS_PAGE_SIZE)
      expect(first.members.slice(0, 3).map((m) => [m.username, m.role])).toEqual([
        ['paging_owner', 'owner'],
        ['paging_member', 'member'],
        ['pg1', 'member'],
      ])
      const second = await membersOf(fan, id, '?page=2&unknown=kept-out')
      expect(second).toMatchObject({ page: 2, hasMore: false })
      expect(second.members.map((m) => m.username)).toEqual(
        Array.from({ length: 12 }, (_, i) => `pg${49 + i}`),
      )
      expect((await membersOf(fan, id, '?page=3')).members).toEqual([])
    }
    // The owner's search for a new owner: by name, case and LIKE signs taken literally.
    const found = await membersOf(owner, id, '?q=PG5')
    expect(found.members.map((m) => m.username)).toEqual(
      ['pg5', 'pg50', 'pg51', 'pg52'].concat([
        'pg53',
        'pg54',
        'pg55',
        'pg56',
        'pg57',
        'pg58',
        'pg59',
      ]),
    )
    expect((await membersOf(owner, id, '?q=%25')).members).toEqual([])

    // Not a member: 404 even for a public league and for admins; visitors 401.
    for (const outsider of [other, admin]) {
      const res = await outsider.browser.get(`/api/leagues/${id}/members`)
      expect(res.status).toBe(404)
      expect((await errorOf(res)).code).toBe('NOT_FOUND')
    }
    expect((await visitor.get(`/api/leagues/${id}/members`)).status).toBe(401)
    // Bad pages and filters: 400 with a code.
    for (const query of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'page=10001',
      'entry=missing',
      `tournamentId=nope&entry=entered`,
      `tournamentId=${UNKNOWN}&entry=maybe`,
      `q=${'x'.repeat(41)}`,
    ]) {
      const res = await member.browser.get(`/api/leagues/${id}/members?${query}`)
      expect(res.status, query).toBe(400)
      expect((await errorOf(res)).code, query).toBe('VALIDATION_FAILED')
    }
    expect((await member.browser.get(`/api/leagues/${UNKNOWN}/members`)).status).toBe(404)
  }, 60_000)

  it('bad input is a 400 that changes nothing', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const owner = await signInAs(setup, db)
    const { id } = await createLeague(owner)
    const before = await snapshot(db)
    const cases: [string, string, unknown][] = [
      ['POST', '/api/leagues', { name: 'ab' }],
      ['POST', '/api/leagues', { name: 'x'.repeat(41) }],
      ['POST', '/api/leagues', { name: 'Fine name', description: 'x'.repeat(201) }],
      ['POST', '/api/leagues', { name: 'Fine name', visibility: 'secret' }],
      ['POST', '/api/leagues', { name: 'Fine name', ownerId: 'someone' }],
      ['PATCH', `/api/leagues/${id}`, { name: '  a ' }],
      ['PATCH', `/api/leagues/${id}`, { joiningOpen: 'yes' }],
      ['PATCH', `/api/leagues/${id}`, { memberCount: 5 }],
      ['POST', '/api/leagues/join', {}],
      ['POST', '/api/leagues/join', { code: 'x', leagueId: id }],
      ['POST', '/api/leagues/join', { leagueId: 'nope' }],
      ['POST', `/api/leagues/${id}/nudge`, { tournamentId: 'nope' }],
      ['POST', `/api/leagues/${id}/nudge`, {}],
    ]
    for (const [method, path, json] of cases) {
      const res = await owner.browser.request(path, { method, json })
      expect(res.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(400)
    }
    expect((await owner.browser.get('/api/leagues/public?page=0')).status).toBe(400)
    expect((await owner.browser.get('/api/leagues/not-a-uuid')).status).toBe(404)
    expect((await owner.browser.get('/api/leagues/invites/short')).status).toBe(404)
    expect(await snapshot(db)).toEqual(before)
  }, 60_000)
})
