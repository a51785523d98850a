// BOLA (reliability item 5): user B tries every user-scoped route (tests/user-scoped-routes.ts,
// which route-table.test.ts keeps equal to the routes that need a session) and better-auth's
// own session routes with user A's ids — in the path (A's tournament), in query parameters and
// in headers — and A's session token. B sees exactly what B sees without them, nothing of A's
// shows, and A's sessions, bet and balance are untouched.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { bets, session } from '#server/db/schema'
import { settleTournament } from '#server/features/settlement/settle.service'
import { refreshLeaderboardRanks } from '#server/features/leaderboard/leaderboard.service'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import {
  betBody,
  getBalance,
  insertBracketTournament,
  playOut,
  signInAs,
} from '#tests/game-factories'
import { listApiRoutes, routeKey } from '#tests/route-table'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { AUTH_SELF_ROUTES, namingUser, SIGNED_IN_ROUTES } from '#tests/user-scoped-routes'
import { fingerprintDatabase } from './support/database-fingerprint'

describe.each(testDatabaseKinds)('BOLA on %s', (kind) => {
  const database = useTestDatabase(kind)

  it("shows user B nothing of user A's, however a request names A", async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const table = listApiRoutes(setup.app).map(routeKey)
    expect(table).toEqual(expect.arrayContaining([...SIGNED_IN_ROUTES]))

    const a = await signInAs(setup, db, { balance: 777 })
    const b = await signInAs(setup, db, { balance: 333 })
    const bracket = await insertBracketTournament(db)
    const tournamentId = bracket.tournament.id
    const placed = await a.browser.post(`/api/tournaments/${tournamentId}/bets`, betBody(bracket))
    expect(placed.status).toBe(201)
    await playOut(db, bracket)
    await settleTournament(db, { actorId: 'bola-reliability', tournamentId })
    await refreshLeaderboardRanks(db)
    const [betA] = await db.select().from(bets).where(eq(bets.userId, a.userId))
    const sessionsA = await db.select().from(session).where(eq(session.userId, a.userId))
    expect(sessionsA.length).toBeGreaterThan(0)
    const balanceA = await getBalance(db, a.userId)

    const naming = namingUser(a)
    const traces = [a.userId, a.walletId, a.email, betA!.id, ...sessionsA.map((row) => row.token)]
    const checked: string[] = []
    const reads = [...SIGNED_IN_ROUTES, ...AUTH_SELF_ROUTES].filter((r) => r.startsWith('GET '))
    for (const route of reads) {
      const path = route.slice('GET '.length).replace(':id', tournamentId)
      const plain = await b.browser.get(path)
      const plainText = await plain.text()
      const named = await b.browser.get(`${path}?${naming.query}`, naming.headers)
      expect(named.status, route).toBe(plain.status)
      expect(await named.text(), route).toBe(plainText)
      // The leaderboard names the top players to everyone; A's row there is A's username only.
      for (const trace of traces) expect(plainText, `${route} shows ${trace}`).not.toContain(trace)
      checked.push(`${route} ${plain.status}`)
    }

    // A bet by B naming A everywhere is B's own, at B's cost.
    const open = await insertBracketTournament(db)
    const betB = await b.browser.post(
      `/api/tournaments/${open.tournament.id}/bets?${naming.query}`,
      betBody(open),
      naming.headers,
    )
    expect(betB.status, await betB.clone().text()).toBe(201)
    const openBets = await db.select().from(bets).where(eq(bets.tournamentId, open.tournament.id))
    expect(openBets.map((bet) => bet.userId)).toEqual([b.userId])
    expect(await getBalance(db, b.userId)).toBe(333 - openBets[0]!.amount)
    checked.push(`POST /api/tournaments/:id/bets ${betB.status} (B's own)`)

    const before = await fingerprintDatabase(db)
    const writes = [
      ...sessionsA.map((row) => ['/api/auth/revoke-session', { token: row.token }] as const),
      ['/api/auth/revoke-session', { token: sessionsA[0]!.id, userId: a.userId }] as const,
      ['/api/auth/revoke-other-sessions', { userId: a.userId }] as const,
      // Last: it signs B out everywhere.
      ['/api/auth/revoke-sessions', { userId: a.userId }] as const,
    ]
    for (const [path, body] of writes) {
      const res = await b.browser.post(`${path}?${naming.query}`, body, naming.headers)
      expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(500)
      checked.push(`POST ${path} ${res.status}`)
    }

    expect(await db.select().from(session).where(eq(session.userId, a.userId))).toEqual(sessionsA)
    expect(await db.select().from(bets).where(eq(bets.userId, a.userId))).toEqual([betA])
    expect(await getBalance(db, a.userId)).toBe(balanceA)
    const after = await fingerprintDatabase(db)
    // B's own session list may have changed (B revoked B's own); nothing else did.
    expect(after).toEqual(before)
    expect((await a.browser.get('/api/me')).status).toBe(200)
    await expectLedgerAudit(db)
    console.info(`BOLA on ${kind}: B naming A on\n  ${checked.join('\n  ')}`)
  })
})
