import { describe, expect, it } from 'vitest'
import {
  AdminStatsSchema,
  AdminTransactionListSchema,
  AdminUserListSchema,
  AdminWalletListSchema,
} from '#shared/schemas/admin'
import { insertBet } from '#tests/factories'
import { insertAccount, insertBracketTournament } from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAdmin, signInAs } from './admin-test-support'

const ID = '00000000-0000-4000-8000-000000000000'
const ADMIN_ROUTES: [method: string, path: string][] = [
  ['GET', '/api/admin/stats'],
  ['GET', '/api/admin/tournaments'],
  ['POST', '/api/admin/tournaments'],
  ['GET', `/api/admin/tournaments/${ID}`],
  ['PUT', `/api/admin/tournaments/${ID}`],
  ['POST', `/api/admin/tournaments/${ID}/bracket`],
  ['POST', `/api/admin/tournaments/${ID}/mvp`],
  ['GET', `/api/admin/tournaments/${ID}/settlement-preview`],
  ['POST', `/api/admin/tournaments/${ID}/settle`],
  ['POST', `/api/admin/tournaments/${ID}/cancel`],
  ['GET', '/api/admin/players'],
  ['POST', '/api/admin/players'],
  ['GET', `/api/admin/players/${ID}`],
  ['PUT', `/api/admin/players/${ID}`],
  ['GET', '/api/admin/teams'],
  ['POST', '/api/admin/teams'],
  ['GET', `/api/admin/teams/${ID}`],
  ['PUT', `/api/admin/teams/${ID}`],
  ['GET', '/api/admin/matches'],
  ['POST', '/api/admin/matches'],
  ['GET', `/api/admin/matches/${ID}`],
  ['PUT', `/api/admin/matches/${ID}`],
  ['GET', '/api/admin/users'],
  ['GET', `/api/admin/users/${ID}/transactions`],
  ['GET', '/api/admin/wallets'],
  ['POST', `/api/admin/wallets/${ID}/adjustments`],
  ['GET', '/api/admin/audit'],
]

describe.each(testDatabaseKinds)('admin access on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('answers 401 to visitors and 403 to fans on every admin route, before reading input', async () => {
    const setup = createTestApp(database())
    const visitor = new TestBrowser(setup.app)
    const fan = await signInAs(setup, database().db)
    for (const [method, path] of ADMIN_ROUTES) {
      const init = method === 'GET' ? { method } : { method, json: {} }
      expect((await visitor.request(path, init)).status, `${method} ${path}`).toBe(401)
      const res = await fan.browser.request(path, init)
      expect(res.status, `${method} ${path}`).toBe(403)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN')
    }
  })

  it('lets an admin in', async () => {
    const setup = createTestApp(database())
    const admin = await signInAdmin(setup, database().db)
    const res = await admin.browser.get('/api/admin/stats')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      activeBets: expect.any(Number),
      users: expect.any(Number),
      workQueue: expect.any(Array),
    })
  })

  it('lists users with their transactions, wallets, and the dashboard figures', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const fan = await insertAccount(db, { balance: 300, username: `Fan_${Date.now()}` })
    const bracket = await insertBracketTournament(db, { status: 'active' })
    await insertBet(db, { ...fan, tournamentId: bracket.tournament.id })

    const users = AdminUserListSchema.parse(
      await (await admin.browser.get('/api/admin/users')).json(),
    )
    expect(users.total).toBeGreaterThanOrEqual(2)
    expect(users.users.find((u) => u.id === fan.userId)).toMatchObject({
      email: fan.email,
      role: 'user',
    })
    expect(users.users.find((u) => u.id === admin.userId)?.role).toBe('admin')

    const history = AdminTransactionListSchema.parse(
      await (await admin.browser.get(`/api/admin/users/${fan.userId}/transactions`)).json(),
    )
    expect(history.transactions[0]).toMatchObject({ type: 'bet_placed', amount: -50 })
    expect((await admin.browser.get('/api/admin/users/nobody/transactions')).status).toBe(404)

    const wallets = AdminWalletListSchema.parse(
      await (await admin.browser.get('/api/admin/wallets')).json(),
    )
    expect(wallets.wallets.find((w) => w.userId === fan.userId)).toMatchObject({
      email: fan.email,
      balance: 250,
    })

    const stats = AdminStatsSchema.parse(await (await admin.browser.get('/api/admin/stats')).json())
    expect(stats.activeBets).toBeGreaterThanOrEqual(1)
    expect(stats.activeTournaments).toBeGreaterThanOrEqual(1)
    // 5000 + floor(50 × 1 × 0.7) for the one tournament with a bet.
    expect(stats.totalPrizePools).toBeGreaterThanOrEqual(5035)
  })
})
