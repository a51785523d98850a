// Trust and polish (issue #14) over HTTP against two real server processes on one PostgreSQL
// database, as a scaled-out deployment runs: a password reset, a ban, "sign out everywhere" and a
// password change stop the cookies held before on every route — the bet and the leaderboard
// (which trust the signed session cache, decisions 060/066) included — at once on the process
// that made the change and within a second on the other; an old reset link dies with the reset;
// a body nested 45,000 deep gets 400 on every kind of route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { betBody } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { getBalance } from '#tests/game-factories'
import { listMailboxMessages } from '#server/mail/mailer'
import {
  BULK_PASSWORD,
  insertBulkUsers,
  insertOpenTournament,
  type BulkUser,
} from './support/bulk-fixtures'
import { send, signIn, waitUntil, type Session } from '#tests/http-client'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import { createServerPostgres, type ServerPostgres } from '#tests/server-database'
import type { ServerProcess } from '#tests/server-process'
import { RELIABILITY_ADMIN, startReliabilityServer } from './support/reliability-server'

/** The promise of decision 066 across processes (SESSION_REVOCATION_SYNC_MS is at most 1 s). */
const OTHER_PROCESS_LIMIT_MS = 1_000
const NEW_PASSWORD = 'reliability-New-Password-2026'

