// The short code a fan can say aloud (docs/decisions/173): it joins in any case and spacing beside
// the link's code, renewing kills both at once, a removed fan stays out, a private league stays a
// 404 to outsiders, and a code drawn twice is drawn again. As owner, member, other fan and visitor.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LeagueDetailSchema, LeagueInviteSchema, LeagueSummarySchema } from '#shared/schemas/league'
import { formatJoinCode, JOIN_CODE_ALPHABET } from '#shared/schemas/league-codes'
import type { Database } from '#server/db/client'
import { getPgError, PG_ERROR } from '#server/db/pg-errors'
import { leagues } from '#server/db/schema'
import { insertUser } from '#tests/factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAs } from '#server/features/admin/admin-test-support'
import { newInviteCodes, writeWithFreshCodes, type InviteCodes } from './invite-codes'

type Fan = Awaited<ReturnType<typeof signInAs>>

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; reason?: string } }).error

const JOIN_CODE = new RegExp(`^[${JOIN_CODE_ALPHABET}]{8}$`)

async function createLeague(owner: Fan, body: Record<string, unknown> = {}) {
  const res = await owner.browser.post('/api/leagues', { name: 'Said aloud', ...body })
  expect(res.status, await res.clone().text()).toBe(201)
  const { id } = LeagueSummarySchema.parse(await res.json())
  return { id, ...(await codesOf(owner, id)) }
}

async function codesOf(fan: Fan, id: string) {
  const res = await fan.browser.get(`/api/leagues/${id}`)
  expect(res.status, await res.clone().text()).toBe(200)
  const { inviteCode, joinCode } = LeagueDetailSchema.parse(await res.json())
  return { inviteCode, joinCode }
}

const join = (fan: Fan | { browser: TestBrowser }, code: string) =>
  fan.browser.post('/api/leagues/join', { code })

const preview = (browser: TestBrowser, code: string) =>
  browser.get(`/api/leagues/invites/${encodeURIComponent(code)}`)

async function memberCountOf(db: Database, id: string) {
  const [row] = await db.select().from(leagues).where(eq(leagues.id, id))
  return row!.memberCount
}

/** The same code as a fan might type it: lower case, a space, dashes a phone puts in. */
function spoken(code: string) {
  return [
    code.toLowerCase(),
    `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`,
    ` ${formatJoinCode(code)} `,
    `${code.slice(0, 4)}\u2013${code.slice(4, 6)}-${code.slice(6).toLowerCase()}`,
    code.split('').join(' '),
  ]
}

