// Changing a bracket (docs/product.md "Changing a bracket and quick fill", decisions 108 and 109): PUT
// /api/tournaments/:id/my-bet on a changeable tournament until the deadline, for free; every
// version kept; refused, with nothing changed, everywhere else. As owner, other fan, visitor and
// admin, on PGlite and PostgreSQL.
import { asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MyBetSchema } from '#shared/schemas/bet'
import { BetHistorySchema, ChangeBetResultSchema } from '#shared/schemas/bracket-change'
import type { Database } from '#server/db/client'
import { betVersions, bets, tournaments, walletTransactions, wallets } from '#server/db/schema'
import { expectBetInvariants } from '#tests/bet-invariants'
import {
  betBody,
  closedDeadlineValues,
  getBalance,
  insertBracketTournament,
  signInAs,
  type BracketTournament,
} from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { put, signInAdmin } from '#server/features/admin/admin-test-support'
import { changeBet } from './change-bet.service'

/** Team 2 wins every match: a bracket that differs from the default (team 1) in every pick. */
const team2Body = (bracket: BracketTournament) => betBody(bracket, (match) => match.team2Id)

/** Everything money: the fan's ledger rows and balance, to compare before and after. */
async function moneyOf(db: Database, userId: string) {
  const ledger = await db
    .select({ id: walletTransactions.id, amount: walletTransactions.amount })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .where(eq(wallets.userId, userId))
    .orderBy(asc(walletTransactions.id))
  return { ledger, balance: await getBalance(db, userId) }
}

/** The stored bet with a check that its compact codes are those of its picks (decision 061). */
async function storedBet(db: Database, userId: string) {
  const [row] = await db
    .select({
      bet: bets,
      codesMatch: sql<boolean>`${bets.pickCodes} = pick_codes_of(${bets.picks}, ${bets.mvpPlayerId})`,
    })
    .from(bets)
    .where(eq(bets.userId, userId))
  return row!
}

async function versionsOf(db: Database, betId: string) {
  return db
    .select()
    .from(betVersions)
    .where(eq(betVersions.betId, betId))
    .orderBy(asc(betVersions.version))
}

