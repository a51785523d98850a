// The daily top-up (decision 076): GET/POST /api/me/top-up.
import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { TopUpResultSchema, TopUpStatusSchema } from '#shared/schemas/me'
import type { Database } from '#server/db/client'
import { auditLedger } from '#server/db/ledger-audit'
import { walletTransactions, wallets } from '#server/db/schema'
import { defaultPrizePoolConfig, insertTournament } from '#tests/factories'
import { insertAccount, openWideDatabase, signInAs } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { expectWalletInvariants } from '#tests/wallet-invariants'
import { errorOf, signInAdmin } from '#server/features/admin/admin-test-support'
import { claimTopUp } from './top-up.service'

const DAY = 24 * 60 * 60 * 1000

async function topUpRows(db: Database, walletId: string) {
  return db
    .select({
      type: walletTransactions.type,
      amount: walletTransactions.amount,
      description: walletTransactions.description,
      createdAt: walletTransactions.createdAt,
    })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.walletId, walletId),
        like(walletTransactions.idempotencyKey, 'daily-top-up:%'),
      ),
    )
}

describe.each(testDatabaseKinds)('daily top-up without an open tournament on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('answers 409 no_open_tournament and moves nothing', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    // Only closed ones: cancelled, and upcoming past its deadline.
    await insertTournament(db, { status: 'cancelled' })
    await insertTournament(db, { bettingDeadline: new Date(Date.now() - 60_000) })
    const fan = await signInAs(setup, db, { balance: 0 })
    const status = TopUpStatusSchema.parse(await (await fan.browser.get('/api/me/top-up')).json())
    expect(status).toEqual({
      amount: 100,
      eligible: false,
      reason: 'no_open_tournament',
      nextAt: null,
    })
    const res = await fan.browser.post('/api/me/top-up')
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toMatchObject({
      code: 'TOP_UP_UNAVAILABLE',
      details: { reason: 'no_open_tournament' },
    })
    expect(await topUpRows(db, fan.walletId)).toEqual([])
  })
})

