// Mass assignment (reliability item 5): fields a form does not have — role, emailVerified,
// balance, amount, userId, id, status, createdAt and friends — added to every body that creates
// or changes something (sign-up, profile update, bets, admin forms, wallet adjustments) are
// refused or ignored. Checked in the database, not in the answers.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bets, players, teams, tournaments, user } from '#server/db/schema'
import { signInAdmin } from '#server/features/admin/admin-test-support'
import { readMailbox, signUp, uniqueEmail, uniqueUsername } from '#tests/accounts'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import {
  betBody,
  getBalance,
  insertAccount,
  insertBracketTournament,
  signInAs,
} from '#tests/game-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { fingerprintDatabase } from './support/database-fingerprint'

const LONG_AGO = '2001-01-01T00:00:00.000Z'
const FORGED_ID = randomUUID()

/** What an attacker adds to a body; `userId` is set per test to someone else's id. */
function forgedFields(otherUserId: string) {
  return {
    id: FORGED_ID,
    role: 'admin',
    emailVerified: true,
    banned: false,
    balance: 1_000_000,
    amount: 1_000_000,
    userId: otherUserId,
    walletId: otherUserId,
    createdAt: LONG_AGO,
    updatedAt: LONG_AGO,
    // Shown names and pictures (decision 067): never another name than one's own username.
    displayUsername: 'Admin_Team',
    image: 'https://evil.example/admin-badge.png',
  }
}

const isRecent = (date: Date) => Date.now() - date.getTime() < 10 * 60_000

