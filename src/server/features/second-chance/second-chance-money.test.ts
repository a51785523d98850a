// The second chance's money (docs/product.md "Second chance", decision 110): settling the tournament pays
// both contests, each from its own pool by the same tiers (hand-computed below, the second chance
// scaled down), once; cancelling refunds both contests' bets once, each row naming its contest.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bets, walletTransactions } from '#server/db/schema'
import { expectBetInvariants } from '#tests/bet-invariants'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import {
  betBody,
  getBalance,
  insertBracketTournament,
  playOut,
  signInAs,
} from '#tests/game-factories'
import { openBody, playRound16, secondChanceBody } from '#tests/second-chance-factories'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import { cancelTournament } from '#server/features/settlement/cancel.service'
import { settleTournament } from '#server/features/settlement/settle.service'

describe.each(testDatabaseKinds)('the second chance’s money on %s', (kind) => {
  const database = useTestDatabase(kind)

  /**
   * Main bracket (fee 50, base 5000, × 0.7): A perfect, C "team 2 always" (0 of 16).
   * Second chance (fee 400, base 1000, × 0.5): A and D perfect (8 of 8), E wrong in the final
   * and so the MVP (6 of 8 = 75 %: tier 70). Results: team 1 always wins.
   */
  async function twoContests() {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const admin = await signInAdmin(setup, db)
    const a = await signInAs(setup, db, { balance: 2000 })
    const c = await signInAs(setup, db, { balance: 1000 })
    const d = await signInAs(setup, db, { balance: 1000 })
    const e = await signInAs(setup, db, { balance: 1000 })
    const path = `/api/tournaments/${bracket.tournament.id}`
    expect((await a.browser.post(`${path}/bets`, betBody(bracket))).status).toBe(201)
    const teamTwo = betBody(bracket, (match) => match.team2Id)
    expect((await c.browser.post(`${path}/bets`, teamTwo)).status).toBe(201)

    const played = { ...bracket, matches: await playRound16(db, bracket) }
    const opened = await admin.browser.post(
      `/api/admin/tournaments/${bracket.tournament.id}/second-chance`,
      openBody({ entryFee: 400, basePool: 1000, multiplier: 0.5 }),
    )
    expect(opened.status).toBe(201)
    const perfect = secondChanceBody(played)
    const wrongFinal = secondChanceBody(played, (match) =>
      match.round === 'final' ? match.team2Id : match.team1Id,
    )
    for (const [fan, body] of [
      [a, perfect],
      [d, perfect],
      [e, wrongFinal],
    ] as const) {
      const res = await fan.browser.post(`${path}/second-chance/bets`, body)
      expect(res.status, await res.clone().text()).toBe(201)
    }
    return { db, bracket, admin, a, c, d, e }
  }

  it('settles both contests from their own pools, the second chance scaled down, once', async () => {
    const { db, bracket, admin, a, c, d, e } = await twoContests()
    await playOut(db, bracket)

    // One bet per chunk: every contest pays over several chunks.
    const result = await settleTournament(
      db,
      { actorId: admin.userId, tournamentId: bracket.tournament.id },
      { chunkSize: 1 },
    )
    // Main: pool 5000 + floor(50 × 2 × 0.7) = 5070; A alone in tier 100 takes 100 %.
    expect(result).toMatchObject({
      state: 'completed',
      prizePool: 5070,
      participantCount: 2,
      totalWinners: 1,
      totalPaid: 5070,
      tierCounts: { tier_100: 1 },
    })
    // Second chance: pool 1000 + floor(400 × 3 × 0.5) = 1600. Unscaled 2 × 1600 + 240 = 3440 >
    // 1600, so each prize × 1600 / 3440: tier 100 floor(744.18…) = 744, tier 70 floor(111.62…) =
    // 111; paid 2 × 744 + 111 = 1599 ≤ 1600.
    expect(result.secondChance).toMatchObject({
      state: 'completed',
      prizePool: 1600,
      participantCount: 3,
      totalWinners: 3,
      totalPaid: 1599,
      tierCounts: { tier_100: 2, tier_70: 1 },
    })
    expect(await getBalance(db, a.userId)).toBe(2000 - 50 - 400 + 5070 + 744)
    expect(await getBalance(db, c.userId)).toBe(1000 - 50)
    expect(await getBalance(db, d.userId)).toBe(1000 - 400 + 744)
    expect(await getBalance(db, e.userId)).toBe(1000 - 400 + 111)

    const prizes = await db
      .select({ description: walletTransactions.description, amount: walletTransactions.amount })
      .from(walletTransactions)
      .innerJoin(bets, eq(bets.id, walletTransactions.relatedBetId))
      .where(and(eq(bets.userId, a.userId), eq(walletTransactions.type, 'bet_won')))
    expect(prizes).toEqual(
      expect.arrayContaining([
        { description: `Prize (tier_100): ${bracket.tournament.name}`, amount: 5070 },
        {
          description: `Prize (tier_100): ${bracket.tournament.name} (second chance)`,
          amount: 744,
        },
      ]),
    )

    // Settling again pays nothing.
    const again = await settleTournament(db, {
      actorId: admin.userId,
      tournamentId: bracket.tournament.id,
    })
    expect(again.totalPaid).toBe(5070)
    expect(again.secondChance?.totalPaid).toBe(1599)
    expect(await getBalance(db, a.userId)).toBe(7364)
    await expectBetInvariants(db)
    const totals = await expectLedgerAudit(db)
    expect(totals.winnings).toBe(5070 + 1599)
  })

  it('refunds both contests once when the tournament is cancelled', async () => {
    const { db, bracket, admin, a, c, d, e } = await twoContests()
    const cancel = () =>
      cancelTournament(db, { actorId: admin.userId, tournamentId: bracket.tournament.id })
    const first = await cancel()
    expect(first).toMatchObject({ refundedBets: 5, refundedCoins: 2 * 50 + 3 * 400 })
    const second = await cancel()
    expect(second).toMatchObject({ refundedBets: 0, refundedCoins: 0 })
    expect(await getBalance(db, a.userId)).toBe(2000)
    for (const fan of [c, d, e]) expect(await getBalance(db, fan.userId)).toBe(1000)

    const refunds = await db
      .select({ description: walletTransactions.description, contest: bets.contest })
      .from(walletTransactions)
      .innerJoin(bets, eq(bets.id, walletTransactions.relatedBetId))
      .where(eq(walletTransactions.type, 'bet_refund'))
    expect(refunds).toHaveLength(5)
    for (const refund of refunds) {
      const name =
        refund.contest === 'main'
          ? bracket.tournament.name
          : `${bracket.tournament.name} (second chance)`
      expect(refund.description).toBe(`Refund: ${name} was cancelled`)
    }
    await expectBetInvariants(db)
    await expectLedgerAudit(db)
  })
})
