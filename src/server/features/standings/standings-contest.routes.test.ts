// The standings per contest (docs/product.md, second chance for fans): ?contest=main is the
// standings as they were; ?contest=second_chance ranks only the second chance's brackets, over the
// quarterfinals, semifinals, final and MVP (8), and shows nobody's picks or ranks before its own
// deadline — to its entrant, another fan, a visitor or an admin. On both databases.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { StandingsSchema } from '#shared/schemas/standings'
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
import { errorOf, signInAdmin, signInAs } from '#server/features/admin/admin-test-support'

describe.each(testDatabaseKinds)('standings per contest on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('ranks the second chance on its own, private until its deadline', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const url = (query: string) => `/api/tournaments/${id}/standings${query}`
    // Three main brackets: everyone picks team 2 first, so every bracket is busted after the
    // round of 16 that team 1 wins.
    const fans = []
    for (const username of ['sc_anna', 'sc_bea', 'sc_carl']) {
      const fan = await signInAs(setup, db, { balance: 500, username })
      const body = betBody(bracket, (match) => match.team2Id)
      expect((await fan.browser.post(`/api/tournaments/${id}/bets`, body)).status).toBe(201)
      fans.push(fan)
    }
    const [anna, bea, carl] = fans as [(typeof fans)[0], (typeof fans)[0], (typeof fans)[0]]
    const admin = await signInAdmin(setup, db)
    const visitor = new TestBrowser(setup.app)

    await playRound16(db, bracket)
    // No second chance yet: its standings are not found; the main ones are there.
    const none = await anna.browser.get(url('?contest=second_chance'))
    expect(none.status).toBe(404)
    expect((await errorOf(none)).code).toBe('NOT_FOUND')
    expect((await anna.browser.get(url('?contest=nope'))).status).toBe(400)

    await openSecondChance(db, id)
    // Anna picks team 1 everywhere, Bea team 2 everywhere; Carl stays out.
    await insertSecondChanceBet(db, bracket, anna.userId, (match) => match.team1Id, 20)
    await insertSecondChanceBet(db, bracket, bea.userId, (match) => match.team2Id, 25)

    // Before the second chance's deadline: the number of its entries only, for everyone.
    for (const browser of [anna.browser, bea.browser, carl.browser, admin.browser]) {
      const res = await browser.get(url('?contest=second_chance'))
      expect(res.status).toBe(200)
      expect(StandingsSchema.parse(await res.json())).toEqual({
        tournamentId: id,
        isOpen: false,
        entries: 2,
        total: 8,
        page: 1,
        pageSize: 25,
        rows: [],
        me: null,
        myPage: null,
        builtAt: null,
      })
    }
    expect((await visitor.get(url('?contest=second_chance'))).status).toBe(401)

    // The main standings are unchanged by the second chance: three brackets out of 16.
    for (const query of ['', '?contest=main']) {
      const main = StandingsSchema.parse(await (await carl.browser.get(url(query))).json())
      expect(main).toMatchObject({ isOpen: true, entries: 3, total: 16 })
      expect(main.rows.map((row) => row.username).sort()).toEqual(['sc_anna', 'sc_bea', 'sc_carl'])
      // Only the MVP is still open: every pick named a pair that lost in the round of 16.
      expect(main.rows.every((row) => row.correct === 0 && row.maxPossible === 1)).toBe(true)
    }

    // Its deadline passes; the first quarterfinal goes to team 1 (Anna right, Bea wrong).
    await setSecondChanceDeadline(db, id, new Date(Date.now() - 1_000))
    const qf1 = bracket.matches.find((m) => m.round === 'quarterfinal' && m.matchNumber === 1)!
    await db.update(matches).set({ winnerTeamId: qf1.team1Id }).where(eq(matches.id, qf1.id))

    const seen = StandingsSchema.parse(
      await (await bea.browser.get(url('?contest=second_chance'))).json(),
    )
    expect(seen).toMatchObject({ isOpen: true, entries: 2, total: 8 })
    // Anna: 1 right, 6 picks + the MVP still open → 8. Bea: qf-1 wrong; her later picks are the
    // second pairs of later matches (from qf-2 and qf-4), all alive: 0 right, 7 still possible.
    expect(
      seen.rows.map(({ rank, username, correct, maxPossible, isMe }) => ({
        rank,
        username,
        correct,
        maxPossible,
        isMe,
      })),
    ).toEqual([
      { rank: 1, username: 'sc_anna', correct: 1, maxPossible: 8, isMe: false },
      { rank: 2, username: 'sc_bea', correct: 0, maxPossible: 7, isMe: true },
    ])
    expect(seen.me).toMatchObject({ username: 'sc_bea', rank: 2, accuracy: 0 })
    // Carl did not enter: he sees the ranking but has no row of his own.
    const carls = StandingsSchema.parse(
      await (await carl.browser.get(url('?contest=second_chance'))).json(),
    )
    expect(carls.rows).toHaveLength(2)
    expect(carls.me).toBeNull()
    expect((await visitor.get(url('?contest=second_chance'))).status).toBe(401)
    // The admin sees the same ranking, no row of their own.
    const admins = StandingsSchema.parse(
      await (await admin.browser.get(url('?contest=second_chance'))).json(),
    )
    expect(admins.rows.map((row) => row.username)).toEqual(['sc_anna', 'sc_bea'])
    // Main: still the three main brackets, Anna's main row is her main bet (0 right).
    const main = StandingsSchema.parse(await (await anna.browser.get(url(''))).json())
    expect(main.entries).toBe(3)
    expect(main.me).toMatchObject({ username: 'sc_anna', correct: 0 })
  }, 90_000)
})
