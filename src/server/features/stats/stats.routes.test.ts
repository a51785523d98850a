import { describe, expect, it } from 'vitest'
import { PublicStatsSchema } from '#shared/schemas/stats'
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

  it('counts wallets as players, tournaments, and bets as predictions', async () => {
    const { db } = database()
    const [ana, ben] = [
      await insertWallet(db, { balance: 500 }),
      await insertWallet(db, { balance: 500 }),
    ]
    await insertWallet(db)
    const [open, later] = [await insertTournament(db), await insertTournament(db)]
    await insertBet(db, { walletId: ana.id, userId: ana.userId, tournamentId: open.id })
    await insertBet(db, { walletId: ben.id, userId: ben.userId, tournamentId: open.id })
    await insertBet(db, { walletId: ana.id, userId: ana.userId, tournamentId: later.id })

    expect(await getStats()).toEqual({ players: 3, tournaments: 2, predictions: 3 })
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