describe.each(testDatabaseKinds)('changing a bracket on %s', (kind) => {
  const database = useTestDatabase(kind)

  const setUp = () => {
    const setup = createTestApp(database())
    return { ...setup, visitor: new TestBrowser(setup.app) }
  }

  /** A changeable tournament and a fan who bet on it with team 1 everywhere. */
  async function fanWithBet(values: Partial<typeof tournaments.$inferInsert> = {}) {
    const setup = setUp()
    const { db } = database()
    const bracket = await insertBracketTournament(db, { bracketsChangeable: true, ...values })
    const fan = await signInAs(setup, db, { balance: 200 })
    const path = `/api/tournaments/${bracket.tournament.id}`
    const placed = await fan.browser.post(`${path}/bets`, {
      ...betBody(bracket),
      finalTotalGames: 20,
    })
    expect(placed.status, await placed.clone().text()).toBe(201)
    return { setup, db, bracket, fan, path }
  }

  it('the owner changes the bracket twice: same bet, new picks, every version kept, no money moves', async () => {
    const { setup, db, bracket, fan, path } = await fanWithBet()
    const before = await storedBet(db, fan.userId)
    const moneyBefore = await moneyOf(db, fan.userId)
    expect(moneyBefore.balance).toBe(150)

    const first = await put(fan.browser, `${path}/my-bet`, {
      ...team2Body(bracket),
      finalTotalGames: 31,
    })
    expect(first.status, await first.clone().text()).toBe(200)
    const firstAnswer = ChangeBetResultSchema.parse(await first.json())
    expect(firstAnswer).toMatchObject({ version: 2, bet: { id: before.bet.id, amount: 50 } })

    const afterFirst = await storedBet(db, fan.userId)
    expect(afterFirst.codesMatch).toBe(true)
    expect(afterFirst.bet.pickCodes).not.toEqual(before.bet.pickCodes)
    expect(afterFirst.bet.finalTotalGames).toBe(31)

    // Back to team 1 except the final: a third version.
    const final = bracket.matches.find((match) => match.round === 'final')!
    const second = betBody(bracket, (match) =>
      match.matchId === final.id ? match.team2Id : match.team1Id,
    )
    const res = await put(fan.browser, `${path}/my-bet`, { ...second, finalTotalGames: 25 })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(ChangeBetResultSchema.parse(await res.json()).version).toBe(3)

    // The fan sees the new picks.
    const mine = MyBetSchema.parse(await (await fan.browser.get(`${path}/my-bet`)).json())
    expect(mine.bet).toMatchObject({ id: before.bet.id, amount: 50, status: 'active' })
    const finalView = mine.predictions.find((view) => view.matchId === final.id)!
    expect(finalView.predictedWinnerId).toBe(
      second.picks.find((p) => p.matchId === final.id)!.winnerTeamId,
    )
    expect(mine.finalTotalGames).toBe(25)
    expect(mine.mvpPrediction?.predicted_mvp_id).toBe(second.mvpPlayerId)

    const stored = await storedBet(db, fan.userId)
    expect(stored.codesMatch).toBe(true)
    expect(stored.bet.createdAt).toEqual(before.bet.createdAt)
    const versions = await versionsOf(db, before.bet.id)
    expect(versions.map((v) => v.version)).toEqual([1, 2, 3])
    expect(versions[0]!.picks).toEqual(before.bet.picks)
    expect(versions[0]!.createdAt).toEqual(before.bet.createdAt)
    expect(versions[0]!.finalTotalGames).toBe(20)
    expect(versions[2]!.picks).toEqual(stored.bet.picks)

    // Not one coin: the same ledger rows and balance.
    expect(await moneyOf(db, fan.userId)).toEqual(moneyBefore)
    await expectLedgerAudit(db)
    await expectBetInvariants(db)

    // The admin reads the history: what changed and when.
    const admin = await signInAdmin(setup, db)
    const historyRes = await admin.browser.get(`/api/admin/bets/${before.bet.id}/history`)
    expect(historyRes.status).toBe(200)
    const history = BetHistorySchema.parse(await historyRes.json())
    expect(history).toMatchObject({ betId: before.bet.id, userId: fan.userId })
    expect(history.versions.map((v) => [v.version, v.changes.length])).toEqual([
      [1, 0],
      [2, 15],
      [3, 15],
    ])
    expect(history.versions[1]).toMatchObject({ finalTotalGames: 31, finalTotalGamesChanged: true })
    expect(history.versions[2]!.changes.find((c) => c.matchId === final.id)).toBeDefined()
  })

  it('refuses a tournament whose brackets are not changeable: 409, nothing changed', async () => {
    const { db, bracket, fan, path } = await fanWithBet({ bracketsChangeable: false })
    const before = await storedBet(db, fan.userId)
    const res = await put(fan.browser, `${path}/my-bet`, team2Body(bracket))
    expect(res.status).toBe(409)
    expect((await res.json()).error).toMatchObject({
      code: 'CONFLICT',
      reason: 'BRACKETS_NOT_CHANGEABLE',
    })
    expect((await storedBet(db, fan.userId)).bet).toEqual(before.bet)
    expect(await versionsOf(db, before.bet.id)).toEqual([])
  })

  it('refuses after the deadline: 409 BETTING_CLOSED, nothing changed', async () => {
    const { db, bracket, fan, path } = await fanWithBet()
    const before = await storedBet(db, fan.userId)
    await db
      .update(tournaments)
      .set(closedDeadlineValues())
      .where(eq(tournaments.id, bracket.tournament.id))
    const res = await put(fan.browser, `${path}/my-bet`, team2Body(bracket))
    expect(res.status).toBe(409)
    expect((await res.json()).error.code).toBe('BETTING_CLOSED')
    expect((await storedBet(db, fan.userId)).bet).toEqual(before.bet)
  })

  it('the database clock decides a change racing the deadline, whatever the server clock says', async () => {
    const { db, bracket, fan } = await fanWithBet()
    const before = await storedBet(db, fan.userId)
    const moneyBefore = await moneyOf(db, fan.userId)
    // The deadline a few milliseconds ahead; by the time the change writes, it has passed.
    const deadline = new Date(Date.now() + 30)
    await db
      .update(tournaments)
      .set({ bettingDeadline: deadline })
      .where(eq(tournaments.id, bracket.tournament.id))
    await new Promise((resolve) => setTimeout(resolve, 60))
    // The server clock (here: still before the deadline) lets the change through to the SQL.
    await expect(
      changeBet(db, {
        userId: fan.userId,
        tournamentId: bracket.tournament.id,
        ...team2Body(bracket),
        now: new Date(deadline.getTime() - 1_000),
      }),
    ).rejects.toMatchObject({ code: 'BETTING_CLOSED' })
    expect((await storedBet(db, fan.userId)).bet).toEqual(before.bet)
    expect(await versionsOf(db, before.bet.id)).toEqual([])
    expect(await moneyOf(db, fan.userId)).toEqual(moneyBefore)
  })

  it('refuses bad brackets (400 INVALID_BRACKET) and bad input (400) with nothing changed', async () => {
    const { db, bracket, fan, path } = await fanWithBet()
    const before = await storedBet(db, fan.userId)
    const body = team2Body(bracket)
    const invalid = await put(fan.browser, `${path}/my-bet`, {
      ...body,
      picks: body.picks.slice(1),
    })
    expect(invalid.status).toBe(400)
    expect((await invalid.json()).error.code).toBe('INVALID_BRACKET')
    // The MVP must be a player of the predicted champion.
    const wrongMvp = await put(fan.browser, `${path}/my-bet`, {
      ...body,
      mvpPlayerId: bracket.teams[0]!.player1Id,
    })
    expect(wrongMvp.status).toBe(400)
    expect((await wrongMvp.json()).error.code).toBe('INVALID_BRACKET')
    for (const bad of [
      { ...body, amount: 0 },
      { ...body, finalTotalGames: 50 },
      { picks: body.picks },
      'not json at all',
      null,
    ]) {
      const res = await put(fan.browser, `${path}/my-bet`, bad)
      expect(res.status, JSON.stringify(bad)).toBe(400)
    }
    expect((await storedBet(db, fan.userId)).bet).toEqual(before.bet)
    expect(await versionsOf(db, before.bet.id)).toEqual([])
  })

  it('another fan, an admin and a visitor cannot change the owner’s bracket', async () => {
    const { setup, db, bracket, fan, path } = await fanWithBet()
    const before = await storedBet(db, fan.userId)
    const other = await signInAs(setup, db)
    const admin = await signInAdmin(setup, db)
    for (const browser of [other.browser, admin.browser]) {
      const res = await put(browser, `${path}/my-bet`, team2Body(bracket))
      expect(res.status).toBe(409)
      expect((await res.json()).error).toMatchObject({
        code: 'CONFLICT',
        reason: 'NO_BET_TO_CHANGE',
      })
    }
    expect((await put(setup.visitor, `${path}/my-bet`, team2Body(bracket))).status).toBe(401)
    const unknown = await put(
      fan.browser,
      '/api/tournaments/00000000-0000-4000-8000-000000000000/my-bet',
      team2Body(bracket),
    )
    expect(unknown.status).toBe(404)
    expect((await storedBet(db, fan.userId)).bet).toEqual(before.bet)
  })

  it('the history is the admin’s only: 403 for a fan, 401 for a visitor, 404 for unknown ids', async () => {
    const { setup, db, fan } = await fanWithBet()
    const { bet } = await storedBet(db, fan.userId)
    const history = `/api/admin/bets/${bet.id}/history`
    expect((await fan.browser.get(history)).status).toBe(403)
    expect((await setup.visitor.get(history)).status).toBe(401)
    const admin = await signInAdmin(setup, db)
    // Never changed: one version, the bracket as placed.
    const once = BetHistorySchema.parse(await (await admin.browser.get(history)).json())
    expect(once.versions).toHaveLength(1)
    expect(once.versions[0]).toMatchObject({ version: 1, pickCount: 15, finalTotalGames: 20 })
    expect(
      (await admin.browser.get('/api/admin/bets/00000000-0000-4000-8000-000000000000/history'))
        .status,
    ).toBe(404)
    expect((await admin.browser.get('/api/admin/bets/not-a-uuid/history')).status).toBe(404)
  })

  it('concurrent changes by the same fan leave one latest version, numbered without gaps', async () => {
    const { db, bracket, fan, path } = await fanWithBet()
    const before = await storedBet(db, fan.userId)
    const moneyBefore = await moneyOf(db, fan.userId)
    const bodies = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? { ...team2Body(bracket), finalTotalGames: 12 + i }
        : { ...betBody(bracket), finalTotalGames: 12 + i },
    )
    const answers = await Promise.all(
      bodies.map((body) => put(fan.browser, `${path}/my-bet`, body)),
    )
    expect(answers.map((res) => res.status)).toEqual(bodies.map(() => 200))
    const written = await Promise.all(
      answers.map(async (res) => ChangeBetResultSchema.parse(await res.json()).version),
    )
    expect([...written].sort((a, b) => a - b)).toEqual(bodies.map((_, i) => i + 2))

    const versions = await versionsOf(db, before.bet.id)
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1))
    const latest = versions.at(-1)!
    const stored = await storedBet(db, fan.userId)
    expect(stored.codesMatch).toBe(true)
    expect(stored.bet.picks).toEqual(latest.picks)
    expect(stored.bet.finalTotalGames).toBe(latest.finalTotalGames)
    expect(stored.bet.mvpPlayerId).toBe(latest.mvpPlayerId)
    expect(await moneyOf(db, fan.userId)).toEqual(moneyBefore)
    await expectLedgerAudit(db)
  })

  it('the admin switches a tournament to changeable and back; the public data shows it', async () => {
    const setup = setUp()
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const start = Date.now() + 10 * 86_400_000
    const body = {
      name: 'Changeable Open',
      status: 'upcoming',
      bettingDeadline: new Date(start - 86_400_000).toISOString(),
      startDate: new Date(start).toISOString(),
      endDate: new Date(start + 3 * 86_400_000).toISOString(),
      basePool: 1000,
      entryFee: 50,
      multiplier: 0.7,
    }
    const created = await admin.browser.post('/api/admin/tournaments', {
      ...body,
      bracketsChangeable: true,
    })
    expect(created.status, await created.clone().text()).toBe(201)
    const { id } = (await created.json()) as { id: string; bracketsChangeable: boolean }
    const publicView = async () =>
      (
        (await (await setup.visitor.get(`/api/tournaments/${id}`)).json()) as {
          bracketsChangeable: boolean
        }
      ).bracketsChangeable
    expect(await publicView()).toBe(true)
    // An edit without the field keeps it; false switches it off; a non-boolean is a 400.
    expect((await put(admin.browser, `/api/admin/tournaments/${id}`, body)).status).toBe(200)
    expect(await publicView()).toBe(true)
    const off = await put(admin.browser, `/api/admin/tournaments/${id}`, {
      ...body,
      bracketsChangeable: false,
    })
    expect(off.status).toBe(200)
    expect(await publicView()).toBe(false)
    const bad = await put(admin.browser, `/api/admin/tournaments/${id}`, {
      ...body,
      bracketsChangeable: 'yes',
    })
    expect(bad.status).toBe(400)
    // A fan cannot switch it.
    const fan = await signInAs(setup, db)
    expect(
      (
        await put(fan.browser, `/api/admin/tournaments/${id}`, {
          ...body,
          bracketsChangeable: true,
        })
      ).status,
    ).toBe(403)
    expect(await publicView()).toBe(false)
  })
})
