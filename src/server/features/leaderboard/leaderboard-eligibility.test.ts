import { describe, expect, it } from 'vitest'
import { insertAccount } from '#tests/game-factories'
import { insertBet, insertTournament, insertUser } from '#tests/factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import {
  getLeaderboard,
  getMyLeaderboardPosition,
  refreshLeaderboardRanks,
} from './leaderboard.service'

// Who is ranked (issue #14): fans who have placed at least one bet, never administrators. The
// welcome bonus alone (1,000 coins, more than anyone holds after paying an entry fee) ranks nobody.
describe.each(testDatabaseKinds)('who the leaderboard ranks, on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('ranks fans with a bet, never a fan who has not bet or an admin', async () => {
    const { db } = database()
    const idle = await insertAccount(db, { balance: 1000, username: 'never_bet' })
    const leader = await insertAccount(db, { balance: 950, username: 'leader', played: true })
    const tiedA = await insertAccount(db, { balance: 900, username: 'tied_a', played: true })
    await insertAccount(db, { balance: 900, username: 'tied_b', played: true })
    const admin = await insertAccount(db, {
      balance: 5000,
      username: 'the_admin',
      role: 'admin',
      played: true,
    })
    await insertAccount(db, { balance: 1000, username: 'idle_admin', role: 'admin' })
    // A sign-up never confirmed, even with a bet written for it, is no player either.
    const unconfirmed = await insertUser(db, { username: 'unconfirmed', emailVerified: false })
    const [wallet] = await db.query.wallets.findMany({
      where: (wallets, { eq }) => eq(wallets.userId, unconfirmed.id),
    })
    await insertBet(db, {
      walletId: wallet!.id,
      userId: unconfirmed.id,
      tournamentId: (await insertTournament(db)).id,
    })

    await refreshLeaderboardRanks(db)
    const board = await getLeaderboard(db, { limit: 100, userId: tiedA.userId })
    expect(board.entries).toEqual([
      { rank_position: 1, username: 'leader', total_coins: 950, is_current_user: false },
      { rank_position: 2, username: 'tied_a', total_coins: 900, is_current_user: true },
      { rank_position: 2, username: 'tied_b', total_coins: 900, is_current_user: false },
    ])
    expect(board.totals).toEqual({ total_players: 3, top_score: 950, average_coins: 917 })

    expect(await getMyLeaderboardPosition(db, { userId: leader.userId })).toMatchObject({
      rank_position: 1,
      total_coins: 950,
      total_players: 3,
      unranked_reason: null,
    })
    expect(await getMyLeaderboardPosition(db, { userId: idle.userId })).toMatchObject({
      rank_position: null,
      total_coins: 1000,
      total_players: 3,
      unranked_reason: 'no_bet',
    })
    expect(await getMyLeaderboardPosition(db, { userId: admin.userId })).toMatchObject({
      rank_position: null,
      total_coins: 5000,
      total_players: 3,
      unranked_reason: 'admin',
    })
  })

  it('ranks a fan from their first bet on, live and after the next rebuild', async () => {
    const { db } = database()
    const [idle] = await db.query.user.findMany({
      where: (user, { eq }) => eq(user.username, 'never_bet'),
    })
    const [wallet] = await db.query.wallets.findMany({
      where: (wallets, { eq }) => eq(wallets.userId, idle!.id),
    })
    await insertBet(db, {
      walletId: wallet!.id,
      userId: idle!.id,
      tournamentId: (await insertTournament(db)).id,
    })
    // 950 coins after the fee: level with the leader, so both share first place (the older
    // account listed first).
    const live = await getLeaderboard(db, { limit: 5, userId: idle!.id })
    expect(live.entries.slice(0, 2).map((entry) => [entry.rank_position, entry.username])).toEqual([
      [1, 'never_bet'],
      [1, 'leader'],
    ])
    // Positions come from the rank table: ranked at once (as the last rebuild would have had it)…
    expect(await getMyLeaderboardPosition(db, { userId: idle!.id })).toMatchObject({
      rank_position: 1,
      unranked_reason: null,
    })
    // …and counted in the totals from the next rebuild.
    await refreshLeaderboardRanks(db)
    expect(await getMyLeaderboardPosition(db, { userId: idle!.id })).toMatchObject({
      rank_position: 1,
      total_players: 4,
    })
  })
})
