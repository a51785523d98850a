import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Contest } from '#shared/schemas/contest'
import { PublicStatsSchema } from '#shared/schemas/stats'
import { user } from '#server/db/schema'
import { insertBet, insertTournament, insertWallet } from '#tests/factories'
import { createTestApp } from '#tests/test-app'
import { createStatsRoutes } from './stats.routes'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

describe.each(testDatabaseKinds)('GET /api/stats on %s', (kind) => {
  const database = useTestDatabase(kind)

  const getStats = async () => {
    const { app } = createTestApp(database())
    const res = await app.request('/api/stats')
    expect(res.status).toBe(200)
    return PublicStatsSchema.parse(await res.json())
  }

  it('reports zeros on an empty database', async () => {
    expect(await getStats()).toEqual({ players: 0, tournaments: 0, predictions: 0 })
  })

  it('counts fans with a main bracket as players, every tournament, and bets as predictions', async () => {
    const { db } = database()
    const account = () => insertWallet(db, { balance: 500 })
    // Ana played twice, Ben once; Cleo only signed up; Dan entered only a second chance; Eve is
    // an admin who placed a main bracket. Players: Ana and Ben, 2.
    const [ana, ben, dan, eve] = [
      await account(),
      await account(),
      await account(),
      await account(),
    ]
    await account()
    await db.update(user).set({ role: 'admin' }).where(eq(user.id, eve.userId))
    const [open, later] = [await insertTournament(db), await insertTournament(db)]
    const bet = (fan: typeof ana, tournamentId: string, contest: Contest = 'main') =>
      insertBet(db, { walletId: fan.id, userId: fan.userId, tournamentId, contest })
    await bet(ana, open.id)
    await bet(ana, later.id)
    await bet(ben, open.id)
    await bet(dan, later.id, 'second_chance')
    await bet(eve, open.id)

    expect(await getStats()).toEqual({ players: 2, tournaments: 2, predictions: 5 })
  })

  it('answers the figures it counted for a while instead of counting on every visit', async () => {
    const { db } = database()
    const kept = createStatsRoutes({ db, keptMs: 60_000 })
    const fresh = createStatsRoutes({ db, keptMs: 0 })
    const read = async (routes: typeof kept) =>
      PublicStatsSchema.parse(await (await routes.request('/')).json())
    const before = await read(kept)

    await insertTournament(db)

    expect(await read(kept)).toEqual(before)
    expect(await read(fresh)).toEqual({ ...before, tournaments: before.tournaments + 1 })
  })
})
