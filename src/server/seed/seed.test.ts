import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ensureAdmin } from '#server/auth/accounts.service'
import { createVerifiedAccount, signUp, STRONG_PASSWORD } from '#tests/accounts'
import { createTestApp, createTestEnv } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { expectWalletInvariants } from '#tests/wallet-invariants'
import { createLogger } from '#server/logger'
import { account, auditLog, bets, user, walletTransactions, wallets } from '#server/db/schema'
import { listTournaments } from '#server/game/tournament-reads'
import { applySeasonChange, findSeasonChanges } from '#server/features/seasons/season-count'
import { SeasonListSchema } from '#shared/schemas/season'
import { DEMO_FAN_COUNT, demoFanEmail } from './demo-fans'
import { DEMO_ADMIN_EMAIL, DEMO_PLAYER_EMAIL, seedDatabase } from './seed'

const silent = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' })

const signIn = (setup: ReturnType<typeof createTestApp>, email: string, password: string) =>
  new TestBrowser(setup.app).post('/api/auth/sign-in/email', { email, password })

describe.each(testDatabaseKinds)('demo accounts on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('on an empty database creates a demo admin and player, prints their passwords once', async () => {
    const printed: string[] = []
    const env = createTestEnv({ DEMO_DATA: 'true' })
    const run = () =>
      seedDatabase({ env, database: database(), logger: silent, print: (t) => printed.push(t) })

    const { demoAccounts } = await run()
    expect(demoAccounts.map(({ email, role }) => ({ email, role }))).toEqual([
      { email: DEMO_ADMIN_EMAIL, role: 'admin' },
      { email: DEMO_PLAYER_EMAIL, role: 'user' },
    ])
    expect(printed).toHaveLength(1)
    for (const account of demoAccounts) {
      expect(account.password).toMatch(/^[\w-]{24}$/)
      expect(printed[0]).toContain(account.email)
      expect(printed[0]).toContain(account.password)
    }

    // A restart finds accounts: nothing new, nothing printed.
    expect((await run()).demoAccounts).toEqual([])
    expect(printed).toHaveLength(1)

    const setup = createTestApp(database())
    const admin = new TestBrowser(setup.app)
    const [adminAccount, playerAccount] = demoAccounts
    expect((await admin.post('/api/auth/sign-in/email', adminAccount!)).status).toBe(200)
    expect(await (await admin.get('/api/me')).json()).toMatchObject({
      user: { username: 'admin', email: DEMO_ADMIN_EMAIL, role: 'admin' },
      balance: 1000,
    })
    const player = new TestBrowser(setup.app)
    expect((await player.post('/api/auth/sign-in/email', playerAccount!)).status).toBe(200)
    // The demo player has entered the live and the completed tournament (the insight shows).
    const me = await (await player.get('/api/me')).json()
    expect(me).toMatchObject({ user: { username: 'player', role: 'user' } })

    // The demo world (decision 099): fans entered every tournament while it took bets, through
    // the real money path; the numbers are fixed by the seeded generators.
    const { tournaments: cards } = await listTournaments(database().db, { userId: null })
    const participants = Object.fromEntries(cards.map((t) => [t.name, t.participantCount]))
    expect(participants).toEqual({
      'Madrid Golden Open': 26,
      'Lisbon Atlantic Cup': 17,
      'Sevilla Indoor Challenge': 28,
      'Buenos Aires Masters': 38,
      'Milano Premier Finals': 41,
    })
    const byName = Object.fromEntries(cards.map((t) => [t.name, t]))
    expect(byName['Madrid Golden Open']).toMatchObject({ status: 'upcoming', isBettingOpen: true })
    expect(byName['Sevilla Indoor Challenge']).toMatchObject({ isBettingOpen: false })
    expect(byName['Buenos Aires Masters']).toMatchObject({ status: 'active' })
    const milano = byName['Milano Premier Finals']!
    expect(milano.status).toBe('completed')

    // Milano was settled by the demo admin through the real settlement: several tiers paid.
    const results = await (await player.get(`/api/tournaments/${milano.id}/results`)).json()
    expect(results).toMatchObject({
      tournament_info: { participant_count: 41, prize_pool: 6000 + Math.floor(50 * 41 * 0.7) },
      statistics: { total_winners: 9, tier_counts: { tier_80: 1, tier_70: 2, tier_60: 6 } },
    })
    const paid = await database()
      .db.select({ amount: walletTransactions.amount })
      .from(walletTransactions)
      .where(eq(walletTransactions.type, 'bet_won'))
    expect(paid).toHaveLength(9)
    expect(paid.reduce((sum, row) => sum + row.amount, 0)).toBe(results.statistics.total_paid)
    expect(await database().db.$count(auditLog, eq(auditLog.action, 'settle'))).toBe(1)

    // Every demo tournament is in one season; once the season refresher has looked, the
    // settled one is counted and its entrants have season points.
    for (const change of await findSeasonChanges(database().db)) {
      await applySeasonChange(database().db, change)
    }
    const { seasons } = SeasonListSchema.parse(await (await player.get('/api/seasons')).json())
    expect(seasons).toEqual([
      expect.objectContaining({
        name: expect.stringMatching(/^Premier Padel \d{4}$/),
        tournaments: 5,
        counted: 1,
        fans: 41,
      }),
    ])

    // Most brackets on the tournaments past their deadline carry a tiebreaker.
    const [tiebreakers] = await database()
      .db.select({ n: count(bets.finalTotalGames), all: count() })
      .from(bets)
    expect(tiebreakers!.n).toBeGreaterThan(tiebreakers!.all * 0.8)
    expect(tiebreakers!.n).toBeLessThan(tiebreakers!.all)

    // Demo fans have no password: nobody can sign in as one.
    const [fan] = await database()
      .db.select()
      .from(user)
      .where(eq(user.email, demoFanEmail(0)))
    expect(await database().db.$count(account, eq(account.userId, fan!.id))).toBe(0)
    expect(await database().db.$count(user)).toBe(2 + DEMO_FAN_COUNT)
    expect(DEMO_FAN_COUNT).toBe(40)
    const asFan = await signIn(setup, demoFanEmail(0), STRONG_PASSWORD)
    expect(asFan.status).toBe(401)
    expect(printed[0]).not.toContain(demoFanEmail(0))
    await expectWalletInvariants(database().db, { everyWalletHasBonus: true })
  })
})

