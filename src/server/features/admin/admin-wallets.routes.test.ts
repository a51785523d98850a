// GET /api/admin/wallets (docs/product.md "What the app asks the server"): a page of wallets by e-mail, searched by e-mail or
// username on the server; the query checked by its schema (400, never 500); admins only. As
// admin, fan and visitor, on PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ADMIN_WALLETS_PAGE_SIZE, AdminWalletListSchema } from '#shared/schemas/admin'
import { insertAccount } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAdmin, signInAs } from './admin-test-support'

describe.each(testDatabaseKinds)('the admin wallets list on %s', (kind) => {
  const database = useTestDatabase(kind)

  /** 30 fans "Wal_<tag>_00…29" (e-mail wal-<tag>-00…29@example.com), an admin, a fan, a visitor. */
  async function setUp() {
    const setup = createTestApp(database())
    const { db } = database()
    const tag = randomUUID().slice(0, 6)
    for (let n = 0; n < 30; n += 1) {
      const two = String(n).padStart(2, '0')
      await insertAccount(db, {
        balance: 100 + n,
        username: `Wal_${tag}_${two}`,
        email: `wal-${tag}-${two}@example.com`,
      })
    }
    const admin = await signInAdmin(setup, db)
    const fan = await signInAs(setup, db)
    return { admin, fan, visitor: new TestBrowser(setup.app), tag }
  }

  const list = async (browser: TestBrowser, query: string) => {
    const res = await browser.get(`/api/admin/wallets${query}`)
    expect(res.status, await res.clone().text()).toBe(200)
    return AdminWalletListSchema.parse(await res.json())
  }

  it('pages by e-mail and searches e-mail and username, any case, wildcards taken literally', async () => {
    const { admin, tag } = await setUp()
    const first = await list(admin.browser, '')
    expect(first).toMatchObject({ page: 1, pageSize: ADMIN_WALLETS_PAGE_SIZE })
    expect(first.wallets).toHaveLength(ADMIN_WALLETS_PAGE_SIZE)
    expect(first.total).toBeGreaterThanOrEqual(32)
    expect(first.matched).toBe(first.total)

    // A search by username, in another case: 30 fans over two pages, nobody twice.
    const byName = await list(admin.browser, `?search=${`wal_${tag}`.toUpperCase()}`)
    expect(byName).toMatchObject({ matched: 30, total: first.total, page: 1 })
    expect(byName.wallets.map((wallet) => wallet.username)).toEqual(
      Array.from({ length: 25 }, (_, i) => `Wal_${tag}_${String(i).padStart(2, '0')}`),
    )
    expect(byName.wallets[0]).toMatchObject({ email: `wal-${tag}-00@example.com`, balance: 100 })
    const second = await list(admin.browser, `?search=wal_${tag}&page=2`)
    expect(second.page).toBe(2)
    expect(second.wallets.map((wallet) => wallet.username)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Wal_${tag}_${25 + i}`),
    )

    // By e-mail (the username's "_" is a "-" there), and one account alone.
    expect((await list(admin.browser, `?search=wal-${tag}-1`)).matched).toBe(10)
    const one = await list(admin.browser, `?search=%20wal-${tag}-07@EXAMPLE.com%20`)
    expect(one.wallets.map((wallet) => wallet.balance)).toEqual([107])

    // "%" and "_" match themselves only; a page past the end is empty, not an error.
    expect((await list(admin.browser, '?search=%25')).matched).toBe(0)
    expect((await list(admin.browser, `?search=wal_${tag}_0_`)).matched).toBe(0)
    const past = await list(admin.browser, `?search=wal_${tag}&page=3`)
    expect(past).toMatchObject({ wallets: [], matched: 30, page: 3 })
  })

  it.each([
    ['page 0', '?page=0'],
    ['a page that is no number', '?page=two'],
    ['a fractional page', '?page=1.5'],
    ['a page past the cap', '?page=100001'],
    ['a search of 201 characters', `?search=${'x'.repeat(201)}`],
  ])('answers %s with 400 VALIDATION_FAILED', async (_name, query) => {
    const { admin } = await setUp()
    const res = await admin.browser.get(`/api/admin/wallets${query}`)
    expect(res.status).toBe(400)
    expect((await res.json()).error.code).toBe('VALIDATION_FAILED')
  })

  it('is for admins only: a fan is 403 and a visitor 401, whatever the query', async () => {
    const { fan, visitor, tag } = await setUp()
    for (const query of ['', `?search=wal_${tag}&page=2`, '?page=0']) {
      expect((await fan.browser.get(`/api/admin/wallets${query}`)).status).toBe(403)
      expect((await visitor.get(`/api/admin/wallets${query}`)).status).toBe(401)
    }
  })
})
