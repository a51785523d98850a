import { describe, expect, it } from 'vitest'
import { PublicStatsSchema } from '../../../shared/schemas/stats'
import { insertBet, insertTournament, insertWallet } from '../../../../tests/factories'
import { createTestApp } from '../../../../tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '../../../../tests/test-database'

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
})
