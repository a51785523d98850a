// A fan's second-chance bracket (docs/product.md "Second chance"): GET …/brackets/:username?contest=
// second_chance shows its 7 picks + MVP scored over its own rounds, to its owner at any time and
// to every other signed-in account once the second chance takes no more entries; anything else is
// the one 404 of a missing bracket (docs/decisions/095). On both databases.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { FanBracketSchema } from '#shared/schemas/brackets'
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

const notFoundBody = { error: { code: 'NOT_FOUND', message: 'Bracket not found.' } }

describe.each(testDatabaseKinds)('a fan’s second-chance bracket on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('is the owner’s alone until the second chance closes, then everyone’s signed in', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const owner = await signInAs(setup, db, { username: 'scb_owner' })
    const other = await signInAs(setup, db, { username: 'scb_other' })
    const admin = await signInAdmin(setup, db)
    const visitor = new TestBrowser(setup.app)
    for (const fan of [owner, other]) {
      expect((await fan.browser.post(`/api/tournaments/${id}/bets`, betBody(bracket))).status).toBe(
        201,
      )
    }
    const path = (username: string, contest = 'second_chance') =>
      `/api/tournaments/${id}/brackets/${username}?contest=${contest}`

    await playRound16(db, bracket)
    // No second chance opened: nobody has a second-chance bracket.
    expect(await (await owner.browser.get(path('scb_owner'))).json()).toEqual(notFoundBody)

    await openSecondChance(db, id)
    await insertSecondChanceBet(db, bracket, owner.userId, (match) => match.team1Id, 23)

    const mine = await owner.browser.get(path('scb_owner'))
    expect(mine.status).toBe(200)
    const body = FanBracketSchema.parse(await mine.json())
    expect(body).toMatchObject({
      contest: 'second_chance',
      isMine: true,
      correct: 0,
      total: 8,
      maxPossible: 8,
      finalTotalGames: 23,
    })
    expect(body.picks.map((pick) => pick.round)).toEqual([
      ...Array<string>(4).fill('quarterfinal'),
      'semifinal',
      'semifinal',
      'final',
    ])
    // The main bracket is public already (its deadline passed): other fans see it, not the
    // second chance's.
    const main = await other.browser.get(path('scb_owner', 'main'))
    expect(FanBracketSchema.parse(await main.json())).toMatchObject({ contest: 'main', total: 16 })
    for (const res of [
      await other.browser.get(path('scb_owner')),
      await admin.browser.get(path('scb_owner')),
      // Other entered no second chance: the same 404, to the owner too.
      await owner.browser.get(path('scb_other')),
      await other.browser.get(path('scb_other')),
    ]) {
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual(notFoundBody)
    }
    expect((await visitor.get(path('scb_owner'))).status).toBe(401)
    expect((await other.browser.get(path('scb_owner', 'nope'))).status).toBe(400)

    // The deadline passes and quarterfinal 1 goes to team 1, as the owner picked.
    await setSecondChanceDeadline(db, id, new Date(Date.now() - 1_000))
    const qf1 = bracket.matches.find((m) => m.round === 'quarterfinal' && m.matchNumber === 1)!
    await db.update(matches).set({ winnerTeamId: qf1.team1Id }).where(eq(matches.id, qf1.id))
    for (const viewer of [other.browser, admin.browser, owner.browser]) {
      const res = await viewer.get(path('SCB_OWNER'))
      expect(res.status).toBe(200)
      const seen = FanBracketSchema.parse(await res.json())
      expect(seen).toMatchObject({
        contest: 'second_chance',
        isMine: viewer === owner.browser,
        correct: 1,
        total: 8,
        maxPossible: 8,
      })
      expect(seen.picks.find((pick) => pick.matchId === qf1.id)?.mark).toBe('correct')
    }
    expect((await visitor.get(path('scb_owner'))).status).toBe(401)
  }, 90_000)

  it('closes with the first quarterfinal result even before its deadline', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const owner = await signInAs(setup, db, { username: 'scq_owner' })
    const other = await signInAs(setup, db)
    await playRound16(db, bracket)
    await openSecondChance(db, bracket.tournament.id)
    await insertSecondChanceBet(db, bracket, owner.userId)
    const path = `/api/tournaments/${bracket.tournament.id}/brackets/scq_owner?contest=second_chance`
    expect((await other.browser.get(path)).status).toBe(404)
    const qf2 = bracket.matches.find((m) => m.round === 'quarterfinal' && m.matchNumber === 2)!
    await db.update(matches).set({ winnerTeamId: qf2.team2Id }).where(eq(matches.id, qf2.id))
    const res = await other.browser.get(path)
    expect(res.status).toBe(200)
    expect(FanBracketSchema.parse(await res.json())).toMatchObject({ correct: 0, maxPossible: 7 })
  })
})
