import { count, desc, eq, sql, sum } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  leaderboardRanks,
  leaderboardSnapshot,
  walletTransactions,
  wallets,
} from '#server/db/schema'
import { insertAccount, type TestAccount } from '#tests/game-factories'
import { insertBet, insertTournament, insertUser } from '#tests/factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import {
  getLeaderboard,
  getMyLeaderboardPosition,
  refreshLeaderboardRanks,
  STALE_AFTER_MS,
} from './leaderboard.service'

describe.each(testDatabaseKinds)('leaderboard service on %s', (kind) => {
  const database = useTestDatabase(kind)

  async function deposit(account: TestAccount, amount: number) {
    const { db } = database()
    await db.transaction(async (tx) => {
      await tx
        .insert(walletTransactions)
        .values({ walletId: account.walletId, type: 'deposit', amount })
      await tx
        .update(wallets)
        .set({ balance: sql`${wallets.balance} + ${amount}` })
        .where(eq(wallets.id, account.walletId))
    })
  }

  it('is empty on an empty database, and ranks nobody', async () => {
    const { db } = database()
    expect(await getLeaderboard(db, { limit: 5, userId: null })).toEqual({
      entries: [],
      totals: { total_players: 0, top_score: 0, average_coins: 0 },
    })
  })

  describe('with players', () => {
    const balances = [300, 1200, 800, 800, 50, 2000, 0]
    let accounts: TestAccount[] = []

    it('lists the top N by balance with shared positions for ties', async () => {
      const { db } = database()
      accounts = []
      for (const [i, balance] of balances.entries()) {
        accounts.push(
          await insertAccount(db, {
            balance,
            // The sixth has no username: the e-mail prefix stands in.
            username: i === 5 ? null : `player_${i}`,
            email: `fan${i}@example.com`,
            played: true,
          }),
        )
      }

      // The totals come from the snapshot (seconds old at most): make it current first.
      await refreshLeaderboardRanks(db)
      const board = await getLeaderboard(db, { limit: 5, userId: accounts[2]!.userId })
      expect(board.entries).toEqual([
        { rank_position: 1, username: 'fan5', total_coins: 2000, is_current_user: false },
        { rank_position: 2, username: 'player_1', total_coins: 1200, is_current_user: false },
        { rank_position: 3, username: 'player_2', total_coins: 800, is_current_user: true },
        { rank_position: 3, username: 'player_3', total_coins: 800, is_current_user: false },
        { rank_position: 5, username: 'player_0', total_coins: 300, is_current_user: false },
      ])
      // 5150 coins over 7 players = 735.7 → 736
      expect(board.totals).toEqual({ total_players: 7, top_score: 2000, average_coins: 736 })
    })

    it('defaults to every player when the limit is larger, ties ordered by age', async () => {
      const { db } = database()
      const board = await getLeaderboard(db, { limit: 100, userId: null })
      expect(board.entries.map((entry) => entry.total_coins)).toEqual([
        2000, 1200, 800, 800, 300, 50, 0,
      ])
      expect(board.entries.map((entry) => entry.rank_position)).toEqual([1, 2, 3, 3, 5, 6, 7])
      expect(board.entries.every((entry) => !entry.is_current_user)).toBe(true)
    })

    it('gives my position from the rank table after a refresh', async () => {
      const { db } = database()
      await refreshLeaderboardRanks(db)
      expect(await getMyLeaderboardPosition(db, { userId: accounts[3]!.userId })).toEqual({
        rank_position: 3,
        total_coins: 800,
        total_players: 7,
        refreshed_at: expect.any(String),
        unranked_reason: null,
      })
      expect(await getMyLeaderboardPosition(db, { userId: accounts[6]!.userId })).toMatchObject({
        rank_position: 7,
        total_coins: 0,
      })
    })

    it('ranks a changed balance against the last rebuild until the next one', async () => {
      const { db } = database()
      const climber = accounts[4]! // 50 coins, 6th
      await deposit(climber, 950)
      // 1000 was not held at the last rebuild: it ranks after the 2000 and the 1200 held then,
      // i.e. with the greatest ranked balance below it (800, 3rd). Its coins are live.
      expect(await getMyLeaderboardPosition(db, { userId: climber.userId })).toMatchObject({
        rank_position: 3,
        total_coins: 1000,
        total_players: 7,
      })
      await deposit(climber, 4050)
      // Above every ranked balance: first.
      expect(await getMyLeaderboardPosition(db, { userId: climber.userId })).toMatchObject({
        rank_position: 1,
        total_coins: 5050,
      })
      // Within the staleness window the others keep their positions as of the last rebuild.
      expect(await getMyLeaderboardPosition(db, { userId: accounts[5]!.userId })).toMatchObject({
        rank_position: 1,
        total_coins: 2000,
      })
      // The top N is live.
      const live = await getLeaderboard(db, { limit: 1, userId: climber.userId })
      expect(live.entries).toEqual([
        { rank_position: 1, username: 'player_4', total_coins: 5050, is_current_user: true },
      ])

      expect(await refreshLeaderboardRanks(db)).toEqual({ refreshed: true })
      expect(await getMyLeaderboardPosition(db, { userId: climber.userId })).toMatchObject({
        rank_position: 1,
        total_coins: 5050,
      })
      expect(await getMyLeaderboardPosition(db, { userId: accounts[5]!.userId })).toMatchObject({
        rank_position: 2,
      })
      expect(await getMyLeaderboardPosition(db, { userId: accounts[2]!.userId })).toMatchObject({
        rank_position: 4,
        total_coins: 800,
      })
      // One row per distinct balance; the 50 nobody holds any more is gone.
      const rows = await db
        .select()
        .from(leaderboardRanks)
        .orderBy(desc(leaderboardRanks.totalCoins))
      expect(rows).toEqual([
        { totalCoins: 5050, rankPosition: 1, players: 1 },
        { totalCoins: 2000, rankPosition: 2, players: 1 },
        { totalCoins: 1200, rankPosition: 3, players: 1 },
        { totalCoins: 800, rankPosition: 4, players: 2 },
        { totalCoins: 300, rankPosition: 6, players: 1 },
        { totalCoins: 0, rankPosition: 7, players: 1 },
      ])
    })

    it('rebuilds on demand when the snapshot is older than the staleness limit', async () => {
      const { db } = database()
      await deposit(accounts[6]!, 9000)
      await db
        .update(leaderboardSnapshot)
        .set({ refreshedAt: new Date(Date.now() - STALE_AFTER_MS - 5_000) })
      expect(await getMyLeaderboardPosition(db, { userId: accounts[6]!.userId })).toMatchObject({
        rank_position: 1,
        total_coins: 9000,
      })
    })

    it('ranks a wallet newer than the last refresh live', async () => {
      const { db } = database()
      const newcomer = await insertAccount(db, { balance: 100, played: true })
      // Balances now: 9000, 5050, 2000, 1200, 800, 800, 300 and the newcomer's 100.
      expect(await getMyLeaderboardPosition(db, { userId: newcomer.userId })).toEqual({
        rank_position: 8,
        total_coins: 100,
        total_players: 8,
        refreshed_at: expect.any(String),
        unranked_reason: null,
      })
    })

    it('answers reads that arrive together, batched, each with its own rows', async () => {
      const { db } = database()
      await refreshLeaderboardRanks(db)
      const [top1, top3, me, other, again, nobody] = await Promise.allSettled([
        getLeaderboard(db, { limit: 1, userId: accounts[6]!.userId }),
        getLeaderboard(db, { limit: 3, userId: accounts[1]!.userId }),
        getMyLeaderboardPosition(db, { userId: accounts[2]!.userId }),
        getMyLeaderboardPosition(db, { userId: accounts[0]!.userId }),
        getMyLeaderboardPosition(db, { userId: accounts[2]!.userId }),
        getMyLeaderboardPosition(db, { userId: 'no-such-user' }),
      ])
      expect(top1).toMatchObject({
        value: { entries: [{ total_coins: 9000, is_current_user: true }] },
      })
      const board = top3.status === 'fulfilled' ? top3.value.entries : []
      expect(board.map((entry) => [entry.total_coins, entry.is_current_user])).toEqual([
        [9000, false],
        [5050, false],
        [2000, false],
      ])
      expect(me).toMatchObject({ value: { total_coins: 800, rank_position: 5 } })
      expect(other).toMatchObject({ value: { total_coins: 300, rank_position: 7 } })
      expect(again).toEqual(me)
      // A miss fails its own request only.
      expect(nobody).toMatchObject({ status: 'rejected', reason: { code: 'NOT_FOUND' } })
    })

    it('one refresh at a time: concurrent calls in a process share one run', async () => {
      const { db } = database()
      const runs = await Promise.all([1, 2, 3].map(() => refreshLeaderboardRanks(db)))
      expect(runs).toEqual([{ refreshed: true }, { refreshed: true }, { refreshed: true }])
      // Balances: 9000, 5050, 2000, 1200, 800, 800, 300, 100: seven levels, eight players.
      const [levels] = await db
        .select({ count: count(), players: sum(leaderboardRanks.players).mapWith(Number) })
        .from(leaderboardRanks)
      expect(levels).toEqual({ count: 7, players: await db.$count(wallets) })
    })
  })
  // Runs last: the players above stay in this file's database.
  it('ranks and counts only players who confirmed their e-mail', async () => {
    const { db } = database()
    await refreshLeaderboardRanks(db)
    const before = await getLeaderboard(db, { limit: 100, userId: null })
    const confirmed = await insertAccount(db, {
      balance: 10_000_000,
      username: 'confirmed_fan',
      played: true,
    })
    // A sign-up that was never confirmed still has its wallet with the welcome bonus; even a bet
    // written for it does not make it a player.
    const unconfirmed = await insertUser(db, { username: 'never_confirmed', emailVerified: false })
    const [bonus] = await db
      .select({ id: wallets.id, balance: wallets.balance })
      .from(wallets)
      .where(eq(wallets.userId, unconfirmed.id))
    await insertBet(db, {
      walletId: bonus!.id,
      userId: unconfirmed.id,
      tournamentId: (await insertTournament(db)).id,
      amount: 1,
    })
    bonus!.balance -= 1
    // A player holding the same balance: that level counts one player, not two.
    const twin = await insertAccount(db, { balance: bonus!.balance, played: true })

    await refreshLeaderboardRanks(db)
    const board = await getLeaderboard(db, { limit: 100, userId: null })
    expect(board.entries.map((entry) => entry.username)).toContain('confirmed_fan')
    expect(board.entries.map((entry) => entry.username)).not.toContain('never_confirmed')
    expect(board.totals.total_players).toBe(before.totals.total_players + 2)
    expect(await getMyLeaderboardPosition(db, { userId: confirmed.userId })).toMatchObject({
      rank_position: 1,
      total_players: before.totals.total_players + 2,
    })
    const [level] = await db
      .select()
      .from(leaderboardRanks)
      .where(eq(leaderboardRanks.totalCoins, bonus!.balance))
    expect(level?.players).toBe(1)
    const higher = board.entries.filter((entry) => entry.total_coins > bonus!.balance).length
    expect(await getMyLeaderboardPosition(db, { userId: twin.userId })).toMatchObject({
      rank_position: higher + 1,
    })
  })
})
