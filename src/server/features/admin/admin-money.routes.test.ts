import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  CancellationResultSchema,
  MyPerformanceSchema,
  SettlementPreviewSchema,
  SettlementResultSchema,
  TournamentResultsSchema,
  WalletAdjustmentResultSchema,
} from '#shared/schemas/admin'
import type { Database } from '#server/db/client'
import { auditLog, bets, walletTransactions } from '#server/db/schema'
import { AppError } from '#server/errors'
import { expectBetInvariants } from '#tests/bet-invariants'
import {
  betBody,
  completeBracket,
  getBalance,
  insertAccount,
  insertBracketTournament,
  openWideDatabase,
  playOut,
  signInAs,
  type BracketTournament,
} from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { placeBet } from '#server/features/bets/place-bet.service'
import { cancelTournament } from '#server/features/settlement/cancel.service'
import { settleTournament } from '#server/features/settlement/settle.service'
import { adjustWallet } from './admin-wallets.service'
import { errorOf, signInAdmin } from './admin-test-support'

const team2 = (match: { team2Id: string | null }) => match.team2Id

/** Three fans: a perfect bracket (tier_100), perfect but the wrong MVP (tier_90), all wrong. */
async function threeBets(db: Database, bracket: BracketTournament) {
  const fans = await Promise.all([1, 2, 3].map(() => insertAccount(db, { balance: 500 })))
  const perfect = completeBracket(bracket)
  const champion = bracket.teams.find((team) => team.id === perfect.championId)!
  await placeBet(db, { userId: fans[0]!.userId, tournamentId: bracket.tournament.id, ...perfect })
  await placeBet(db, {
    userId: fans[1]!.userId,
    tournamentId: bracket.tournament.id,
    picks: perfect.picks,
    mvpPlayerId: champion.player2Id,
  })
  await placeBet(db, {
    userId: fans[2]!.userId,
    tournamentId: bracket.tournament.id,
    ...betBody(bracket, team2),
  })
  return fans
}

async function ledgerRows(db: Database, tournamentId: string) {
  return db
    .select({ type: walletTransactions.type, amount: walletTransactions.amount })
    .from(walletTransactions)
    .innerJoin(bets, eq(bets.id, walletTransactions.relatedBetId))
    .where(
      and(eq(bets.tournamentId, tournamentId), sql`${walletTransactions.type} <> 'bet_placed'`),
    )
}

/** One settle and one settle_completed entry in the audit log, the settle naming its lanes. */
async function expectSettledOnceIn(
  db: Database,
  tournamentId: string,
  { lanes }: { lanes: number },
) {
  const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, tournamentId))
  expect(audit.map((row) => row.action).sort()).toEqual(['settle', 'settle_completed'])
  expect(audit.find((row) => row.action === 'settle')?.after).toMatchObject({ lanes })
}

// Pool 5000 + floor(50 × 3 × 0.7) = 5105. Unscaled prizes 5105 (tier_100) + 3063 (tier_90) =
// 8168 > 5105, so each is scaled by 5105 / 8168 and floored: 3190 and 1914 (1 coin to the house).
const PRIZE_100 = 3190
const PRIZE_90 = 1914

