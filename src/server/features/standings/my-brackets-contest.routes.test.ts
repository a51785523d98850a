// "My brackets" and "my stats" with a second chance (docs/product.md "Second chance"): GET /api/me/brackets
// lists a fan's second-chance entry as a bracket of its own, after the tournament's main one,
// ranked among the second chance's entries once it closes; GET /api/me/stats counts it as a bet.
// Each fan sees only their own; a visitor gets 401. On both databases.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MyStatsSchema } from '#shared/schemas/bet'
import { MyBracketsSchema } from '#shared/schemas/standings'
import { matches } from '#server/db/schema'
import { betBody, insertBracketTournament } from '#tests/game-factories'
import {
  insertSecondChanceBet,
  openSecondChance,
  playRound16,
  setSecondChanceDeadline,
} from '#tests/second-chance-fan-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAdmin, signInAs } from '#server/features/admin/admin-test-support'

describe.each(testDatabaseKinds)('my brackets and stats with a second chance on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('lists the second-chance entry with its own rank once it closes', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const [anna, bea, carl] = [
      await signInAs(setup, db, { username: 'mb_anna' }),
      await signInAs(setup, db, { username: 'mb_bea' }),
      await signInAs(setup, db, { username: 'mb_carl' }),
    ]
    for (const fan of [anna, bea, carl]) {
      const placed = await fan.browser.post(`/api/tournaments/${id}/bets`, betBody(bracket))
      expect(placed.status).toBe(201)
    }
    const admin = await signInAdmin(setup, db)
    const visitor = new TestBrowser(setup.app)
    await playRound16(db, bracket)
    await openSecondChance(db, id)
    // Bea picks team 2 everywhere, Anna team 1; Carl stays out.
    await insertSecondChanceBet(db, bracket, anna.userId, (match) => match.team1Id)
    await insertSecondChanceBet(db, bracket, bea.userId, (match) => match.team2Id)
    // The main standings are built (a read builds what is stale).
    expect((await carl.browser.get(`/api/tournaments/${id}/standings`)).status).toBe(200)

    const listOf = async (browser: TestBrowser) =>
      MyBracketsSchema.parse(await (await browser.get('/api/me/brackets')).json()).brackets
    // While the second chance takes entries: its entry is listed, its count only.
    expect(await listOf(bea.browser)).toEqual([
      expect.objectContaining({ tournamentId: id, contest: 'main', entries: 3, rank: 1 }),
      expect.objectContaining({
        tournamentId: id,
        contest: 'second_chance',
        status: 'active',
        entries: 2,
        rank: null,
        correct: null,
        maxPossible: null,
      }),
    ])
    expect((await listOf(carl.browser)).map((row) => row.contest)).toEqual(['main'])
    expect(await listOf(admin.browser)).toEqual([])
    expect((await visitor.get('/api/me/brackets')).status).toBe(401)

    // It closes and quarterfinal 1 goes to team 1: Anna first, Bea second, in their own contest.
    await setSecondChanceDeadline(db, id, new Date(Date.now() - 1_000))
    const qf1 = bracket.matches.find((m) => m.round === 'quarterfinal' && m.matchNumber === 1)!
    await db.update(matches).set({ winnerTeamId: qf1.team1Id }).where(eq(matches.id, qf1.id))
    const standings = `/api/tournaments/${id}/standings?contest=second_chance`
    expect((await carl.browser.get(standings)).status).toBe(200)
    const beas = await listOf(bea.browser)
    expect(beas[1]).toMatchObject({
      contest: 'second_chance',
      rank: 2,
      entries: 2,
      correct: 0,
      maxPossible: 7,
    })
    expect((await listOf(anna.browser))[1]).toMatchObject({
      contest: 'second_chance',
      rank: 1,
      entries: 2,
      correct: 1,
      maxPossible: 8,
    })

    // My stats count both contests' bets; each fan their own.
    const statsOf = async (browser: TestBrowser) =>
      MyStatsSchema.parse(await (await browser.get('/api/me/stats')).json())
    expect(await statsOf(anna.browser)).toMatchObject({ betCount: 2, active: 2 })
    expect(await statsOf(carl.browser)).toMatchObject({ betCount: 1, active: 1 })
    expect(await statsOf(admin.browser)).toMatchObject({ betCount: 0 })
    expect((await visitor.get('/api/me/stats')).status).toBe(401)
  }, 90_000)
})
