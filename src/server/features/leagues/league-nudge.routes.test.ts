// The owner's nudge (POST /api/leagues/:id/nudge): one mail through the outbox and one in-app
// notification per member without a bracket, at most once per fan, tournament and day whichever
// league asks, and never to a fan who turned league nudges off.
import { and, count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LeagueDetailSchema, NudgeResultSchema } from '#shared/schemas/league'
import type { Database } from '#server/db/client'
import { leagueNudges, mailOutbox, notifications, tournaments } from '#server/db/schema'
import { betBody, insertBracketTournament } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAs } from '#server/features/admin/admin-test-support'

type Fan = Awaited<ReturnType<typeof signInAs>>

async function leagueWith(owner: Fan, members: Fan[], name = 'Nudge league') {
  const created = await owner.browser.post('/api/leagues', { name })
  const { id } = (await created.json()) as { id: string }
  const detail = LeagueDetailSchema.parse(
    await (await owner.browser.get(`/api/leagues/${id}`)).json(),
  )
  for (const member of members) {
    const res = await member.browser.post('/api/leagues/join', { code: detail.inviteCode })
    expect(res.status).toBe(200)
  }
  return id
}

const outboxCount = async (db: Database) => (await db.select({ n: count() }).from(mailOutbox))[0]!.n

describe.each(testDatabaseKinds)('league nudges on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('mails and notifies the members without a bracket once a day, as they prefer', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db, { name: 'Nudge Open' })
    const tournamentId = bracket.tournament.id
    const owner = await signInAs(setup, db, { username: 'nudge_owner' })
    const waiting = await signInAs(setup, db, { username: 'nudge_waiting' })
    const entered = await signInAs(setup, db, { balance: 500 })
    const quiet = await signInAs(setup, db)
    const placed = await entered.browser.post(
      `/api/tournaments/${tournamentId}/bets`,
      betBody(bracket),
    )
    expect(placed.status).toBe(201)
    const off = await quiet.browser.request('/api/me/preferences', {
      method: 'PUT',
      json: { leagueNudges: false },
    })
    expect(off.status).toBe(200)
    const leagueId = await leagueWith(owner, [waiting, entered, quiet])
    const nudge = (fan: Fan, id = leagueId, body: unknown = { tournamentId }) =>
      fan.browser.post(`/api/leagues/${id}/nudge`, body)

    const mailsBefore = await outboxCount(db)
    const first = await nudge(owner)
    expect(first.status, await first.clone().text()).toBe(200)
    expect(NudgeResultSchema.parse(await first.json())).toEqual({ nudged: 1 })
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, waiting.email))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain('nudge_owner')
    expect(mails[0]!.subject).toContain('Nudge Open')
    expect(mails[0]!.text).toContain('Nudge league')
    expect(mails[0]!.headers['List-Unsubscribe']).toContain('/api/unsubscribe?token=')
    expect(mails[0]!.link).toContain(`/tournament/${tournamentId}`)
    expect(await outboxCount(db)).toBe(mailsBefore + 1)
    const told = await waiting.browser.get('/api/notifications')
    expect(await told.json()).toMatchObject({
      unread: 1,
      items: [
        {
          kind: 'league_nudge',
          tournament: { id: tournamentId, name: 'Nudge Open' },
          league: { id: leagueId, name: 'Nudge league' },
          fan: 'nudge_owner',
        },
      ],
    })
    for (const fan of [entered, quiet, owner]) {
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, fan.userId), eq(notifications.kind, 'league_nudge')))
      expect(rows).toEqual([])
    }

    // Again the same day, or from another league the fan is in: nothing more.
    expect(await (await nudge(owner)).json()).toEqual({ nudged: 0 })
    const otherOwner = await signInAs(setup, db)
    const otherLeague = await leagueWith(otherOwner, [waiting], 'Second league')
    expect(await (await nudge(otherOwner, otherLeague)).json()).toEqual({ nudged: 0 })
    expect(await outboxCount(db)).toBe(mailsBefore + 1)

    // The next day (the claim moved back a day), the fan can be nudged again.
    await db.update(leagueNudges).set({ day: sql`${leagueNudges.day} - 1` })
    expect(await (await nudge(owner)).json()).toEqual({ nudged: 1 })
    expect(await outboxCount(db)).toBe(mailsBefore + 2)

    // A member who is not the owner may not nudge; outsiders and unknown tournaments get 404.
    expect((await nudge(waiting)).status).toBe(403)
    expect((await nudge(otherOwner)).status).toBe(404)
    const unknown = await nudge(owner, leagueId, {
      tournamentId: '00000000-0000-4000-8000-000000000000',
    })
    expect(unknown.status).toBe(404)
    // Betting closed: nothing to nudge about.
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 1_000) })
      .where(eq(tournaments.id, tournamentId))
    await db.update(leagueNudges).set({ day: sql`${leagueNudges.day} - 1` })
    const closed = await nudge(owner)
    expect(closed.status).toBe(409)
    expect(await closed.json()).toMatchObject({ error: { reason: 'NUDGE_TOURNAMENT_NOT_OPEN' } })
    expect(await outboxCount(db)).toBe(mailsBefore + 2)
  }, 90_000)
})