describe.each(testDatabaseKinds)('first admin on %s', (kind) => {
  const database = useTestDatabase(kind)
  const findUser = async (email: string) =>
    (await database().db.select().from(user).where(eq(user.email, email)))[0]

  it('creates a confirmed admin with a wallet from ADMIN_EMAIL and ADMIN_PASSWORD, once', async () => {
    const env = createTestEnv({
      DEMO_DATA: 'false',
      ADMIN_EMAIL: 'Boss@Club.example',
      ADMIN_PASSWORD: 'admin-password-123',
    })
    await seedDatabase({ env, database: database(), logger: silent })
    await seedDatabase({ env, database: database(), logger: silent })
    const admin = await findUser('boss@club.example')
    expect(admin).toMatchObject({ role: 'admin', emailVerified: true, username: null })
    const [wallet] = await database().db.select().from(wallets).where(eq(wallets.userId, admin!.id))
    expect(wallet!.balance).toBe(1000)

    const setup = createTestApp(database())
    const browser = new TestBrowser(setup.app)
    expect(
      (
        await browser.post('/api/auth/sign-in/email', {
          email: 'boss@club.example',
          password: 'admin-password-123',
        })
      ).status,
    ).toBe(200)
    expect(await (await browser.get('/api/me')).json()).toMatchObject({
      user: { username: 'boss', role: 'admin' },
      balance: 1000,
    })
    await expectWalletInvariants(database().db, { everyWalletHasBonus: true })
  })

  it('two processes starting at once ensure one admin: no duplicate, no failed start', async () => {
    const input = {
      email: 'race@club.example',
      password: 'admin-password-123',
      resetPassword: false,
    }
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => ensureAdmin(database().db, input)),
    )
    expect(outcomes.map((o) => o.outcome).sort()).toEqual([
      'already-admin',
      'already-admin',
      'already-admin',
      'created',
    ])
    expect(new Set(outcomes.map((o) => o.userId)).size).toBe(1)
    await expectWalletInvariants(database().db, { everyWalletHasBonus: true })
  })

  it('promotes a confirmed account and keeps its password at start-up', async () => {
    const setup = createTestApp(database())
    const member = await createVerifiedAccount(setup, database())
    const env = createTestEnv({
      DEMO_DATA: 'false',
      ADMIN_EMAIL: member.email,
      ADMIN_PASSWORD: 'ignored-password-1',
    })
    await seedDatabase({ env, database: database(), logger: silent })
    expect(await findUser(member.email)).toMatchObject({ role: 'admin' })
    expect((await signIn(setup, member.email, STRONG_PASSWORD)).status).toBe(200)
    expect((await signIn(setup, member.email, 'ignored-password-1')).status).toBe(401)
    // The session opened before the promotion sees the new role.
    expect((await (await member.browser.get('/api/me')).json()).user.role).toBe('admin')
  })

  it('gives an unconfirmed account the admin password, so a squatter cannot keep a way in', async () => {
    const setup = createTestApp(database())
    const squatter = await signUp(new TestBrowser(setup.app))
    const result = await ensureAdmin(database().db, {
      email: squatter.input.email,
      password: 'the-real-admin-pw',
      resetPassword: false,
    })
    expect(result).toMatchObject({ outcome: 'promoted', passwordSet: true })
    expect(await findUser(squatter.input.email)).toMatchObject({
      role: 'admin',
      emailVerified: true,
    })
    expect((await signIn(setup, squatter.input.email, STRONG_PASSWORD)).status).toBe(401)
    expect((await signIn(setup, squatter.input.email, 'the-real-admin-pw')).status).toBe(200)
    await expectWalletInvariants(database().db, { everyWalletHasBonus: true })
  })

  it('admin:create resets the password of an existing admin and ends its sessions', async () => {
    const setup = createTestApp(database())
    const member = await createVerifiedAccount(setup, database())
    await ensureAdmin(database().db, {
      email: member.email,
      password: 'first-admin-pw',
      resetPassword: false,
    })
    const again = await ensureAdmin(database().db, {
      email: member.email,
      password: 'second-admin-pw',
      resetPassword: true,
    })
    expect(again).toMatchObject({ outcome: 'already-admin', passwordSet: true })
    expect((await member.browser.get('/api/me')).status).toBe(401)
    expect((await signIn(setup, member.email, 'second-admin-pw')).status).toBe(200)
  })

  it('refuses a short password or a bad address', async () => {
    await expect(
      ensureAdmin(database().db, {
        email: 'ok@example.test',
        password: 'short',
        resetPassword: true,
      }),
    ).rejects.toThrow()
    await expect(
      ensureAdmin(database().db, {
        email: 'not-an-email',
        password: 'long-enough-pw',
        resetPassword: true,
      }),
    ).rejects.toThrow()
  })
})
