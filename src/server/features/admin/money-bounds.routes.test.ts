// Decision 068: money settings are bounded, a wallet holds more than 2^31 coins, and a settlement
// that stops is shown to admins and to the ledger audit, then cancelled with refunds.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  AdminTournamentSchema,
  CancellationResultSchema,
  SettlementProgressSchema,
  SettlementResultSchema,
} from '#shared/schemas/admin'
import { LeaderboardSchema } from '#shared/schemas/leaderboard'
import { MeSchema } from '#shared/schemas/me'
import { MAX_PRIZE_POOL } from '#domain/wallet/coin-limits'
import type { Database } from '#server/db/client'
import { auditLedger } from '#server/db/ledger-audit'
import { tournamentSettlements } from '#server/db/schema'
import { expectBetInvariants } from '#tests/bet-invariants'
import {
  betBody,
  completeBracket,
  getBalance,
  insertAccount,
  insertBracketTournament,
  openWideDatabase,
  playOut,
  type BracketTournament,
} from '#tests/game-factories'
import { defaultPrizePoolConfig } from '#tests/factories'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { placeBet } from '#server/features/bets/place-bet.service'
import { refreshLeaderboardRanks } from '#server/features/leaderboard/leaderboard.service'
import { cancelTournament } from '#server/features/settlement/cancel.service'
import { settleTournament } from '#server/features/settlement/settle.service'
import { errorOf, put, signInAdmin, signInAs } from './admin-test-support'

const INT4_MAX = 2 ** 31 - 1
const DAY = 24 * 60 * 60 * 1000

function tournamentBody(overrides: Record<string, unknown> = {}) {
  const start = Date.now() + 10 * DAY
  return {
    name: `Bounded ${randomUUID().slice(0, 6)}`,
    status: 'upcoming',
    bettingDeadline: new Date(start - DAY).toISOString(),
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 3 * DAY).toISOString(),
    basePool: 5000,
    entryFee: 50,
    multiplier: 0.7,
    ...overrides,
  }
}

/** Fan 0 a perfect bracket (tier_100), fan 1 the perfect bracket with the wrong MVP, fan 2 all wrong. */
async function threeBets(db: Database, bracket: BracketTournament) {
  const fans = await Promise.all([1, 2, 3].map(() => insertAccount(db, { balance: 500 })))
  const perfect = completeBracket(bracket)
  const champion = bracket.teams.find((team) => team.id === perfect.championId)!
  const tournamentId = bracket.tournament.id
  await placeBet(db, { userId: fans[0]!.userId, tournamentId, ...perfect })
  await placeBet(db, {
    userId: fans[1]!.userId,
    tournamentId,
    picks: perfect.picks,
    mvpPlayerId: champion.player2Id,
  })
  await placeBet(db, {
    userId: fans[2]!.userId,
    tournamentId,
    ...betBody(bracket, (match) => match.team2Id),
  })
  return fans
}

// Pool 5000 + floor(50 × 3 × 0.7) = 5105; unscaled 5105 + 3063 = 8168 > 5105, so scaled:
// floor(5105 × 5105 / 8168) = 3190 and floor(3063 × 5105 / 8168) = 1914.
const PRIZE_100 = 3190
const PRIZE_90 = 1914

/**
 * A stand-in for a credit the database refuses for good (the int4 overflow of issue #14 was
 * one): this wallet takes no credit above 1,000 coins, so its prize fails, its refund does not.
 */
async function refuseLargeCredits(db: Database, walletId: string) {
  await db.execute(
    sql.raw(`
    create or replace function test_refuse_large_credit() returns trigger language plpgsql as $$
    begin
      if new.balance - old.balance > 1000 then
        raise exception 'injected: credit refused' using errcode = '22003';
      end if;
      return new;
    end $$`),
  )
  await db.execute(
    sql.raw(`create trigger test_refuse_large_credit before update on wallets for each row
      when (old.id = '${walletId}') execute function test_refuse_large_credit()`),
  )
}

