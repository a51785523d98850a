import { describe, expect, it } from 'vitest'
import { MyBetsSchema, MyStatsSchema } from '#shared/schemas/bet'
import { betBody, insertBracketTournament, signInAs } from '#tests/game-factories'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

describe.each(testDatabaseKinds)('/api/me/bets and /api/me/stats on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('needs a session', async () => {
    const { app } = createTestApp(database())
    const visitor = new TestBrowser(app)
    for (const path of ['/api/me/bets', '/api/me/stats']) {
      expect((await visitor.get(path)).status, path).toBe(401)
    }
  })

  it("lists the user's own bets newest first, and their stats", async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db, { balance: 500 })
    const other = await signInAs(setup, db, { balance: 500 })
    const first = await insertBracketTournament(db, { name: 'First' })
    const second = await insertBracketTournament(db, { name: 'Second' })
    for (const bracket of [first, second]) {
      const res = await fan.browser.post(
        `/api/tournaments/${bracket.tournament.id}/bets`,
        betBody(bracket),
      )
      expect(res.status).toBe(201)
    }
    await other.browser.post(`/api/tournaments/${first.tournament.id}/bets`, betBody(first))

    const res = await fan.browser.get('/api/me/bets')
    expect(res.status).toBe(200)
    const { bets } = MyBetsSchema.parse(await res.json())
    expect(bets.map((bet) => bet.tournament.name)).toEqual(['Second', 'First'])
    expect(bets[0]).toMatchObject({
      amount: 50,
      status: 'active',
      tournamentId: second.tournament.id,
    })

    const limited = MyBetsSchema.parse(await (await fan.browser.get('/api/me/bets?limit=1')).json())
    expect(limited.bets).toHaveLength(1)
    expect((await fan.browser.get('/api/me/bets?limit=0')).status).toBe(400)

    const stats = await fan.browser.get('/api/me/stats')
    expect(stats.status).toBe(200)
    expect(MyStatsSchema.parse(await stats.json())).toEqual({
      betCount: 2,
      active: 2,
      won: 0,
      lost: 0,
      refunded: 0,
      winRate: null,
      totalWinnings: 0,
    })
  })

  it('stops counting a bet once its tournament is cancelled and the fee refunded', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db, { balance: 500 })
    const admin = await signInAdmin(setup, db)
    const kept = await insertBracketTournament(db, { name: 'Kept' })
    const cancelled = await insertBracketTournament(db, { name: 'Called off' })
    for (const bracket of [kept, cancelled]) {
      const res = await fan.browser.post(
        `/api/tournaments/${bracket.tournament.id}/bets`,
        betBody(bracket),
      )
      expect(res.status).toBe(201)
    }
    const cancel = await admin.browser.post(
      `/api/admin/tournaments/${cancelled.tournament.id}/cancel`,
      {},
    )
    expect(cancel.status, await cancel.clone().text()).toBe(200)

    const { bets } = MyBetsSchema.parse(await (await fan.browser.get('/api/me/bets')).json())
    expect(bets.map((bet) => bet.tournament.name)).toEqual(['Kept'])

    const stats = MyStatsSchema.parse(await (await fan.browser.get('/api/me/stats')).json())
    expect(stats).toMatchObject({ betCount: 1, active: 1, refunded: 1, winRate: null })
  })

  it('leaves GET /api/me to the account routes', async () => {
    const setup = createTestApp(database())
    const fan = await signInAs(setup, database().db)
    const res = await fan.browser.get('/api/me')
    expect(res.status).toBe(200)
  })
})
