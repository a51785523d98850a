import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MeSchema } from '#shared/schemas/me'
import { TransactionPageSchema } from '#shared/schemas/transaction'
import { createVerifiedAccount } from '#tests/accounts'
import { insertTournament } from '#tests/factories'
import { createTestApp } from '#tests/test-app'
import type { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { expectWalletInvariants } from '#tests/wallet-invariants'
import { bets, user, walletTransactions, wallets } from '#server/db/schema'

describe.each(testDatabaseKinds)('GET /api/me on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('answers 401 UNAUTHENTICATED to a visitor and to a forged cookie', async () => {
    const { app } = createTestApp(database())
    const res = await app.request('/api/me')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'You need to sign in.' },
    })
    const forged = await app.request('/api/me', {
      headers: { Cookie: 'golden-point.session_token=forged.value' },
    })
    expect(forged.status).toBe(401)
    expect((await app.request('/api/me/transactions')).status).toBe(401)
  })

  it('shows the username, else the part of the e-mail before @, and the role', async () => {
    const setup = createTestApp(database())
    const account = await createVerifiedAccount(setup, database(), {
      username: 'Maria.Lopez',
      email: 'maria.l@example.test',
    })
    const me = MeSchema.parse(await (await account.browser.get('/api/me')).json())
    expect(me.user).toMatchObject({ username: 'Maria.Lopez', email: 'maria.l@example.test' })

    // An account without a username (e.g. the bootstrap admin) shows its e-mail's local part.
    const [row] = await database().db.select().from(user).where(eq(user.email, account.email))
    await database()
      .db.update(user)
      .set({ username: null, displayUsername: null, role: 'admin' })
      .where(eq(user.id, row!.id))
    const after = MeSchema.parse(await (await account.browser.get('/api/me')).json())
    expect(after.user).toMatchObject({ username: 'maria.l', role: 'admin' })
  })
})

describe.each(testDatabaseKinds)('GET /api/me/transactions on %s', (kind) => {
  const database = useTestDatabase(kind)

  /** A signed-in account whose ledger has the welcome bonus plus `extra` more movements. */
  async function accountWithHistory(extra: number) {
    const setup = createTestApp(database())
    const account = await createVerifiedAccount(setup, database())
    const { db } = database()
    const [owner] = await db.select().from(user).where(eq(user.email, account.email))
    const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, owner!.id))
    const tournament = await insertTournament(db)
    const [bet] = await db
      .insert(bets)
      .values({ userId: owner!.id, tournamentId: tournament.id, amount: 50 })
      .returning()
    let balance = wallet!.balance
    for (let i = 1; i <= extra; i++) {
      const isBet = i === 1
      const amount = isBet ? -50 : 10
      await db.insert(walletTransactions).values({
        walletId: wallet!.id,
        type: isBet ? 'bet_placed' : 'deposit',
        amount,
        description: `movement ${i}`,
        relatedBetId: isBet ? bet!.id : null,
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
      })
      balance += amount
    }
    await db.update(wallets).set({ balance }).where(eq(wallets.id, wallet!.id))
    return { ...account, betId: bet!.id }
  }

  const page = async (browser: TestBrowser, query = '') => {
    const res = await browser.get(`/api/me/transactions${query}`)
    expect(res.status, await res.clone().text()).toBe(200)
    return TransactionPageSchema.parse(await res.json())
  }

  it('lists the ledger newest first, 20 per page by default', async () => {
    const { browser, betId } = await accountWithHistory(24)
    const first = await page(browser)
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 25 })
    expect(first.items).toHaveLength(20)
    const times = first.items.map((item) => item.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    // The welcome bonus came with the account (now); the other movements are dated 2020.
    expect(first.items[0]).toMatchObject({ type: 'welcome_bonus', amount: 1000 })
    expect(first.items[1]).toMatchObject({
      type: 'deposit',
      amount: 10,
      description: 'movement 24',
    })

    const second = await page(browser, '?page=2')
    expect(second.items).toHaveLength(5)
    expect(second.items.at(-1)).toMatchObject({
      type: 'bet_placed',
      amount: -50,
      relatedBetId: betId,
    })
    expect((await page(browser, '?page=3')).items).toEqual([])
    await expectWalletInvariants(database().db, { everyWalletHasBonus: true })
  })

  it('caps pageSize at 100 and refuses nonsense', async () => {
    const { browser } = await accountWithHistory(104)
    const capped = await page(browser, '?pageSize=5000')
    expect(capped).toMatchObject({ page: 1, pageSize: 100, total: 105 })
    expect(capped.items).toHaveLength(100)
    expect((await page(browser, '?page=2&pageSize=100')).items).toHaveLength(5)
    expect((await page(browser, '?pageSize=7')).items).toHaveLength(7)

    for (const query of ['?page=0', '?pageSize=0', '?page=abc', '?pageSize=-3', '?page=1.5']) {
      const res = await browser.get(`/api/me/transactions${query}`)
      expect(res.status, query).toBe(400)
      expect((await res.json()).error.code).toBe('VALIDATION_FAILED')
    }
    await expectWalletInvariants(database().db, { everyWalletHasBonus: true })
  })

  it('shows only the signed-in user’s own transactions', async () => {
    const setup = createTestApp(database())
    const ana = await createVerifiedAccount(setup, database())
    await accountWithHistory(3)
    const mine = await page(ana.browser)
    expect(mine.total).toBe(1)
    expect(mine.items.map((item) => item.type)).toEqual(['welcome_bonus'])
  })
})