async function dropRefusal(db: Database) {
  await db.execute(sql.raw(`drop trigger if exists test_refuse_large_credit on wallets`))
}

describe.each(testDatabaseKinds)('money bounds on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('refuses money settings that could overflow, with a 400 that changes nothing', async () => {
    const setup = createTestApp(database())
    const admin = await signInAdmin(setup, database().db)
    for (const overrides of [
      { basePool: 2 ** 31 },
      { basePool: 2 ** 53 },
      { entryFee: 2 ** 31 },
      { entryFee: 2 ** 53 },
      { entryFee: 1_000_001 },
      { multiplier: 1e9 },
    ]) {
      const res = await admin.browser.post('/api/admin/tournaments', tournamentBody(overrides))
      expect(res.status, JSON.stringify(overrides)).toBe(400)
      expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
    }
    const list = await admin.browser.get('/api/admin/tournaments')
    expect(((await list.json()) as { tournaments: unknown[] }).tournaments).toEqual([])
    const largest = await admin.browser.post(
      '/api/admin/tournaments',
      tournamentBody({ basePool: 1_000_000_000, entryFee: 1_000_000, multiplier: 100 }),
    )
    expect(largest.status).toBe(201)
    const created = AdminTournamentSchema.parse(await largest.json())
    const edited = await put(
      admin.browser,
      `/api/admin/tournaments/${created.id}`,
      tournamentBody({ name: created.name, basePool: 2 ** 31 }),
    )
    expect(edited.status).toBe(400)
  })

  it('pays a winner whose deposits took the wallet to 2^31 − 1, with exact coins', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const bracket = await insertBracketTournament(db)
    const fans = await threeBets(db, bracket)
    // 450 after the fee; deposits of at most 10^9 each take the winner to exactly 2^31 − 1.
    const deposits = [1_000_000_000, 1_000_000_000, INT4_MAX - 2_000_000_000 - 450]
    for (const [index, amount] of deposits.entries()) {
      const res = await admin.browser.post(`/api/admin/wallets/${fans[0]!.userId}/adjustments`, {
        type: 'deposit',
        amount,
        reason: 'High roller',
        idempotencyKey: `high-roller-${index}-${randomUUID()}`,
      })
      expect(res.status).toBe(201)
    }
    expect(await getBalance(db, fans[0]!.userId)).toBe(INT4_MAX)
    await playOut(db, bracket)

    const res = await admin.browser.post(`/api/admin/tournaments/${bracket.tournament.id}/settle`)
    expect(res.status, await res.clone().text()).toBe(200)
    expect(SettlementResultSchema.parse(await res.json())).toMatchObject({
      state: 'completed',
      totalPaid: PRIZE_100 + PRIZE_90,
    })
    expect(await getBalance(db, fans[0]!.userId)).toBe(INT4_MAX + PRIZE_100)
    expect(await getBalance(db, fans[1]!.userId)).toBe(450 + PRIZE_90)
    expect(await getBalance(db, fans[2]!.userId)).toBe(450)

    // The leaderboard and the account read the 64-bit balance whole.
    await refreshLeaderboardRanks(db)
    const top = LeaderboardSchema.parse(
      await (await admin.browser.get('/api/leaderboard?limit=1')).json(),
    )
    expect(top.entries[0]!.total_coins).toBe(INT4_MAX + PRIZE_100)
    const { problems } = await auditLedger(db)
    expect(problems).toEqual([])
    await expectBetInvariants(db)
  })

  it('shows the fan a balance above 2^31 on /api/me', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const fan = await signInAs(setup, db, { balance: INT4_MAX })
    const res = await admin.browser.post(`/api/admin/wallets/${fan.userId}/adjustments`, {
      type: 'deposit',
      amount: 1_000_000_000,
      reason: 'Beyond 32 bits',
      idempotencyKey: `beyond-${randomUUID()}`,
    })
    expect(res.status).toBe(201)
    const me = MeSchema.parse(await (await fan.browser.get('/api/me')).json())
    expect(me.balance).toBe(INT4_MAX + 1_000_000_000)
  })

  it('caps the prize pool below what a settlement total can hold, and settles it', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const created = AdminTournamentSchema.parse(
      await (
        await admin.browser.post(
          '/api/admin/tournaments',
          tournamentBody({ basePool: 1_000_000_000, entryFee: 1_000_000, multiplier: 100 }),
        )
      ).json(),
    )
    expect(created.currentPrizePool).toBe(1_000_000_000)
    const bracket = await insertBracketTournament(db, {
      prizePoolConfig: {
        ...defaultPrizePoolConfig,
        base_pool: 1_000_000_000,
        entry_fee: 1_000_000,
        multiplier: 100,
      },
    })
    const perfect = completeBracket(bracket)
    const fans = await Promise.all(
      Array.from({ length: 11 }, () => insertAccount(db, { balance: 1_000_000 })),
    )
    for (const fan of fans) {
      await placeBet(db, { userId: fan.userId, tournamentId: bracket.tournament.id, ...perfect })
    }
    // 10^9 + 10^6 × 11 × 100 = 2.1 × 10^9: the pool stops at the cap.
    const listed = AdminTournamentSchema.parse(
      await (await admin.browser.get(`/api/admin/tournaments/${bracket.tournament.id}`)).json(),
    )
    expect(listed.currentPrizePool).toBe(MAX_PRIZE_POOL)
    expect(MAX_PRIZE_POOL).toBeLessThanOrEqual(INT4_MAX)
    await playOut(db, bracket)
    const res = await admin.browser.post(`/api/admin/tournaments/${bracket.tournament.id}/settle`)
    expect(res.status, await res.clone().text()).toBe(200)
    // 11 perfect brackets share the pool: floor(2 × 10^9 × 2 × 10^9 / (11 × 2 × 10^9)) each.
    const each = Math.floor(MAX_PRIZE_POOL / 11)
    expect(SettlementResultSchema.parse(await res.json())).toMatchObject({
      prizePool: MAX_PRIZE_POOL,
      totalWinners: 11,
      totalPaid: each * 11,
    })
    for (const fan of fans) expect(await getBalance(db, fan.userId)).toBe(each)
    expect((await auditLedger(db)).problems).toEqual([])
  })

  it('shows a settlement that stopped to admins and to the audit; cancel refunds the rest', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const fans = await threeBets(db, bracket)
    await playOut(db, bracket)
    await refuseLargeCredits(db, fans[0]!.walletId)
    try {
      const first = await admin.browser.post(`/api/admin/tournaments/${id}/settle`)
      expect(first.status).toBe(409)
      expect(await errorOf(first)).toMatchObject({
        code: 'SETTLEMENT_STOPPED',
        details: { reason: expect.stringContaining('injected: credit refused') },
      })
      const progress = SettlementProgressSchema.parse(
        await (await admin.browser.get(`/api/admin/tournaments/${id}/settlement`)).json(),
      )
      expect(progress).toMatchObject({
        state: 'stopped',
        betsTotal: 3,
        // The loss, recorded with the start (decision 078); no winner paid.
        betsSettled: 1,
        totalPaid: 0,
        stopReason: expect.stringContaining('injected'),
      })
      const row = AdminTournamentSchema.parse(
        await (await admin.browser.get(`/api/admin/tournaments/${id}`)).json(),
      )
      expect(row).toMatchObject({ settlementStage: 'stopped', settlementState: 'in_progress' })
      const audit = await auditLedger(db)
      expect(audit.problems).toEqual([])
      expect(audit.stoppedSettlements).toEqual([
        expect.stringMatching(new RegExp(`settlement stopped .*: ${id} \\(.*injected`)),
      ])
      // Settling again is the same clear 409, never a 400 or a 500.
      const again = await admin.browser.post(`/api/admin/tournaments/${id}/settle`)
      expect(again.status).toBe(409)
      expect((await errorOf(again)).code).toBe('SETTLEMENT_STOPPED')

      const cancelled = await admin.browser.post(`/api/admin/tournaments/${id}/cancel`)
      expect(cancelled.status, await cancelled.clone().text()).toBe(200)
      expect(CancellationResultSchema.parse(await cancelled.json())).toMatchObject({
        status: 'cancelled',
        refundedBets: 3,
        refundedCoins: 150,
      })
    } finally {
      await dropRefusal(db)
    }
    for (const fan of fans) expect(await getBalance(db, fan.userId)).toBe(500)
    const [settlement] = await db
      .select({ state: tournamentSettlements.state })
      .from(tournamentSettlements)
      .where(eq(tournamentSettlements.tournamentId, id))
    expect(settlement!.state).toBe('cancelled')
    const progress = SettlementProgressSchema.parse(
      await (await admin.browser.get(`/api/admin/tournaments/${id}/settlement`)).json(),
    )
    expect(progress.state).toBe('cancelled')
    // Nothing resumes a cancelled settlement, and a second cancel refunds nothing.
    const settle = await admin.browser.post(`/api/admin/tournaments/${id}/settle`)
    expect(settle.status).toBe(409)
    const twice = CancellationResultSchema.parse(
      await (await admin.browser.post(`/api/admin/tournaments/${id}/cancel`)).json(),
    )
    expect(twice.refundedBets).toBe(0)
    expect(await auditLedger(db)).toMatchObject({ problems: [], stoppedSettlements: [] })
    await expectBetInvariants(db)
  })

  it('keeps the winners a stopped settlement paid, and refunds each other bet once under racing cancels and resumes', async () => {
    const handle = database()
    const setup = createTestApp(handle)
    const admin = await signInAdmin(setup, handle.db)
    const bracket = await insertBracketTournament(handle.db)
    const id = bracket.tournament.id
    const fans = await threeBets(handle.db, bracket)
    await playOut(handle.db, bracket)
    // Fan 1 (tier_90) bet second: one chunk of one bet pays fan 0, the next one stops on fan 1.
    await refuseLargeCredits(handle.db, fans[1]!.walletId)
    const actor = { actorId: admin.userId, tournamentId: id }
    await settleTournament(handle.db, actor, { chunkSize: 1, maxChunks: 1 })
    expect(await getBalance(handle.db, fans[0]!.userId)).toBe(450 + PRIZE_100)
    const stopped = await admin.browser.post(`/api/admin/tournaments/${id}/settle`)
    expect(stopped.status).toBe(409)

    const wide = openWideDatabase(handle)
    try {
      const cancels = Array.from({ length: 5 }, () => cancelTournament(wide.db, actor))
      const resumes = Array.from({ length: 5 }, () =>
        settleTournament(wide.db, actor, { chunkSize: 1 }),
      )
      const [cancelled] = await Promise.all([
        Promise.allSettled(cancels),
        Promise.allSettled(resumes),
      ])
      const refunded = cancelled.map((outcome) =>
        outcome.status === 'fulfilled' ? outcome.value.refundedBets : 0,
      )
      expect(refunded.reduce((sum, n) => sum + n, 0)).toBe(2)
    } finally {
      await wide.close()
      await dropRefusal(handle.db)
    }
    // Fan 0 keeps the prize; fans 1 and 2 get their fee back, once.
    expect(await getBalance(handle.db, fans[0]!.userId)).toBe(450 + PRIZE_100)
    expect(await getBalance(handle.db, fans[1]!.userId)).toBe(500)
    expect(await getBalance(handle.db, fans[2]!.userId)).toBe(500)
    expect((await auditLedger(handle.db)).problems).toEqual([])
    await expectBetInvariants(handle.db)
  })
})