describe.runIf(TEST_DATABASE_URL)('session revocation across two processes on PostgreSQL', () => {
  let database: ServerPostgres
  let a: ServerProcess
  let b: ServerProcess
  let fans: BulkUser[]
  let nextFan = 0
  const figures: Record<string, number> = {}

  beforeAll(async () => {
    database = await createServerPostgres()
    fans = await insertBulkUsers(database.handle.db, {
      prefix: 'revocation',
      count: 8,
      withPassword: true,
    })
    ;[a, b] = await Promise.all([
      startReliabilityServer({ databaseUrl: database.url }),
      startReliabilityServer({ databaseUrl: database.url }),
    ])
  })

  afterAll(async () => {
    console.info('[session revocation] ms until the other process refused:', figures)
    await Promise.all([a?.kill9(), b?.kill9()])
    await database?.drop()
  })

  /** A fan signed in on A whose cookies (cache included) have placed a bet on B. */
  async function fanBettingOnBothProcesses() {
    const fan = fans[nextFan++]!
    const session = await signIn(a.origin, fan.email, BULK_PASSWORD)
    expect(session.cookie).toContain('session_data')
    const warmUp = await insertOpenTournament(database.handle.db)
    const placed = await send(b.origin, `/api/tournaments/${warmUp.tournament.id}/bets`, {
      method: 'POST',
      json: betBody(warmUp),
      cookie: session.cookie,
    })
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    return { fan, session }
  }

  /**
   * How long `server` kept accepting the revoked cookie on the leaderboard (read-only, so the
   * wait places nothing), then that a bet and every other route refuse it and no coin moved.
   */
  async function expectRevokedOn(
    server: ServerProcess,
    fan: BulkUser,
    session: Session,
    { atOnce = false } = {},
  ) {
    if (atOnce) {
      const first = await send(server.origin, '/api/leaderboard/me', { cookie: session.cookie })
      expect(first.status, 'the first request after the revocation').toBe(401)
    }
    const ms = await waitUntil(
      async () =>
        (await send(server.origin, '/api/leaderboard/me', { cookie: session.cookie })).status ===
        401,
      { timeoutMs: 10_000, intervalMs: 20, what: 'the revoked cookie refused' },
    )
    const before = await getBalance(database.handle.db, fan.id)
    const bracket = await insertOpenTournament(database.handle.db)
    const bet = await send(server.origin, `/api/tournaments/${bracket.tournament.id}/bets`, {
      method: 'POST',
      json: betBody(bracket),
      cookie: session.cookie,
    })
    expect(bet.status).toBe(401)
    expect((await send(server.origin, '/api/leaderboard', { cookie: session.cookie })).status).toBe(
      401,
    )
    expect((await send(server.origin, '/api/me', { cookie: session.cookie })).status).toBe(401)
    expect(await getBalance(database.handle.db, fan.id)).toBe(before)
    return ms
  }

  async function resetLink(email: string, count: number): Promise<string> {
    await waitUntil(
      async () => (await listMailboxMessages(database.handle.db, { to: email })).length >= count,
      { timeoutMs: 10_000, what: `reset mail ${count} to ${email}` },
    )
    const [latest] = await listMailboxMessages(database.handle.db, { to: email })
    return decodeURIComponent(/[?&]token=([^\s&]+)/.exec(latest!.text)![1]!)
  }

  async function requestReset(server: ServerProcess, email: string) {
    const res = await send(server.origin, '/api/auth/request-password-reset', {
      method: 'POST',
      json: { email },
    })
    expect(res.status).toBe(200)
  }

  it('a password reset stops the old cookies at once on its process, within 1 s on the other', async () => {
    const { fan, session } = await fanBettingOnBothProcesses()
    const otherDevice = await signIn(b.origin, fan.email, BULK_PASSWORD)
    await requestReset(a, fan.email)
    const reset = await send(a.origin, '/api/auth/reset-password', {
      method: 'POST',
      json: { token: await resetLink(fan.email, 1), newPassword: NEW_PASSWORD },
    })
    expect(reset.status).toBe(200)

    await expectRevokedOn(a, fan, session, { atOnce: true })
    figures.reset = await expectRevokedOn(b, fan, otherDevice)
    expect(figures.reset).toBeLessThan(OTHER_PROCESS_LIMIT_MS)
  })

  it('a ban on one process stops betting on the other within 1 s', async () => {
    const { fan, session } = await fanBettingOnBothProcesses()
    const admin = await signIn(a.origin, RELIABILITY_ADMIN.email, RELIABILITY_ADMIN.password)
    const banned = await send(a.origin, '/api/auth/admin/ban-user', {
      method: 'POST',
      json: { userId: fan.id },
      cookie: admin.cookie,
    })
    expect(banned.status, JSON.stringify(banned.body)).toBe(200)

    figures.ban = await expectRevokedOn(b, fan, session)
    expect(figures.ban).toBeLessThan(OTHER_PROCESS_LIMIT_MS)
  })

  it('"sign out everywhere" and a password change end the other devices within 1 s', async () => {
    const first = await fanBettingOnBothProcesses()
    const laptop = await signIn(b.origin, first.fan.email, BULK_PASSWORD)
    expect(
      (
        await send(b.origin, '/api/auth/revoke-sessions', {
          method: 'POST',
          json: {},
          cookie: laptop.cookie,
        })
      ).status,
    ).toBe(200)
    figures.signOutEverywhere = await expectRevokedOn(a, first.fan, first.session)
    expect(figures.signOutEverywhere).toBeLessThan(OTHER_PROCESS_LIMIT_MS)

    const second = await fanBettingOnBothProcesses()
    const phone = await signIn(b.origin, second.fan.email, BULK_PASSWORD)
    const changed = await send(b.origin, '/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: BULK_PASSWORD, newPassword: NEW_PASSWORD },
      cookie: phone.cookie,
    })
    expect(changed.status).toBe(200)
    figures.changePassword = await expectRevokedOn(a, second.fan, second.session)
    expect(figures.changePassword).toBeLessThan(OTHER_PROCESS_LIMIT_MS)
  })

  it('an older reset link no longer works after a reset with a newer one', async () => {
    const fan = fans[nextFan++]!
    await requestReset(a, fan.email)
    const first = await resetLink(fan.email, 1)
    await requestReset(b, fan.email)
    const second = await resetLink(fan.email, 2)
    expect(second).not.toBe(first)

    const reset = await send(b.origin, '/api/auth/reset-password', {
      method: 'POST',
      json: { token: second, newPassword: NEW_PASSWORD },
    })
    expect(reset.status).toBe(200)
    const old = await send(a.origin, '/api/auth/reset-password', {
      method: 'POST',
      json: { token: first, newPassword: 'an-Attacker-Password-99' },
    })
    expect(old.status).toBe(400)
    expect((old.body as { error: { code: string } }).error.code).toBe('INVALID_TOKEN')
    expect((await signIn(a.origin, fan.email, NEW_PASSWORD)).cookie).not.toBe('')
  })

  it('answers 400 to a body nested 45,000 deep, signed in or not, on every kind of route', async () => {
    const fan = fans[nextFan++]!
    const session = await signIn(a.origin, fan.email, BULK_PASSWORD)
    const admin = await signIn(a.origin, RELIABILITY_ADMIN.email, RELIABILITY_ADMIN.password)
    const bracket = await insertOpenTournament(database.handle.db)
    const deep = '['.repeat(45_000) + ']'.repeat(45_000)
    const cases: [string, string | undefined][] = [
      ['/api/auth/sign-up/email', undefined],
      ['/api/auth/sign-in/email', undefined],
      ['/api/auth/reset-password', undefined],
      ['/api/auth/change-password', session.cookie],
      [`/api/tournaments/${bracket.tournament.id}/bets`, session.cookie],
      ['/api/admin/players', admin.cookie],
    ]
    for (const [path, cookie] of cases) {
      const res = await fetch(`${a.origin}${path}`, {
        method: 'POST',
        headers: {
          Origin: a.origin,
          'Content-Type': 'application/json',
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: `{"email":"deep@example.com","password":${deep}}`,
      })
      const body = (await res.json()) as { error: { code: string; details?: { reason?: string } } }
      expect(res.status, path).toBe(400)
      expect(body.error.details?.reason, path).toBe('NESTING_TOO_DEEP')
    }
    expect(a.isRunning() && b.isRunning()).toBe(true)
    await expectLedgerAudit(database.handle.db)
  })
})