describe.each(testDatabaseKinds)('daily top-up on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('tops up a broke fan once a day: 409 too_soon until 24 hours have passed', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    await insertTournament(db, {
      prizePoolConfig: { ...defaultPrizePoolConfig, entry_fee: 120 },
    })
    await insertTournament(db) // entry fee 50: the lowest open one
    const fan = await signInAs(setup, db, { balance: 49 })

    expect(TopUpStatusSchema.parse(await (await fan.browser.get('/api/me/top-up')).json())).toEqual(
      { amount: 100, eligible: true, reason: null, nextAt: null },
    )
    const res = await fan.browser.post('/api/me/top-up')
    expect(res.status, await res.clone().text()).toBe(201)
    const claimed = TopUpResultSchema.parse(await res.json())
    expect(claimed.amount).toBe(100)
    expect(claimed.balance).toBe(149)
    const rows = await topUpRows(db, fan.walletId)
    expect(rows).toEqual([
      { type: 'deposit', amount: 100, description: 'Daily top-up', createdAt: expect.any(Date) },
    ])
    expect(Date.parse(claimed.nextAt)).toBe(rows[0]!.createdAt.getTime() + DAY)

    // Spent again, the same day: no second one, and the answer says when.
    await db.insert(walletTransactions).values({
      walletId: fan.walletId,
      type: 'withdrawal',
      amount: -149,
      description: 'spent',
    })
    await db.update(wallets).set({ balance: 0 }).where(eq(wallets.id, fan.walletId))
    const again = await fan.browser.post('/api/me/top-up')
    expect(again.status).toBe(409)
    expect(await errorOf(again)).toMatchObject({
      code: 'TOP_UP_UNAVAILABLE',
      details: { reason: 'too_soon', nextAt: claimed.nextAt },
    })
    expect(
      TopUpStatusSchema.parse(await (await fan.browser.get('/api/me/top-up')).json()),
    ).toMatchObject({ eligible: false, reason: 'too_soon', nextAt: claimed.nextAt })
    expect(await topUpRows(db, fan.walletId)).toHaveLength(1)

    // A fan whose last top-up is a day and a second old may claim the next one (the ledger takes
    // a backdated insert; it never takes an update).
    const other = await insertAccount(db, { balance: 0 })
    await db.insert(walletTransactions).values({
      walletId: other.walletId,
      type: 'deposit',
      amount: 100,
      description: 'Daily top-up',
      idempotencyKey: `daily-top-up:${other.walletId}:0`,
      createdAt: new Date(Date.now() - DAY - 1000),
    })
    await db.update(wallets).set({ balance: 10 }).where(eq(wallets.id, other.walletId))
    await db.insert(walletTransactions).values({
      walletId: other.walletId,
      type: 'withdrawal',
      amount: -90,
      description: 'spent',
    })
    const next = await claimTopUp(db, { userId: other.userId, amount: 100 })
    expect(next.balance).toBe(110)
    expect(await topUpRows(db, other.walletId)).toHaveLength(2)
    expect((await auditLedger(db)).problems).toEqual([])
    await expectWalletInvariants(db)
  })

  it('never tops up a fan who can afford an entry (409 can_afford)', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    await insertTournament(db)
    const fan = await signInAs(setup, db, { balance: 50 })
    expect(TopUpStatusSchema.parse(await (await fan.browser.get('/api/me/top-up')).json())).toEqual(
      { amount: 100, eligible: false, reason: 'can_afford', nextAt: null },
    )
    const res = await fan.browser.post('/api/me/top-up')
    expect(res.status).toBe(409)
    expect(await errorOf(res)).toMatchObject({ details: { reason: 'can_afford' } })
    expect(await topUpRows(db, fan.walletId)).toEqual([])
  })

  it('is the signed-in fan’s own: 401 for a visitor, another fan’s claim is theirs', async () => {
    const setup = createTestApp(database(), { env: { DAILY_TOP_UP: '25' } })
    const { db } = database()
    await insertTournament(db)
    expect((await setup.app.request('/api/me/top-up')).status).toBe(401)
    expect((await setup.app.request('/api/me/top-up', { method: 'POST' })).status).toBe(401)
    const owner = await signInAs(setup, db, { balance: 0 })
    const other = await signInAs(setup, db, { balance: 0 })
    const admin = await signInAdmin(setup, db)
    const res = await other.browser.post('/api/me/top-up')
    expect(TopUpResultSchema.parse(await res.json())).toMatchObject({ amount: 25, balance: 25 })
    expect(await topUpRows(db, owner.walletId)).toEqual([])
    expect(
      TopUpStatusSchema.parse(await (await owner.browser.get('/api/me/top-up')).json()),
    ).toMatchObject({ amount: 25, eligible: true })
    // The admin's wallet holds the welcome bonus: enough for any entry.
    expect((await admin.browser.post('/api/me/top-up')).status).toBe(409)
  })
})

// A database of its own: its only open tournament decides what the fan can afford.
describe.each(testDatabaseKinds)('daily top-up under concurrency on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('gives exactly one top-up to 100 concurrent claims', async () => {
    const handle = database()
    // An entry fee of 500: after the one top-up the fan still cannot afford it, so every other
    // claim is refused for the 24 hours alone.
    await insertTournament(handle.db, {
      prizePoolConfig: { ...defaultPrizePoolConfig, entry_fee: 500 },
    })
    const fan = await insertAccount(handle.db, { balance: 0 })
    const wide = openWideDatabase(handle)
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 100 }, () => claimTopUp(wide.db, { userId: fan.userId, amount: 100 })),
      )
      const granted = outcomes.filter((outcome) => outcome.status === 'fulfilled')
      expect(granted).toHaveLength(1)
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          expect(outcome.reason).toMatchObject({
            code: 'TOP_UP_UNAVAILABLE',
            details: { reason: 'too_soon' },
          })
        }
      }
    } finally {
      await wide.close()
    }
    expect(await topUpRows(handle.db, fan.walletId)).toHaveLength(1)
    const [wallet] = await handle.db.select().from(wallets).where(eq(wallets.id, fan.walletId))
    expect(wallet!.balance).toBe(100)
    expect((await auditLedger(handle.db)).problems).toEqual([])
  })
})
