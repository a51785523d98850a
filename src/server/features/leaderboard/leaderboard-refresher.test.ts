import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  leaderboardRanks,
  leaderboardSnapshot,
  walletTransactions,
  wallets,
} from '#server/db/schema'
import { createLogger } from '#server/logger'
import { insertAccount } from '#tests/game-factories'
import { createTestEnv } from '#tests/test-app'
import { useTestDatabase } from '#tests/test-database'
import { pauseAfterRebuild, startLeaderboardRefresher } from './leaderboard-refresher'
import { getMyLeaderboardPosition, STALE_AFTER_MS } from './leaderboard.service'

describe('startLeaderboardRefresher', () => {
  const database = useTestDatabase()
  const logger = createLogger(createTestEnv({ LOG_LEVEL: 'silent' }))

  it('rebuilds at once and then every interval, and stops cleanly', async () => {
    const { db } = database()
    await insertAccount(db, { balance: 10, played: true })
    const refresher = startLeaderboardRefresher({ db, logger, intervalMs: 20 })
    try {
      await expect.poll(() => db.$count(leaderboardRanks), { timeout: 10_000 }).toBe(1)
      await insertAccount(db, { balance: 20, played: true })
      await expect.poll(() => db.$count(leaderboardRanks), { timeout: 10_000 }).toBe(2)
    } finally {
      await refresher.stop()
    }
    const [before] = await db.select().from(leaderboardSnapshot)
    await insertAccount(db, { balance: 30, played: true })
    await new Promise((resolve) => setTimeout(resolve, 100))
    // Stopped: nothing more happens.
    const [after] = await db.select().from(leaderboardSnapshot)
    expect(after?.refreshedAt).toEqual(before?.refreshedAt)
    expect(await db.$count(leaderboardRanks)).toBe(2)
    await refresher.stop()
  })

  it('pauses at least four times as long as the last rebuild took', () => {
    expect(pauseAfterRebuild(5_000, 200)).toBe(5_000)
    expect(pauseAfterRebuild(5_000, 3_000)).toBe(12_000)
  })

  it('while it runs, a request answers a stale snapshot instead of waiting for a rebuild', async () => {
    const { db } = database()
    const climber = await insertAccount(db, { balance: 1, played: true })
    const refresher = startLeaderboardRefresher({ db, logger, intervalMs: 60_000 })
    const makeStale = () =>
      db
        .update(leaderboardSnapshot)
        .set({ refreshedAt: new Date(Date.now() - STALE_AFTER_MS - 5_000) })
    try {
      await expect
        .poll(() => db.$count(leaderboardRanks, eq(leaderboardRanks.totalCoins, 1)))
        .toBe(1)
      await db.transaction(async (tx) => {
        await tx
          .insert(walletTransactions)
          .values({ walletId: climber.walletId, type: 'deposit', amount: 100_000 })
        await tx
          .update(wallets)
          .set({ balance: sql`${wallets.balance} + 100000` })
          .where(eq(wallets.id, climber.walletId))
      })
      await makeStale()
      const [stale] = await db.select().from(leaderboardSnapshot)
      const position = await getMyLeaderboardPosition(db, { userId: climber.userId })
      // Not rebuilt: the snapshot found is answered (the coins are the live balance).
      expect(position).toMatchObject({
        total_coins: 100_001,
        refreshed_at: stale?.refreshedAt.toISOString(),
      })
    } finally {
      await refresher.stop()
    }
    // Without a refresher the stale snapshot is rebuilt on demand.
    await makeStale()
    const rebuilt = await getMyLeaderboardPosition(db, { userId: climber.userId })
    expect(rebuilt).toMatchObject({ rank_position: 1, total_coins: 100_001 })
    expect(await db.$count(leaderboardRanks, eq(leaderboardRanks.totalCoins, 1))).toBe(0)
  })
})
