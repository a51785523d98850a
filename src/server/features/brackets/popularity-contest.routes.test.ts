// The People's Bracket per contest (docs/product.md, second chance for fans): ?contest=main is the
// one there was; ?contest=second_chance counts only the second chance's brackets over its seven
// matches, and says nothing (404) while it takes entries or when there is none. On both databases.
import { describe, expect, it } from 'vitest'
import { PopularitySchema } from '#shared/schemas/brackets'
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

describe.each(testDatabaseKinds)("People's Bracket per contest on %s", (kind) => {
  const database = useTestDatabase(kind)

  it('counts the second chance on its own, once its entries closed', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const url = (query: string) => `/api/tournaments/${id}/popularity${query}`
    const fans = []
    for (let n = 0; n < 3; n += 1) {
      const fan = await signInAs(setup, db, { balance: 500 })
      expect((await fan.browser.post(`/api/tournaments/${id}/bets`, betBody(bracket))).status).toBe(
        201,
      )
      fans.push(fan)
    }
    const admin = await signInAdmin(setup, db)
    const visitor = new TestBrowser(setup.app)
    await playRound16(db, bracket)
    expect((await visitor.get(url('?contest=second_chance'))).status).toBe(404)
    expect((await visitor.get(url('?contest=other'))).status).toBe(400)

    await openSecondChance(db, id)
    await insertSecondChanceBet(db, bracket, fans[0]!.userId, (match) => match.team1Id)
    await insertSecondChanceBet(db, bracket, fans[1]!.userId, (match) => match.team2Id)
    // While it takes entries nobody sees what its entrants picked.
    for (const browser of [fans[0]!.browser, fans[2]!.browser, admin.browser, visitor]) {
      expect((await browser.get(url('?contest=second_chance'))).status).toBe(404)
    }
    // The main People's Bracket is unchanged: the three main brackets over 15 matches.
    for (const query of ['', '?contest=main']) {
      const main = PopularitySchema.parse(await (await visitor.get(url(query))).json())
      expect(main.bracketCount).toBe(3)
      expect(main.slots).toHaveLength(15)
    }

    await setSecondChanceDeadline(db, id, new Date(Date.now() - 1_000))
    for (const browser of [fans[2]!.browser, visitor]) {
      const res = await browser.get(url('?contest=second_chance'))
      expect(res.status).toBe(200)
      const secondChance = PopularitySchema.parse(await res.json())
      expect(secondChance.bracketCount).toBe(2)
      expect(secondChance.slots.map((slot) => slot.round)).toEqual([
        'quarterfinal',
        'quarterfinal',
        'quarterfinal',
        'quarterfinal',
        'semifinal',
        'semifinal',
        'final',
      ])
      // Each quarterfinal: one fan for each pair.
      const [qf1] = secondChance.slots
      expect(qf1!.winners.map((winner) => winner.count)).toEqual([1, 1])
      expect(secondChance.champions.reduce((sum, pick) => sum + pick.count, 0)).toBe(2)
    }
    const main = PopularitySchema.parse(await (await visitor.get(url(''))).json())
    expect(main.bracketCount).toBe(3)
  }, 90_000)
})
