// The bracket's tiebreaker, the final's total games (docs/product.md "Statuses, deadlines and the wizard", decision 097): stored
// with the bet when given in 12–39, refused with nothing debited when not, optional for API
// clients, and shown only to the bet's owner.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MyBetSchema } from '#shared/schemas/bet'
import { bets } from '#server/db/schema'
import { expectBetInvariants } from '#tests/bet-invariants'
import { betBody, getBalance, insertBracketTournament, signInAs } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAdmin } from '#server/features/admin/admin-test-support'

describe.each(testDatabaseKinds)('the tiebreaker on %s', (kind) => {
  const database = useTestDatabase(kind)

  const setUp = () => {
    const setup = createTestApp(database())
    return { ...setup, visitor: new TestBrowser(setup.app) }
  }

  const storedTiebreaker = async (userId: string) => {
    const rows = await database()
      .db.select({ finalTotalGames: bets.finalTotalGames })
      .from(bets)
      .where(eq(bets.userId, userId))
    return rows.map((row) => row.finalTotalGames)
  }

  it.each([12, 27, 39])('stores %i with the bet; my-bet returns it to its owner', async (games) => {
    const setup = setUp()
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const fan = await signInAs(setup, db, { balance: 200 })
    const path = `/api/tournaments/${bracket.tournament.id}`

    const res = await fan.browser.post(`${path}/bets`, {
      ...betBody(bracket),
      finalTotalGames: games,
    })
    expect(res.status, await res.clone().text()).toBe(201)
    expect(await storedTiebreaker(fan.userId)).toEqual([games])
    expect(await getBalance(db, fan.userId)).toBe(150)

    const mine = MyBetSchema.parse(await (await fan.browser.get(`${path}/my-bet`)).json())
    expect(mine.finalTotalGames).toBe(games)

    // Another fan and an admin see their own (empty) view; a visitor has none.
    const other = await signInAs(setup, db)
    const theirs = MyBetSchema.parse(await (await other.browser.get(`${path}/my-bet`)).json())
    expect(theirs).toMatchObject({ bet: null, finalTotalGames: null })
    const admin = await signInAdmin(setup, db)
    const adminView = MyBetSchema.parse(await (await admin.browser.get(`${path}/my-bet`)).json())
    expect(adminView).toMatchObject({ bet: null, finalTotalGames: null })
    expect((await setup.visitor.get(`${path}/my-bet`)).status).toBe(401)
    await expectBetInvariants(db)
  })

  it.each([
    ['below the range', 11],
    ['above the range', 40],
    ['not whole', 25.5],
    ['a string', '25'],
    ['negative', -12],
  ])('refuses a tiebreaker %s: 400, nothing debited or stored', async (_name, games) => {
    const setup = setUp()
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const fan = await signInAs(setup, db, { balance: 200 })

    const res = await fan.browser.post(`/api/tournaments/${bracket.tournament.id}/bets`, {
      ...betBody(bracket),
      finalTotalGames: games,
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as {
      error: { code: string; details: { issues: { path: string; message: string }[] } }
    }
    expect(body.error.code).toBe('VALIDATION_FAILED')
    expect(body.error.details.issues).toEqual([
      expect.objectContaining({
        path: 'finalTotalGames',
        message: "The final's total games must be a whole number from 12 to 39",
      }),
    ])
    expect(await storedTiebreaker(fan.userId)).toEqual([])
    expect(await getBalance(db, fan.userId)).toBe(200)
    await expectBetInvariants(db)
  })

  it.each([
    ['absent', {}],
    ['null', { finalTotalGames: null }],
  ])('takes a bet with the tiebreaker %s (older clients): stored as none', async (_name, extra) => {
    const setup = setUp()
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const fan = await signInAs(setup, db, { balance: 200 })
    const path = `/api/tournaments/${bracket.tournament.id}`

    const res = await fan.browser.post(`${path}/bets`, { ...betBody(bracket), ...extra })
    expect(res.status).toBe(201)
    expect(await storedTiebreaker(fan.userId)).toEqual([null])
    const mine = MyBetSchema.parse(await (await fan.browser.get(`${path}/my-bet`)).json())
    expect(mine.finalTotalGames).toBeNull()
    expect(mine.bet).not.toBeNull()
  })
})
