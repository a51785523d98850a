// The admin home's work queue and the users list (search, role, balance), over HTTP on the real
// database.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AdminStatsSchema, AdminUserListSchema } from '#shared/schemas/admin'
import { matches, tournaments } from '#server/db/schema'
import { insertTournament } from '#tests/factories'
import {
  closedDeadlineValues,
  insertAccount,
  insertBracketTournament,
  playOut,
} from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAdmin, signInAs } from './admin-test-support'

describe.each(testDatabaseKinds)('admin screens on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('lists what needs an admin: results after the deadline, a missing MVP, a settlement', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)

    const open = await insertBracketTournament(db)
    const closed = await insertBracketTournament(db, closedDeadlineValues())
    const live = await insertBracketTournament(db, { ...closedDeadlineValues(), status: 'active' })
    const noBracket = await insertTournament(db, { ...closedDeadlineValues(), status: 'active' })
    const noMvp = await insertBracketTournament(db, closedDeadlineValues())
    await playOut(db, noMvp, { withMvp: false })
    const ready = await insertBracketTournament(db, closedDeadlineValues())
    await playOut(db, ready)
    const cancelled = await insertBracketTournament(db, {
      ...closedDeadlineValues(),
      status: 'cancelled',
    })
    // One result in: the live tournament still has 14 to go.
    await db
      .update(matches)
      .set({ winnerTeamId: live.matches[0]!.team1Id })
      .where(eq(matches.id, live.matches[0]!.id))

    const res = await admin.browser.get('/api/admin/stats')
    expect(res.status).toBe(200)
    const { workQueue } = AdminStatsSchema.parse(await res.json())
    const kindOf = (id: string) =>
      workQueue.filter((item) => item.tournamentId === id).map((item) => item.kind)

    expect(kindOf(open.tournament.id)).toEqual([])
    expect(kindOf(closed.tournament.id)).toEqual(['awaiting_results'])
    expect(kindOf(live.tournament.id)).toEqual(['awaiting_results'])
    expect(workQueue.find((item) => item.tournamentId === live.tournament.id)?.openMatches).toBe(14)
    expect(kindOf(noBracket.id)).toEqual(['awaiting_results'])
    expect(kindOf(noMvp.tournament.id)).toEqual(['missing_mvp'])
    expect(kindOf(ready.tournament.id)).toEqual(['ready_to_settle'])
    expect(kindOf(cancelled.tournament.id)).toEqual([])

    // Naming the MVP moves the tournament on to "ready to settle".
    await db
      .update(tournaments)
      .set({ mvpPlayerId: noMvp.teams[0]!.player1Id })
      .where(eq(tournaments.id, noMvp.tournament.id))
    const again = AdminStatsSchema.parse(await (await admin.browser.get('/api/admin/stats')).json())
    expect(
      again.workQueue
        .filter((item) => item.tournamentId === noMvp.tournament.id)
        .map((i) => i.kind),
    ).toEqual(['ready_to_settle'])
  })

  it('lists users with role and balance, and searches e-mail and username', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const tag = `Zq${Date.now().toString(36)}`
    const fan = await insertAccount(db, { balance: 420, username: `${tag}_fan` })
    const other = await insertAccount(db, { balance: 7 })

    const all = AdminUserListSchema.parse(
      await (await admin.browser.get('/api/admin/users')).json(),
    )
    expect(all.matched).toBe(all.total)
    expect(all.users.find((u) => u.id === fan.userId)).toMatchObject({ role: 'user', balance: 420 })
    expect(all.users.find((u) => u.id === other.userId)?.balance).toBe(7)
    expect(all.users.find((u) => u.id === admin.userId)?.role).toBe('admin')

    const byName = AdminUserListSchema.parse(
      await (await admin.browser.get(`/api/admin/users?search=${tag.toLowerCase()}`)).json(),
    )
    expect(byName.users.map((u) => u.id)).toEqual([fan.userId])
    expect(byName.matched).toBe(1)
    expect(byName.total).toBe(all.total)

    const byEmail = AdminUserListSchema.parse(
      await (
        await admin.browser.get(
          `/api/admin/users?${new URLSearchParams({ search: other.email.toUpperCase() })}`,
        )
      ).json(),
    )
    expect(byEmail.users.map((u) => u.id)).toEqual([other.userId])

    // LIKE wildcards are searched for as text, not as patterns.
    const wildcard = AdminUserListSchema.parse(
      await (await admin.browser.get('/api/admin/users?search=%25')).json(),
    )
    expect(wildcard.users).toEqual([])

    const tooLong = await admin.browser.get(`/api/admin/users?search=${'a'.repeat(201)}`)
    expect(tooLong.status).toBe(400)
  })

  it('keeps the users search and the work queue from visitors and fans', async () => {
    const setup = createTestApp(database())
    const fan = await signInAs(setup, database().db)
    const visitor = new TestBrowser(setup.app)
    for (const path of ['/api/admin/users?search=a', '/api/admin/stats']) {
      expect((await visitor.get(path)).status).toBe(401)
      expect((await fan.browser.get(path)).status).toBe(403)
    }
  })
})