describe.each(testDatabaseKinds)('league short codes on %s', (kind) => {
  const database = useTestDatabase(kind)
  const env = { LEAGUE_JOIN_RATE_LIMIT_MAX: '1000' }

  it('a league has both codes; the short one joins in any case and spacing, the link still does', async () => {
    const setup = createTestApp(database(), { env })
    const { db } = database()
    const owner = await signInAs(setup, db)
    const { id, inviteCode, joinCode } = await createLeague(owner)
    expect(joinCode).toMatch(JOIN_CODE)
    expect(inviteCode).toMatch(/^[A-Za-z0-9_-]{16}$/)

    // The invite preview names the league by either code, signed out too.
    const visitor = new TestBrowser(setup.app)
    for (const code of [inviteCode!, ...spoken(joinCode!)]) {
      const res = await preview(visitor, code)
      expect(res.status, code).toBe(200)
      expect(await res.json()).toMatchObject({ leagueId: id, isMember: false })
    }

    const typed = spoken(joinCode!)
    for (const code of typed) {
      const fan = await signInAs(setup, db)
      const res = await join(fan, code)
      expect(res.status, `${code}: ${await res.clone().text()}`).toBe(200)
      expect(LeagueSummarySchema.parse(await res.json())).toMatchObject({ id, myRole: 'member' })
      // A member sees the same codes the owner shares.
      expect(await codesOf(fan, id)).toEqual({ inviteCode, joinCode })
    }
    const byLink = await signInAs(setup, db)
    expect((await join(byLink, inviteCode!)).status).toBe(200)
    expect(await memberCountOf(db, id)).toBe(typed.length + 2)

    // The link's code is exact: in another case it is another code. A look-alike (O for a
    // letter, 0 or 1 anywhere) or a code one short names nothing.
    const wrong = [
      inviteCode!.toUpperCase() === inviteCode
        ? inviteCode!.toLowerCase()
        : inviteCode!.toUpperCase(),
      `O${joinCode!.slice(1)}`,
      `${joinCode!.slice(0, 7)}0`,
      `${joinCode!.slice(0, 7)}1`,
      joinCode!.slice(0, 7),
      `${joinCode!}${joinCode![0]}`,
    ]
    const stranger = await signInAs(setup, db)
    for (const code of wrong) {
      if (code === inviteCode) continue
      expect((await join(stranger, code)).status, code).toBe(404)
      expect((await preview(visitor, code)).status, code).toBe(404)
    }
    expect(await memberCountOf(db, id)).toBe(typed.length + 2)
    // Joining needs a session, whatever the code.
    expect((await join({ browser: visitor }, joinCode!)).status).toBe(401)
  }, 60_000)

  it('renewing kills the short code and the link at once; closing joining silences both', async () => {
    const setup = createTestApp(database(), { env })
    const { db } = database()
    const owner = await signInAs(setup, db)
    const member = await signInAs(setup, db)
    const late = await signInAs(setup, db)
    const old = await createLeague(owner)
    expect((await join(member, old.joinCode!)).status).toBe(200)

    // Only the owner renews: a member 403, nothing changes.
    expect((await member.browser.post(`/api/leagues/${old.id}/invite`, {})).status).toBe(403)
    expect(await codesOf(owner, old.id)).toEqual({
      inviteCode: old.inviteCode,
      joinCode: old.joinCode,
    })

    const renewed = await owner.browser.post(`/api/leagues/${old.id}/invite`, {})
    expect(renewed.status).toBe(200)
    const fresh = LeagueInviteSchema.parse(await renewed.json())
    expect(fresh.joinCode).toMatch(JOIN_CODE)
    expect(fresh.joinCode).not.toBe(old.joinCode)
    expect(fresh.inviteCode).not.toBe(old.inviteCode)
    expect(await codesOf(member, old.id)).toEqual(fresh)
    for (const code of [old.joinCode!, formatJoinCode(old.joinCode!), old.inviteCode!]) {
      expect((await join(late, code)).status, code).toBe(404)
      expect((await preview(late.browser, code)).status, code).toBe(404)
    }

    // Closed: neither code names the league, and members no longer see them.
    const close = (joiningOpen: boolean) =>
      owner.browser.request(`/api/leagues/${old.id}`, { method: 'PATCH', json: { joiningOpen } })
    expect((await close(false)).status).toBe(200)
    expect(await codesOf(member, old.id)).toEqual({ inviteCode: null, joinCode: null })
    expect((await join(late, fresh.joinCode)).status).toBe(404)
    expect((await preview(late.browser, fresh.joinCode.toLowerCase())).status).toBe(404)
    expect((await close(true)).status).toBe(200)
    expect((await join(late, formatJoinCode(fresh.joinCode).toLowerCase())).status).toBe(200)
    expect(await memberCountOf(db, old.id)).toBe(3)
  }, 60_000)

  it('a removed fan is refused by the short code, the renewed one included', async () => {
    const setup = createTestApp(database(), { env })
    const { db } = database()
    const owner = await signInAs(setup, db)
    const removed = await signInAs(setup, db)
    const { id, joinCode } = await createLeague(owner)
    expect((await join(removed, joinCode!)).status).toBe(200)
    const remove = await owner.browser.request(`/api/leagues/${id}/members/${removed.userId}`, {
      method: 'DELETE',
    })
    expect(remove.status).toBe(204)

    const renewed = await owner.browser.post(`/api/leagues/${id}/invite`, {})
    const fresh = LeagueInviteSchema.parse(await renewed.json())
    // The old code is dead (404, as for anyone); the new one, passed on by a friend, says why.
    expect((await join(removed, joinCode!)).status).toBe(404)
    const back = await join(removed, fresh.joinCode.toLowerCase())
    expect(back.status).toBe(409)
    expect(await errorOf(back)).toMatchObject({ code: 'CONFLICT', reason: 'LEAGUE_MEMBER_REMOVED' })
    expect(await memberCountOf(db, id)).toBe(1)
    expect((await removed.browser.get(`/api/leagues/${id}`)).status).toBe(404)
  }, 60_000)

  it('a private league stays a 404 to outsiders; its codes show to its members only', async () => {
    const setup = createTestApp(database(), { env })
    const { db } = database()
    const owner = await signInAs(setup, db)
    const outsider = await signInAs(setup, db)
    const visitor = new TestBrowser(setup.app)
    const hidden = await createLeague(owner, { name: 'Behind closed doors' })
    for (const path of [`/api/leagues/${hidden.id}`, `/api/leagues/${hidden.id}/members`]) {
      expect((await outsider.browser.get(path)).status, path).toBe(404)
      expect((await visitor.get(path)).status, path).toBe(401)
    }
    // A public league's outsider sees its head, without either code.
    const open = await createLeague(owner, { name: 'Open doors', visibility: 'public' })
    expect(await codesOf(outsider, open.id)).toEqual({ inviteCode: null, joinCode: null })

    // Malformed input is a 400 or a 404, never a 500, and lets nobody in.
    for (const body of [{ code: '' }, { code: 'K'.repeat(65) }, { code: 7 }, {}]) {
      const res = await outsider.browser.post('/api/leagues/join', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    for (const code of ['%', ' ', '----', 'ÑÑÑÑ-ÑÑÑÑ', "'; drop table leagues; --"]) {
      expect((await join(outsider, code)).status, code).toBe(404)
      expect([400, 404]).toContain((await preview(visitor, code)).status)
    }
    expect(await memberCountOf(db, hidden.id)).toBe(1)
  }, 60_000)

  it('every short-code try counts against the join limit, previews included', async () => {
    const setup = createTestApp(database(), { env: { LEAGUE_JOIN_RATE_LIMIT_MAX: '3' } })
    const { db } = database()
    const owner = await signInAs(setup, db)
    const guesser = await signInAs(setup, db)
    const { joinCode } = await createLeague(owner)
    expect((await preview(guesser.browser, 'AAAA-AAAA')).status).toBe(404)
    expect((await join(guesser, 'BBBB-BBBB')).status).toBe(404)
    expect((await join(guesser, 'CCCC CCCC')).status).toBe(404)
    // The fourth try is refused before the code is read, even the right one.
    const limited = await join(guesser, joinCode!)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
  }, 60_000)

  it('a short code already taken is drawn again, in the same transaction', async () => {
    const { db } = database()
    const owner = await insertUser(db)
    const taken = newInviteCodes()
    await db.insert(leagues).values({ name: 'First', ownerId: owner.id, ...taken, memberCount: 0 })

    // The first draw repeats the taken short code (with a new link code): drawn again.
    const draws: InviteCodes[] = [{ ...newInviteCodes(), joinCode: taken.joinCode }]
    const draw = () => draws.shift() ?? newInviteCodes()
    let tries = 0
    const id = await db.transaction(async (tx) => {
      const [row] = await writeWithFreshCodes(
        tx,
        (savepoint, codes) => {
          tries++
          return savepoint
            .insert(leagues)
            .values({ name: 'Second', ownerId: owner.id, ...codes, memberCount: 0 })
            .returning({ id: leagues.id, joinCode: leagues.joinCode })
        },
        draw,
      )
      // The caller's transaction goes on after the failed draw.
      await tx.update(leagues).set({ description: 'kept' }).where(eq(leagues.id, row!.id))
      return row!
    })
    expect(tries).toBe(2)
    expect(id.joinCode).not.toBe(taken.joinCode)
    const [second] = await db.select().from(leagues).where(eq(leagues.id, id.id))
    expect(second).toMatchObject({ name: 'Second', description: 'kept' })

    // A draw that keeps hitting taken codes gives up after five, with the database's refusal.
    let attempts = 0
    const stuck = db.transaction((tx) =>
      writeWithFreshCodes(
        tx,
        (savepoint, codes) => savepoint.update(leagues).set(codes).where(eq(leagues.id, id.id)),
        () => {
          attempts++
          return { ...newInviteCodes(), joinCode: taken.joinCode }
        },
      ),
    )
    const error = await stuck.then(
      () => null,
      (e: unknown) => e,
    )
    expect(getPgError(error)).toMatchObject({ code: PG_ERROR.UNIQUE_VIOLATION })
    expect(attempts).toBe(5)
  }, 60_000)
})