describe.each(testDatabaseKinds)('settlement and cancellation on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('previews, settles with exact coins, and publishes results and performance', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const bracket = await insertBracketTournament(db)
    const fan = await signInAs(setup, db, { balance: 500 })
    const bet = await fan.browser.post(
      `/api/tournaments/${bracket.tournament.id}/bets`,
      betBody(bracket, team2),
    )
    expect(bet.status).toBe(201)
    const fans = await threeBets(db, bracket)
    const id = bracket.tournament.id

    const early = await admin.browser.post(`/api/admin/tournaments/${id}/settle`)
    expect(early.status).toBe(409)
    expect((await errorOf(early)).details).toMatchObject({
      problems: expect.arrayContaining([{ code: 'not_completed', status: 'upcoming' }]),
    })
    await playOut(db, bracket)

    const preview = SettlementPreviewSchema.parse(
      await (await admin.browser.get(`/api/admin/tournaments/${id}/settlement-preview`)).json(),
    )
    // Four bets now: pool 5000 + floor(50 × 4 × 0.7) = 5140.
    expect(preview).toMatchObject({
      prizePool: 5140,
      participantCount: 4,
      totalWinners: 2,
      problems: [],
    })
    expect(preview.tiers.find((tier) => tier.tierKey === 'tier_100')?.winners).toBe(1)
    expect((await fan.browser.get(`/api/tournaments/${id}/results`)).status).toBe(404)

    const res = await admin.browser.post(`/api/admin/tournaments/${id}/settle`)
    expect(res.status).toBe(200)
    const settled = SettlementResultSchema.parse(await res.json())
    // 5140 and floor(0.6 × 5140) = 3084; 8224 > 5140: scaled to floor(5140²/8224) and floor(3084×5140/8224).
    const first = Math.floor((5140 * 5140) / 8224)
    const second = Math.floor((3084 * 5140) / 8224)
    expect(settled).toMatchObject({
      state: 'completed',
      prizePool: 5140,
      participantCount: 4,
      totalWinners: 2,
      totalPaid: first + second,
      tierCounts: { tier_100: 1, tier_90: 1 },
    })
    expect(await getBalance(db, fans[0]!.userId)).toBe(450 + first)
    expect(await getBalance(db, fans[1]!.userId)).toBe(450 + second)
    expect(await getBalance(db, fans[2]!.userId)).toBe(450)

    const again = await admin.browser.post(`/api/admin/tournaments/${id}/settle`)
    expect(again.status).toBe(200)
    expect(await getBalance(db, fans[0]!.userId)).toBe(450 + first)

    const results = TournamentResultsSchema.parse(
      await (await fan.browser.get(`/api/tournaments/${id}/results`)).json(),
    )
    expect(results.tournament_info).toEqual({
      tournament_name: bracket.tournament.name,
      prize_pool: 5140,
      participant_count: 4,
    })
    expect(results.statistics.total_winners).toBe(2)
    const performance = MyPerformanceSchema.parse(
      await (await fan.browser.get(`/api/tournaments/${id}/my-performance`)).json(),
    )
    expect(performance).toMatchObject({
      bet_status: 'lost',
      prediction_result: { accuracy_percentage: 0 },
      prize_distribution: { prize_amount: 0 },
      tier_level: 'no_tier',
    })
    const statuses = await db
      .select({ status: bets.status })
      .from(bets)
      .where(eq(bets.tournamentId, id))
    expect(statuses.map((row) => row.status).sort()).toEqual(['lost', 'lost', 'won', 'won'])
    const ledger = await ledgerRows(db, id)
    // A loss moves no coins, so it is recorded on the bet alone (decision 078).
    expect(ledger.filter((row) => row.type === 'bet_lost')).toEqual([])
    expect(ledger.filter((row) => row.type === 'bet_won')).toHaveLength(2)
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id))
    expect(audit.map((row) => row.action).sort()).toEqual(['settle', 'settle_completed'])
    // A settled tournament no longer changes.
    expect((await admin.browser.post(`/api/admin/tournaments/${id}/cancel`)).status).toBe(409)
    await expectBetInvariants(db)
  })

  it('pays once under 50 concurrent settles', async () => {
    const handle = database()
    const bracket = await insertBracketTournament(handle.db)
    const fans = await threeBets(handle.db, bracket)
    await playOut(handle.db, bracket)
    const wide = openWideDatabase(handle)
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          settleTournament(wide.db, { actorId: 'admin', tournamentId: bracket.tournament.id }),
        ),
      )
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([])
    } finally {
      await wide.close()
    }
    expect(await getBalance(handle.db, fans[0]!.userId)).toBe(450 + PRIZE_100)
    expect(await getBalance(handle.db, fans[1]!.userId)).toBe(450 + PRIZE_90)
    expect(await getBalance(handle.db, fans[2]!.userId)).toBe(450)
    // Two prizes; the loss has no row (decision 078).
    expect(await ledgerRows(handle.db, bracket.tournament.id)).toHaveLength(2)
    await expectBetInvariants(handle.db)
  })

  it('finishes exactly after a run that stopped after its first chunk', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const fans = await threeBets(db, bracket)
    await playOut(db, bracket)
    const args = { actorId: 'admin', tournamentId: bracket.tournament.id }

    const partial = await settleTournament(db, args, { chunkSize: 1, maxChunks: 1 })
    expect(partial).toMatchObject({ state: 'in_progress', processedAt: null })
    const { app } = createTestApp(database())
    expect((await app.request(`/api/tournaments/${args.tournamentId}/results`)).status).toBe(404)
    // Results are frozen from the start of the settlement: the resumed run must score the same.
    const admin = await signInAdmin({ app }, db)
    const final = bracket.matches.find((match) => match.round === 'final')!
    const frozen = await admin.browser.request(`/api/admin/matches/${final.id}`, {
      method: 'PUT',
      json: { tournamentId: args.tournamentId, round: 'final', matchNumber: 1 },
    })
    expect(frozen.status).toBe(409)
    expect(await ledgerRows(db, bracket.tournament.id)).toHaveLength(1)
    await expectBetInvariants(db)

    const finished = await settleTournament(db, args, { chunkSize: 1 })
    expect(finished).toMatchObject({ state: 'completed', totalPaid: PRIZE_100 + PRIZE_90 })
    expect(await getBalance(db, fans[0]!.userId)).toBe(450 + PRIZE_100)
    expect(await getBalance(db, fans[1]!.userId)).toBe(450 + PRIZE_90)
    expect(await ledgerRows(db, bracket.tournament.id)).toEqual([
      { type: 'bet_won', amount: PRIZE_100 },
      { type: 'bet_won', amount: PRIZE_90 },
    ])
    expect((await app.request(`/api/tournaments/${args.tournamentId}/results`)).status).toBe(200)
    await expectBetInvariants(db)
  })

  it('pays in lanes what one lane pays, resuming each lane after a stop', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const fans = await threeBets(db, bracket)
    await playOut(db, bracket)
    const args = { actorId: 'admin', tournamentId: bracket.tournament.id }

    // Lanes of one winner each (the loss is recorded at the start); one chunk of one bet each.
    const partial = await settleTournament(db, args, { lanes: 2, chunkSize: 1, maxChunks: 1 })
    expect(partial).toMatchObject({ state: 'in_progress', totalPaid: PRIZE_100 + PRIZE_90 })
    expect(await ledgerRows(db, bracket.tournament.id)).toHaveLength(2)
    expect(await getBalance(db, fans[2]!.userId)).toBe(450)
    await expectBetInvariants(db)

    // A resumed run keeps the lanes it started with, whatever it asks for.
    const finished = await settleTournament(db, args, { lanes: 1, chunkSize: 1 })
    expect(finished).toMatchObject({ state: 'completed', totalPaid: PRIZE_100 + PRIZE_90 })
    expect(await getBalance(db, fans[0]!.userId)).toBe(450 + PRIZE_100)
    expect(await getBalance(db, fans[1]!.userId)).toBe(450 + PRIZE_90)
    expect(await getBalance(db, fans[2]!.userId)).toBe(450)
    expect((await ledgerRows(db, bracket.tournament.id)).map((row) => row.type).sort()).toEqual([
      'bet_won',
      'bet_won',
    ])
    await expectSettledOnceIn(db, args.tournamentId, { lanes: 2 })
    await expectBetInvariants(db)
  })

  it('never makes more lanes than winners, and completes once when every lane runs at once', async () => {
    const handle = database()
    const bracket = await insertBracketTournament(handle.db)
    const fans = await threeBets(handle.db, bracket)
    await playOut(handle.db, bracket)
    const args = { actorId: 'admin', tournamentId: bracket.tournament.id }
    const wide = openWideDatabase(handle)
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, () => settleTournament(wide.db, args, { lanes: 8 })),
      )
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([])
      expect(outcomes.map((o) => o.status === 'fulfilled' && o.value.state)).toEqual(
        Array.from({ length: 10 }, () => 'completed'),
      )
    } finally {
      await wide.close()
    }
    // Lanes are cut over the winners, the losses being recorded at the start: two lanes.
    await expectSettledOnceIn(handle.db, args.tournamentId, { lanes: 2 })
    expect(await getBalance(handle.db, fans[0]!.userId)).toBe(450 + PRIZE_100)
    expect(await ledgerRows(handle.db, bracket.tournament.id)).toHaveLength(2)
    await expectBetInvariants(handle.db)
  })

  it('refuses to settle without an MVP', async () => {
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    await playOut(db, bracket, { withMvp: false })
    const error = await settleTournament(db, {
      actorId: 'a',
      tournamentId: bracket.tournament.id,
    }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).details).toEqual({ problems: [{ code: 'missing_mvp' }] })
  })

  it('cancels and refunds every active bet once under concurrent cancels', async () => {
    const setup = createTestApp(database())
    const handle = database()
    const admin = await signInAdmin(setup, handle.db)
    const bracket = await insertBracketTournament(handle.db)
    const fans = await threeBets(handle.db, bracket)
    const wide = openWideDatabase(handle)
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, () =>
          cancelTournament(wide.db, { actorId: admin.userId, tournamentId: bracket.tournament.id }),
        ),
      )
      expect(outcomes.reduce((sum, o) => sum + o.refundedBets, 0)).toBe(3)
    } finally {
      await wide.close()
    }
    for (const fan of fans) expect(await getBalance(handle.db, fan.userId)).toBe(500)
    const refunds = (await ledgerRows(handle.db, bracket.tournament.id)).filter(
      (row) => row.type === 'bet_refund',
    )
    expect(refunds).toEqual(Array.from({ length: 3 }, () => ({ type: 'bet_refund', amount: 50 })))
    const res = await admin.browser.post(`/api/admin/tournaments/${bracket.tournament.id}/cancel`)
    expect(res.status).toBe(200)
    expect(CancellationResultSchema.parse(await res.json())).toMatchObject({
      status: 'cancelled',
      refundedBets: 0,
    })
    const bet = await setup.app.request(`/api/tournaments/${bracket.tournament.id}`)
    expect(bet.status).toBe(200)
    await expectBetInvariants(handle.db)
  })

  it('adjusts wallets, never below 0, once per idempotency key', async () => {
    const setup = createTestApp(database())
    const handle = database()
    const admin = await signInAdmin(setup, handle.db)
    const fan = await insertAccount(handle.db, { balance: 500 })
    const url = `/api/admin/wallets/${fan.userId}/adjustments`
    const key = randomUUID()
    const deposit = { type: 'deposit', amount: 100, reason: 'Goodwill', idempotencyKey: key }

    const first = await admin.browser.post(url, deposit)
    expect(first.status).toBe(201)
    const applied = WalletAdjustmentResultSchema.parse(await first.json())
    expect(applied).toMatchObject({ amount: 100, balance: 600, isReplay: false })
    const replay = await admin.browser.post(url, deposit)
    expect(replay.status).toBe(200)
    expect(WalletAdjustmentResultSchema.parse(await replay.json())).toMatchObject({
      transactionId: applied.transactionId,
      isReplay: true,
      balance: 600,
    })
    const tooMuch = await admin.browser.post(url, {
      type: 'withdrawal',
      amount: 601,
      reason: 'Too much',
      idempotencyKey: randomUUID(),
    })
    expect(tooMuch.status).toBe(402)
    const invalid = await admin.browser.post(url, { ...deposit, amount: 0, reason: ' ' })
    expect(invalid.status).toBe(400)
    expect((await errorOf(invalid)).messages).toEqual([
      'Amount must be greater than 0',
      'Reason is required',
    ])
    expect(
      (
        await admin.browser.post(`/api/admin/wallets/nobody/adjustments`, {
          ...deposit,
          idempotencyKey: randomUUID(),
        })
      ).status,
    ).toBe(404)

    const wide = openWideDatabase(handle)
    try {
      const sameKey = randomUUID()
      const same = await Promise.all(
        Array.from({ length: 10 }, () =>
          adjustWallet(wide.db, {
            actorId: admin.userId,
            userId: fan.userId,
            input: { type: 'deposit', amount: 10, reason: 'Race', idempotencyKey: sameKey },
          }),
        ),
      )
      expect(same.filter((result) => !result.isReplay)).toHaveLength(1)
      expect(new Set(same.map((result) => result.transactionId)).size).toBe(1)
      expect(await getBalance(handle.db, fan.userId)).toBe(610)

      const withdrawals = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          adjustWallet(wide.db, {
            actorId: admin.userId,
            userId: fan.userId,
            input: {
              type: 'withdrawal',
              amount: 100,
              reason: 'Race',
              idempotencyKey: randomUUID(),
            },
          }),
        ),
      )
      expect(withdrawals.filter((o) => o.status === 'fulfilled')).toHaveLength(6)
      const rejected = withdrawals.filter((o) => o.status === 'rejected')
      expect(rejected.map((o) => (o.reason as AppError).code)).toEqual(
        Array.from({ length: 4 }, () => 'INSUFFICIENT_FUNDS'),
      )
    } finally {
      await wide.close()
    }
    expect(await getBalance(handle.db, fan.userId)).toBe(10)
    const audit = await handle.db.select().from(auditLog).where(eq(auditLog.entity, 'wallet'))
    expect(audit).toHaveLength(8)
    await expectBetInvariants(handle.db)
  })
})