describe.each(testDatabaseKinds)('mass assignment on %s', (kind) => {
  const database = useTestDatabase(kind)

  // One forged field per request: a body refused for one field would hide what another does.
  it('makes every sign-up an unverified user with the welcome bonus only', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const other = await insertAccount(db)
    const outcomes: string[] = []
    for (const [field, value] of Object.entries({ ...forgedFields(other.userId), status: 'x' })) {
      const email = uniqueEmail()
      const { res } = await signUp(new TestBrowser(setup.app), {
        email,
        username: uniqueUsername(),
        [field]: value,
      })
      const [row] = await db.select().from(user).where(eq(user.email, email))
      outcomes.push(`${field} ${res.status}`)
      expect(res.status === 200 || (res.status === 400 && row === undefined), field).toBe(true)
      if (!row) continue
      expect(row, field).toMatchObject({ role: 'user', emailVerified: false, banned: false })
      expect(row.displayUsername?.toLowerCase(), field).toBe(row.username)
      expect(row.image, field).toBeNull()
      expect(row.id, field).not.toBe(FORGED_ID)
      expect(isRecent(row.createdAt), field).toBe(true)
      expect(await getBalance(db, row.id), field).toBe(setup.env.WELCOME_BONUS)
    }
    console.info(`sign-up with one forged field each: ${outcomes.join(', ')}`)
    expect(await getBalance(db, other.userId)).toBe(1000)
    await readMailbox(setup, database())
    await expectLedgerAudit(db)
  })

  it('keeps role, verification and balance out of a profile update', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db, { balance: 400 })
    const other = await insertAccount(db)
    const [before] = await db.select().from(user).where(eq(user.id, fan.userId))
    const outcomes: string[] = []
    for (const path of ['/api/auth/update-user', '/api/auth/admin/set-role']) {
      for (const [field, value] of Object.entries(forgedFields(other.userId))) {
        const res = await fan.browser.post(path, { [field]: value, name: 'Renamed' })
        outcomes.push(`${path} ${field} ${res.status}`)
        expect(res.status, `${path} ${field}: ${await res.clone().text()}`).toBeLessThan(500)
      }
    }
    console.info(`profile updates with one forged field each:\n  ${outcomes.join('\n  ')}`)
    const [after] = await db.select().from(user).where(eq(user.id, fan.userId))
    expect(after).toMatchObject({
      id: before!.id,
      role: before!.role,
      emailVerified: before!.emailVerified,
      banned: before!.banned,
      email: before!.email,
      createdAt: before!.createdAt,
      displayUsername: before!.displayUsername,
      image: null,
    })
    expect(await getBalance(db, fan.userId)).toBe(400)
    expect(await getBalance(db, other.userId)).toBe(1000)
    await expectLedgerAudit(db)
  })

  it('refuses a bet body with forged fields, placing nothing', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const fan = await signInAs(setup, db, { balance: 500 })
    const other = await insertAccount(db)
    const bracket = await insertBracketTournament(db)
    const before = await fingerprintDatabase(db)
    for (const [field, value] of Object.entries({ ...forgedFields(other.userId), status: 'won' })) {
      const res = await fan.browser.post(`/api/tournaments/${bracket.tournament.id}/bets`, {
        ...betBody(bracket),
        [field]: value,
      })
      expect(res.status, field).toBe(400)
    }
    expect(await db.select().from(bets)).toEqual([])
    expect(await fingerprintDatabase(db)).toEqual(before)
    await expectLedgerAudit(db)
  })

  it('ignores forged fields in the admin forms', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const other = await insertAccount(db)
    const forged = { ...forgedFields(other.userId), isSettled: true, seed: 99, wins: 99 }
    const now = Date.now()
    const tournamentForm = {
      name: 'Forged Open',
      status: 'upcoming',
      bettingDeadline: new Date(now + 86_400_000).toISOString(),
      startDate: new Date(now + 2 * 86_400_000).toISOString(),
      endDate: new Date(now + 3 * 86_400_000).toISOString(),
      basePool: 100,
      entryFee: 10,
      multiplier: 1,
    }

    const created = await admin.browser.post('/api/admin/tournaments', {
      ...tournamentForm,
      ...forged,
      prizePoolConfig: { tiers: {} },
      mvpPlayerId: FORGED_ID,
    })
    const tournamentId = await createdId(created, 'tournament')
    const [tournament] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId))
    expect(tournament!.id).not.toBe(FORGED_ID)
    expect(tournament!.mvpPlayerId).toBeNull()
    expect(isRecent(tournament!.createdAt)).toBe(true)

    const player1 = await createdId(
      await admin.browser.post('/api/admin/players', { name: 'A', country: 'ES', ...forged }),
      'player',
    )
    const player2 = await createdId(
      await admin.browser.post('/api/admin/players', { name: 'B', country: 'AR', ...forged }),
      'player',
    )
    const [player] = await db.select().from(players).where(eq(players.id, player1))
    expect(player!.id).not.toBe(FORGED_ID)
    expect(isRecent(player!.createdAt)).toBe(true)

    const teamId = await createdId(
      await admin.browser.post('/api/admin/teams', {
        tournamentId,
        player1Id: player1,
        player2Id: player2,
        ...forged,
      }),
      'team',
    )
    const [team] = await db.select().from(teams).where(eq(teams.id, teamId))
    expect(team).toMatchObject({ wins: 0 })
    expect(team!.seed).not.toBe(99)
    expect(team!.id).not.toBe(FORGED_ID)

    const fan = await insertAccount(db, { balance: 100 })
    const adjusted = await admin.browser.post(`/api/admin/wallets/${fan.userId}/adjustments`, {
      type: 'deposit',
      amount: 5,
      reason: 'mass assignment test',
      idempotencyKey: randomUUID(),
      userId: other.userId,
      walletId: other.walletId,
      balance: 1_000_000,
    })
    console.info(`adjustment with forged fields: ${adjusted.status}`)
    expect([201, 400], await adjusted.clone().text()).toContain(adjusted.status)
    expect(await getBalance(db, fan.userId)).toBe(adjusted.status === 201 ? 105 : 100)
    expect(await getBalance(db, other.userId)).toBe(1000)
    await expectLedgerAudit(db)
  })
})

/** The new row's id from a 201 answer ({ id } or { <entity>: { id } }). */
async function createdId(res: Response, entity: string): Promise<string> {
  const text = await res.text()
  expect(res.status, `${entity}: ${text}`).toBe(201)
  const body = JSON.parse(text) as Record<string, unknown> & { id?: string }
  const id = body.id ?? (body[entity] as { id?: string } | undefined)?.id
  expect(typeof id, `${entity}: ${text}`).toBe('string')
  return id!
}
