import { describe, expect, it } from 'vitest'
import { LeaderboardPositionSchema, LeaderboardSchema } from '#shared/schemas/leaderboard'
import { insertAccount, signInAs } from '#tests/game-factories'
import { insertTournament } from '#tests/factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { refreshLeaderboardRanks } from './leaderboard.service'

describe.each(testDatabaseKinds)('/api/leaderboard on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('needs a session', async () => {
    const { app } = createTestApp(database())
    const visitor = new TestBrowser(app)
    for (const path of ['/api/leaderboard', '/api/leaderboard/me']) {
      const res = await visitor.get(path)
      expect(res.status, path).toBe(401)
    }
  })

  // 105 fans, each with a bet: some 800 writes, slow on a busy machine.
  it('top 5 by default, ?limit= up to 100, my position after a refresh', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const { id: playedOn } = await insertTournament(db)
    for (let i = 0; i < 104; i += 1) await insertAccount(db, { balance: 10 * i, playedOn })
    const fan = await signInAs(setup, db, { balance: 555, username: 'route_fan', played: true })
    await refreshLeaderboardRanks(db)

    const top = await fan.browser.get('/api/leaderboard')
    expect(top.status).toBe(200)
    const board = LeaderboardSchema.parse(await top.json())
    expect(board.entries.map((entry) => entry.total_coins)).toEqual([1030, 1020, 1010, 1000, 990])
    expect(board.entries.map((entry) => entry.rank_position)).toEqual([1, 2, 3, 4, 5])
    // (10 × (0 + … + 103) + 555) / 105 = 515.4; 48 balances (560 … 1030) are above 555.
    expect(board.totals).toEqual({ total_players: 105, top_score: 1030, average_coins: 515 })

    const ten = LeaderboardSchema.parse(
      await (await fan.browser.get('/api/leaderboard?limit=50')).json(),
    )
    expect(ten.entries).toHaveLength(50)
    expect(ten.entries.find((entry) => entry.is_current_user)).toEqual({
      rank_position: 49,
      username: 'route_fan',
      total_coins: 555,
      is_current_user: true,
    })
    const capped = LeaderboardSchema.parse(
      await (await fan.browser.get('/api/leaderboard?limit=5000')).json(),
    )
    expect(capped.entries).toHaveLength(100)

    for (const limit of ['0', '-1', 'lots', '2.5']) {
      const res = await fan.browser.get(`/api/leaderboard?limit=${limit}`)
      expect(res.status, limit).toBe(400)
    }

    const me = await fan.browser.get('/api/leaderboard/me')
    expect(me.status).toBe(200)
    expect(LeaderboardPositionSchema.parse(await me.json())).toEqual({
      rank_position: 49,
      total_coins: 555,
      total_players: 105,
      refreshed_at: expect.any(String),
      unranked_reason: null,
    })
  }, 90_000)

  it('my position says why a fan who has not bet is not ranked, and how many are', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const newcomer = await signInAs(setup, db, { username: 'route_newcomer' })
    await refreshLeaderboardRanks(db)
    const res = await newcomer.browser.get('/api/leaderboard/me')
    expect(res.status).toBe(200)
    expect(LeaderboardPositionSchema.parse(await res.json())).toEqual({
      rank_position: null,
      total_coins: 1000,
      total_players: 105,
      refreshed_at: expect.any(String),
      unranked_reason: 'no_bet',
    })
    const board = LeaderboardSchema.parse(
      await (await newcomer.browser.get('/api/leaderboard?limit=100')).json(),
    )
    expect(board.entries.some((entry) => entry.is_current_user)).toBe(false)
  })
})
