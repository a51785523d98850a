// Results and status rules of decision 068: no result while fans still bet, no way back to
// upcoming once a result exists, and cancel / MVP as the domain says.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { canCancel } from '#domain/tournament/tournament'
import { AdminTournamentSchema, CancellationResultSchema } from '#shared/schemas/admin'
import { matches, tournaments } from '#server/db/schema'
import {
  betBody,
  closedDeadlineValues,
  getBalance,
  insertBracketTournament,
  playOut,
  type BracketTournament,
} from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { errorOf, matchBody, put, signInAdmin, signInAs } from './admin-test-support'

const DAY = 24 * 60 * 60 * 1000

function tournamentBody(bracket: BracketTournament, overrides: Record<string, unknown>) {
  const t = bracket.tournament
  return {
    name: t.name,
    status: t.status,
    bettingDeadline: t.bettingDeadline.toISOString(),
    startDate: t.startDate.toISOString(),
    endDate: t.endDate.toISOString(),
    basePool: 5000,
    entryFee: 50,
    multiplier: 0.7,
    ...overrides,
  }
}

describe.each(testDatabaseKinds)('result and status rules on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('refuses a result while betting is open, and shows none publicly', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const bracket = await insertBracketTournament(db)
    const first = bracket.matches[0]!

    const update = await put(
      admin.browser,
      `/api/admin/matches/${first.id}`,
      matchBody(bracket, 0, first.team1Id),
    )
    expect(update.status).toBe(409)
    expect(await errorOf(update)).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'betting_open' },
    })
    const [stored] = await db.select().from(matches).where(eq(matches.id, first.id))
    expect(stored!.winnerTeamId).toBeNull()

    // A new match with a winner is refused alike (the slot is free in another tournament).
    const other = await insertBracketTournament(db)
    await db.delete(matches).where(eq(matches.id, other.matches[0]!.id))
    const created = await admin.browser.post(
      '/api/admin/matches',
      matchBody(other, 0, other.matches[0]!.team1Id),
    )
    expect(created.status).toBe(409)

    // Once the deadline has passed, the same result is taken (still upcoming: betting closed).
    await db
      .update(tournaments)
      .set(closedDeadlineValues())
      .where(eq(tournaments.id, bracket.tournament.id))
    const later = await put(
      admin.browser,
      `/api/admin/matches/${first.id}`,
      matchBody(bracket, 0, first.team1Id),
    )
    expect(later.status).toBe(200)
  })

  it('never moves a tournament with a result back to upcoming or reopens its betting', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const bracket = await insertBracketTournament(db)
    const fan = await signInAs(setup, db, { balance: 500 })
    expect(
      (await fan.browser.post(`/api/tournaments/${bracket.tournament.id}/bets`, betBody(bracket)))
        .status,
    ).toBe(201)
    await playOut(db, bracket, { withMvp: false })
    const [completed] = await db
      .select()
      .from(tournaments)
      .where(eq(tournaments.id, bracket.tournament.id))
    const current = { ...bracket, tournament: completed! }

    const back = await put(
      admin.browser,
      `/api/admin/tournaments/${bracket.tournament.id}`,
      tournamentBody(current, { status: 'upcoming' }),
    )
    expect(back.status).toBe(409)
    expect(await errorOf(back)).toMatchObject({ details: { reason: 'results_exist' } })
    const card: unknown = await (
      await setup.app.request(`/api/tournaments/${bracket.tournament.id}`)
    ).json()
    expect(card).toMatchObject({ status: 'completed', isBettingOpen: false })

    // Live again is fine (an admin may correct "completed" too early), betting stays closed.
    const live = await put(
      admin.browser,
      `/api/admin/tournaments/${bracket.tournament.id}`,
      tournamentBody(current, { status: 'active' }),
    )
    expect(live.status).toBe(200)

    // An upcoming tournament past its deadline with a result cannot move the deadline ahead.
    const upcoming = await insertBracketTournament(db, closedDeadlineValues())
    const first = upcoming.matches[0]!
    expect(
      (
        await put(
          admin.browser,
          `/api/admin/matches/${first.id}`,
          matchBody(upcoming, 0, first.team1Id),
        )
      ).status,
    ).toBe(200)
    const reopen = await put(
      admin.browser,
      `/api/admin/tournaments/${upcoming.tournament.id}`,
      tournamentBody(upcoming, {
        bettingDeadline: new Date(Date.now() + DAY).toISOString(),
        startDate: new Date(Date.now() + 2 * DAY).toISOString(),
        endDate: new Date(Date.now() + 3 * DAY).toISOString(),
      }),
    )
    expect(reopen.status).toBe(409)
  })

  it('cancels a completed, unsettled tournament with refunds; never a settled one', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const bracket = await insertBracketTournament(db)
    const fan = await signInAs(setup, db, { balance: 500 })
    expect(
      (await fan.browser.post(`/api/tournaments/${bracket.tournament.id}/bets`, betBody(bracket)))
        .status,
    ).toBe(201)
    await playOut(db, bracket)
    // Only an admin cancels: a visitor and the fan who bet are refused, and nothing is refunded.
    const cancelPath = `/api/admin/tournaments/${bracket.tournament.id}/cancel`
    expect((await new TestBrowser(setup.app).post(cancelPath)).status).toBe(401)
    expect((await fan.browser.post(cancelPath)).status).toBe(403)
    expect(await getBalance(db, fan.userId)).toBe(450)
    const [stillCompleted] = await db
      .select({ status: tournaments.status })
      .from(tournaments)
      .where(eq(tournaments.id, bracket.tournament.id))
    expect(stillCompleted!.status).toBe('completed')
    const listedBefore = AdminTournamentSchema.parse(
      await (await admin.browser.get(`/api/admin/tournaments/${bracket.tournament.id}`)).json(),
    )
    // What the admin row asks (the domain's canCancel) is what the server then does.
    expect(canCancel(listedBefore.status, listedBefore.settlementStage)).toBe(true)

    const cancelled = await admin.browser.post(cancelPath)
    expect(cancelled.status).toBe(200)
    expect(CancellationResultSchema.parse(await cancelled.json())).toMatchObject({
      refundedBets: 1,
      refundedCoins: 50,
    })
    expect(await getBalance(db, fan.userId)).toBe(500)
    // Cancelled: no settlement and no MVP any more.
    expect(
      (await admin.browser.post(`/api/admin/tournaments/${bracket.tournament.id}/settle`)).status,
    ).toBe(409)
    const listed = AdminTournamentSchema.parse(
      await (await admin.browser.get(`/api/admin/tournaments/${bracket.tournament.id}`)).json(),
    )
    expect(listed.status).toBe('cancelled')

    const settled = await insertBracketTournament(db)
    await playOut(db, settled)
    expect(
      (await admin.browser.post(`/api/admin/tournaments/${settled.tournament.id}/settle`)).status,
    ).toBe(200)
    const refused = await admin.browser.post(
      `/api/admin/tournaments/${settled.tournament.id}/cancel`,
    )
    expect(refused.status).toBe(409)
    expect(await errorOf(refused)).toMatchObject({ details: { reason: 'settled' } })
    const settledRow = AdminTournamentSchema.parse(
      await (await admin.browser.get(`/api/admin/tournaments/${settled.tournament.id}`)).json(),
    )
    expect(canCancel(settledRow.status, settledRow.settlementStage)).toBe(false)
    const mvp = await admin.browser.post(`/api/admin/tournaments/${settled.tournament.id}/mvp`, {
      playerId: settled.teams[0]!.player1Id,
    })
    expect(mvp.status).toBe(409)
  })
})
