// Every match a fan route returns carries its order of play (docs/decisions/141): the tournament,
// "my bet", a fan's bracket (one's own and, after the deadline, another's) and a shared bracket.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MyBetSchema } from '#shared/schemas/bet'
import { FanBracketSchema } from '#shared/schemas/brackets'
import { SharedBracketSchema } from '#shared/schemas/share'
import { TournamentDetailSchema } from '#shared/schemas/tournament'
import { tournaments } from '#server/db/schema'
import { put, signInAdmin } from '#server/features/admin/admin-test-support'
import { betBody, insertBracketTournament, signInAs } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

const EVENING = '2026-05-02T18:00:00.000Z'

describe.each(testDatabaseKinds)('the order of play on fan routes on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('is on every match of the tournament, my bet, fan brackets and a shared bracket', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const admin = await signInAdmin(setup, db)
    const owner = await signInAs(setup, db)
    const other = await signInAs(setup, db)
    const visitor = new TestBrowser(setup.app)
    const placed = await owner.browser.post(`/api/tournaments/${id}/bets`, betBody(bracket))
    expect(placed.status, await placed.clone().text()).toBe(201)
    const [first, second] = bracket.matches
    const scheduled = await put(admin.browser, `/api/admin/tournaments/${id}/schedule`, {
      matches: [{ matchId: first!.id, startsAt: EVENING, court: 'Pista Central' }],
    })
    expect(scheduled.status).toBe(200)
    const json = async (browser: TestBrowser, path: string) => {
      const res = await browser.get(path)
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200)
      return res.json()
    }
    const scheduleOf = (list: readonly { startsAt: string | null; court: string | null }[]) =>
      list.slice(0, 2).map(({ startsAt, court }) => ({ startsAt, court }))
    const expected = [
      { startsAt: EVENING, court: 'Pista Central' },
      { startsAt: null, court: null },
    ]

    const detail = TournamentDetailSchema.parse(await json(visitor, `/api/tournaments/${id}`))
    expect(scheduleOf(detail.matches)).toEqual(expected)
    const myBet = MyBetSchema.parse(await json(owner.browser, `/api/tournaments/${id}/my-bet`))
    expect(myBet.predictions[0]!.matchId).toBe(first!.id)
    expect(myBet.predictions[1]!.matchId).toBe(second!.id)
    expect(scheduleOf(myBet.predictions)).toEqual(expected)
    const username = (await (await owner.browser.get('/api/me')).json()) as {
      user: { username: string }
    }
    const bracketPath = `/api/tournaments/${id}/brackets/${username.user.username}`
    const own = FanBracketSchema.parse(await json(owner.browser, bracketPath))
    expect(scheduleOf(own.picks)).toEqual(expected)

    // After the deadline the bracket is public: another fan and a shared link read the same.
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 60_000) })
      .where(eq(tournaments.id, id))
    const seen = FanBracketSchema.parse(await json(other.browser, bracketPath))
    expect(scheduleOf(seen.picks)).toEqual(expected)
    const shared = SharedBracketSchema.parse(await json(visitor, `/api/share/${myBet.shareId}`))
    expect(shared.phase).toBe('bracket')
    expect(scheduleOf(shared.bracket!.picks)).toEqual(expected)
  })
})
