import { describe, expect, it } from 'vitest'
import { leaderboardRanks, leaderboardSnapshot } from '../../db/schema'
import { createLogger } from '../../logger'
import { insertAccount } from '../../../../tests/game-factories'
import { createTestEnv } from '../../../../tests/test-app'
import { useTestDatabase } from '../../../../tests/test-database'
import { startLeaderboardRefresher } from './leaderboard-refresher'

describe('startLeaderboardRefresher', () => {
  const database = useTestDatabase()
  const logger = createLogger(createTestEnv({ LOG_LEVEL: 'silent' }))

  it('rebuilds at once and then every interval, and stops cleanly', async () => {
    const { db } = database()
    await insertAccount(db, { balance: 10 })
    const refresher = startLeaderboardRefresher({ db, logger, intervalMs: 20 })
    try {
      await expect.poll(() => db.$count(leaderboardRanks), { timeout: 2_000 }).toBe(1)
      await insertAccount(db, { balance: 20 })
      await expect.poll(() => db.$count(leaderboardRanks), { timeout: 2_000 }).toBe(2)
    } finally {
      await refresher.stop()
    }
    const [before] = await db.select().from(leaderboardSnapshot)
    await insertAccount(db, { balance: 30 })
    await new Promise((resolve) => setTimeout(resolve, 100))
    // Stopped: nothing more happens.
    const [after] = await db.select().from(leaderboardSnapshot)
    expect(after?.refreshedAt).toEqual(before?.refreshedAt)
    expect(await db.$count(leaderboardRanks)).toBe(2)
    await refresher.stop()
  })
})
