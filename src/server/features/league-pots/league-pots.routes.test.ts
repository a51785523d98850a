// League pots (docs/product.md "League pots") through the API, on both databases: the owner's
// stake, members' joins through the ledger, a hundred joins of one fan making one stake, the
// payout to the most correct picks (ties by the tiebreaker, then split with the remainder to the
// earliest entry), refunds for a cancelled tournament or a lonely entry, privacy (404 to anyone
// outside a private league) and bad input that changes nothing. Every payout is checked against a
// calculation made here, from the picks and the results, and the ledger audit after each.
import { and, count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { picksFromEntries, type PredictedMatch } from '#domain/bracket/bracket'
import { scoreBracket } from '#domain/scoring/scoring'
import { LeagueDetailSchema } from '#shared/schemas/league'
import { LeaguePotSchema } from '#shared/schemas/league-pot'
import type { Database } from '#server/db/client'
import { matchResultColumns } from '#server/db/match-results'
import {
  leaguePotEntries,
  mailOutbox,
  matches,
  notifications,
  tournaments,
  walletTransactions,
} from '#server/db/schema'
import { put, signInAdmin, signInAs } from '#server/features/admin/admin-test-support'
import { cancelTournament } from '#server/features/settlement/cancel.service'
import { settleTournament } from '#server/features/settlement/settle.service'
import {
  betBody,
  completeBracket,
  getBalance,
  insertBracketTournament,
  openWideDatabase,
  playOut,
  type BracketTournament,
} from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'

type Choose = (match: PredictedMatch) => string | null
const team1: Choose = (match) => match.team1Id
const team2: Choose = (match) => match.team2Id
const allButFinal: Choose = (match) => (match.round === 'final' ? match.team2Id : match.team1Id)

type Fan = Awaited<ReturnType<typeof signInAs>>

async function leagueOf(owner: Fan, members: Fan[]) {
  const created = await owner.browser.post('/api/leagues', { name: `Pot league ${Math.random()}` })
  const leagueId = ((await created.json()) as { id: string }).id
  const { inviteCode } = LeagueDetailSchema.parse(
    await (await owner.browser.get(`/api/leagues/${leagueId}`)).json(),
  )
  for (const member of members) {
    const joined = await member.browser.post('/api/leagues/join', { code: inviteCode })
    expect(joined.status).toBe(200)
  }
  return leagueId
}

async function enter(
  fan: Fan,
  bracket: BracketTournament,
  choose: Choose,
  finalTotalGames?: number,
) {
  const res = await fan.browser.post(`/api/tournaments/${bracket.tournament.id}/bets`, {
    ...betBody(bracket, choose),
    ...(finalTotalGames === undefined ? {} : { finalTotalGames }),
  })
  expect(res.status, await res.clone().text()).toBe(201)
}

/** The pot's payouts as the rule says, computed here from the picks and the played results. */
async function expectedPayouts(
  db: Database,
  bracket: BracketTournament,
  stake: number,
  entries: { userId: string; choose: Choose; finalTotalGames: number | null }[],
  finalTotal: number | null,
): Promise<Map<string, number>> {
  const results = await db
    .select(matchResultColumns)
    .from(matches)
    .where(eq(matches.tournamentId, bracket.tournament.id))
  const [tournament] = await db
    .select({ mvp: tournaments.mvpPlayerId })
    .from(tournaments)
    .where(eq(tournaments.id, bracket.tournament.id))
  const scored = entries.map((entry, joined) => {
    const { picks, mvpPlayerId } = completeBracket(bracket, entry.choose)
    const correct = scoreBracket(
      picksFromEntries(picks),
      results,
      mvpPlayerId,
      tournament!.mvp,
    ).correct
    const distance =
      finalTotal === null || entry.finalTotalGames === null
        ? Number.POSITIVE_INFINITY
        : Math.abs(entry.finalTotalGames - finalTotal)
    return { userId: entry.userId, correct, distance, joined }
  })
  const bestCorrect = Math.max(...scored.map((row) => row.correct))
  const level = scored.filter((row) => row.correct === bestCorrect)
  const bestDistance = Math.min(...level.map((row) => row.distance))
  const winners = level.filter((row) => row.distance === bestDistance)
  const pot = stake * entries.length
  const payouts = new Map<string, number>()
  for (const row of scored) payouts.set(row.userId, 0)
  winners.forEach((row, index) => {
    const each = Math.floor(pot / winners.length)
    payouts.set(row.userId, each + (index === 0 ? pot - each * winners.length : 0))
  })
  return payouts
}

describe.each(testDatabaseKinds)('league pots on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('takes stakes through the ledger and pays the most correct picks once settled', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const id = bracket.tournament.id
    const owner = await signInAs(setup, db, { balance: 1000, username: 'pot_owner' })
    const ana = await signInAs(setup, db, { balance: 1000, username: 'pot_ana' })
    const ben = await signInAs(setup, db, { balance: 1000, username: 'pot_ben' })
    const cai = await signInAs(setup, db, { balance: 1000, username: 'pot_cai' })
    const poor = await signInAs(setup, db, { balance: 1000, username: 'pot_poor' })
    const outsider = await signInAs(setup, db, { balance: 1000, username: 'pot_out' })
    const leagueId = await leagueOf(owner, [ana, ben, cai, poor])
    const path = `/api/leagues/${leagueId}/pots/${id}`

    // The stake: the owner's alone, 1–1,000, a 404 to outsiders.
    expect((await put(ana.browser, path, { stake: 50 })).status).toBe(403)
    expect((await put(outsider.browser, path, { stake: 50 })).status).toBe(404)
    expect((await put(new TestBrowser(setup.app), path, { stake: 50 })).status).toBe(401)
    for (const stake of [0, 1001, 2.5, '50', null]) {
      expect((await put(owner.browser, path, { stake })).status).toBe(400)
    }
    const unknownTournament = `/api/leagues/${leagueId}/pots/00000000-0000-4000-8000-000000000000`
    expect((await put(owner.browser, unknownTournament, { stake: 5 })).status).toBe(404)
    expect((await ana.browser.get(path)).status).toBe(404)
    const set = await put(owner.browser, path, { stake: 40 })
    expect(set.status, await set.clone().text()).toBe(200)
    expect(LeaguePotSchema.parse(await set.json())).toMatchObject({ stake: 40, total: 0 })
    const changed = await put(owner.browser, path, { stake: 75 })
    expect(LeaguePotSchema.parse(await changed.json())).toMatchObject({ stake: 75 })

    // Joining needs a bracket; the stake is debited once, with its ledger row.
    const noBracket = await ana.browser.post(`${path}/join`, {})
    expect(noBracket.status).toBe(409)
    expect(((await noBracket.json()) as { error: { reason: string } }).error.reason).toBe(
      'POT_NEEDS_BRACKET',
    )
    await enter(owner, bracket, team2, 20)
    await enter(ana, bracket, team1, 25)
    await enter(ben, bracket, team1, 21)
    await enter(cai, bracket, allButFinal, 21)
    await enter(poor, bracket, team1, 21)
    const before = await getBalance(db, ana.userId)
    const joined = await ana.browser.post(`${path}/join`, {})
    expect(joined.status, await joined.clone().text()).toBe(201)
    expect(LeaguePotSchema.parse(await joined.json())).toMatchObject({
      stake: 75,
      total: 75,
      hasJoined: true,
      canJoin: false,
    })
    expect(await getBalance(db, ana.userId)).toBe(before - 75)
    const again = await ana.browser.post(`${path}/join`, {})
    expect(again.status).toBe(409)
    expect(await getBalance(db, ana.userId)).toBe(before - 75)
    // Nobody changes the stake once someone is in.
    const locked = await put(owner.browser, path, { stake: 10 })
    expect(locked.status).toBe(409)
    expect(((await locked.json()) as { error: { reason: string } }).error.reason).toBe(
      'POT_HAS_ENTRIES',
    )
    // A member whose wallet is short (an admin withdrew all but 10): 402, nothing written.
    const poorBalance = await getBalance(db, poor.userId)
    const admin = await signInAdmin(setup, db)
    const withdrawn = await admin.browser.post(`/api/admin/wallets/${poor.userId}/adjustments`, {
      type: 'withdrawal',
      amount: poorBalance - 10,
      reason: 'test: leave 10 coins',
      idempotencyKey: `pot-poor-${kind}`,
    })
    expect(withdrawn.status, await withdrawn.clone().text()).toBeLessThan(300)
    const short = await poor.browser.post(`${path}/join`, {})
    expect(short.status).toBe(402)
    expect(await getBalance(db, poor.userId)).toBe(10)
    const poorEntries = await db
      .select({ n: count() })
      .from(leaguePotEntries)
      .where(eq(leaguePotEntries.userId, poor.userId))
    expect(poorEntries).toEqual([{ n: 0 }])
    // Outsiders see nothing of it; members see who is in, never picks before the deadline.
    expect((await outsider.browser.get(path)).status).toBe(404)
    expect((await outsider.browser.post(`${path}/join`, {})).status).toBe(404)
    for (const fan of [owner, ben, cai]) {
      expect((await fan.browser.post(`${path}/join`, {})).status).toBe(201)
    }
    const open = LeaguePotSchema.parse(await (await ben.browser.get(path)).json())
    expect(open.entries.map((entry) => [entry.username, entry.correct])).toEqual([
      ['pot_ana', null],
      ['pot_owner', null],
      ['pot_ben', null],
      ['pot_cai', null],
    ])
    expect(open.total).toBe(300)
    // A league holding stakes cannot be deleted.
    const deleted = await owner.browser.request(`/api/leagues/${leagueId}`, { method: 'DELETE' })
    expect(deleted.status).toBe(409)
    await expectLedgerAudit(db)

    // After the deadline nobody joins; leaving the league keeps the stake in the pot.
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 1000) })
      .where(eq(tournaments.id, id))
    const late = await poor.browser.post(`${path}/join`, {})
    expect(late.status).toBe(409)
    expect((await cai.browser.post(`/api/leagues/${leagueId}/leave`, {})).status).toBe(204)

    // Team 1 wins everything; the final has 6-4 6-4 (20 games). Ana and Ben have 16 right, Ana's
    // tiebreaker is 5 away and Ben's 1: Ben takes the pot.
    await playOut(db, bracket)
    const final = bracket.matches.find((match) => match.round === 'final')!
    await db
      .update(matches)
      .set({
        sets: [
          [6, 4],
          [6, 4],
        ],
      })
      .where(eq(matches.id, final.id))
    await settleTournament(db, { actorId: admin.userId, tournamentId: id })
    const expected = await expectedPayouts(
      db,
      bracket,
      75,
      [
        { userId: ana.userId, choose: team1, finalTotalGames: 25 },
        { userId: owner.userId, choose: team2, finalTotalGames: 20 },
        { userId: ben.userId, choose: team1, finalTotalGames: 21 },
        { userId: cai.userId, choose: allButFinal, finalTotalGames: 21 },
      ],
      20,
    )
    expect([...expected.values()].reduce((a, b) => a + b, 0)).toBe(300)
    expect(expected.get(ben.userId)).toBe(300)
    const paid = LeaguePotSchema.parse(await (await ana.browser.get(path)).json())
    expect(paid.state).toBe('paid')
    const byName = new Map([
      ['pot_ana', ana.userId],
      ['pot_owner', owner.userId],
      ['pot_ben', ben.userId],
      ['pot_cai', cai.userId],
    ])
    for (const entry of paid.entries) {
      expect(entry.payout, entry.username).toBe(expected.get(byName.get(entry.username)!))
    }
    expect(paid.entries.find((entry) => entry.username === 'pot_ben')).toMatchObject({
      isWinner: true,
      correct: 16,
      tiebreakerDistance: 1,
    })
    // The ledger: Ben's one league_pot_win row of 300; nothing more on a second look.
    const wins = await db
      .select({ amount: walletTransactions.amount })
      .from(walletTransactions)
      .where(eq(walletTransactions.type, 'league_pot_win'))
    expect(wins).toEqual([{ amount: 300 }])
    await ben.browser.get(path)
    expect(
      await db
        .select({ n: count() })
        .from(walletTransactions)
        .where(eq(walletTransactions.type, 'league_pot_win')),
    ).toEqual([{ n: 1 }])
    // Every member is told; the winner's notification carries the coins, the others' the winner.
    const told = await db
      .select({
        userId: notifications.userId,
        kind: notifications.kind,
        coins: notifications.coins,
      })
      .from(notifications)
      .where(eq(notifications.leagueId, leagueId))
    expect(
      told
        .filter((row) => row.kind.startsWith('league_pot'))
        .sort((a, b) => a.userId.localeCompare(b.userId)),
    ).toEqual(
      [
        { userId: ana.userId, kind: 'league_pot_lost', coins: 300 },
        { userId: owner.userId, kind: 'league_pot_lost', coins: 300 },
        { userId: ben.userId, kind: 'league_pot_won', coins: 300 },
        { userId: cai.userId, kind: 'league_pot_lost', coins: 300 },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    )
    const mails = await db.select({ subject: mailOutbox.subject }).from(mailOutbox)
    expect(mails.filter((mail) => /pot/.test(mail.subject))).toHaveLength(4)
    await expectLedgerAudit(db)
    // Paid out: the league may go now.
    expect(
      (await owner.browser.request(`/api/leagues/${leagueId}`, { method: 'DELETE' })).status,
    ).toBe(204)
  }, 180_000)

  it('splits a full tie, remainder to the earliest entry, and refunds when it cannot go ahead', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const tied = await insertBracketTournament(db)
    const owner = await signInAs(setup, db, { balance: 1000 })
    const a = await signInAs(setup, db, { balance: 1000 })
    const b = await signInAs(setup, db, { balance: 1000 })
    const leagueId = await leagueOf(owner, [a, b])
    const path = `/api/leagues/${leagueId}/pots/${tied.tournament.id}`
    expect((await put(owner.browser, path, { stake: 7 })).status).toBe(200)
    // Owner, then B, then A: three entries of 7; B and A tie perfectly, the owner is wrong.
    await enter(owner, tied, team2)
    await enter(b, tied, team1)
    await enter(a, tied, team1)
    for (const fan of [owner, b, a]) {
      expect((await fan.browser.post(`${path}/join`, {})).status).toBe(201)
    }
    await playOut(db, tied)
    await settleTournament(db, { actorId: admin.userId, tournamentId: tied.tournament.id })
    const expected = await expectedPayouts(
      db,
      tied,
      7,
      [
        { userId: owner.userId, choose: team2, finalTotalGames: null },
        { userId: b.userId, choose: team1, finalTotalGames: null },
        { userId: a.userId, choose: team1, finalTotalGames: null },
      ],
      null,
    )
    // 21 between two: 10 each, and 1 more for B, who joined first.
    expect([...expected]).toEqual([
      [owner.userId, 0],
      [b.userId, 11],
      [a.userId, 10],
    ])
    const pot = LeaguePotSchema.parse(await (await a.browser.get(path)).json())
    expect(pot.entries.map((entry) => entry.payout)).toEqual([0, 11, 10])
    await expectLedgerAudit(db)

    // A cancelled tournament: every stake back.
    const cancelled = await insertBracketTournament(db)
    const cancelledPath = `/api/leagues/${leagueId}/pots/${cancelled.tournament.id}`
    expect((await put(owner.browser, cancelledPath, { stake: 30 })).status).toBe(200)
    for (const fan of [a, b]) await enter(fan, cancelled, team1)
    const balances = [await getBalance(db, a.userId), await getBalance(db, b.userId)]
    for (const fan of [a, b]) {
      expect((await fan.browser.post(`${cancelledPath}/join`, {})).status).toBe(201)
    }
    await cancelTournament(db, { actorId: admin.userId, tournamentId: cancelled.tournament.id })
    const refunded = LeaguePotSchema.parse(await (await a.browser.get(cancelledPath)).json())
    expect(refunded).toMatchObject({ state: 'refunded', refundReason: 'cancelled' })
    expect(refunded.entries.map((entry) => entry.payout)).toEqual([30, 30])
    // The stakes and the entry fees both came back.
    expect(await getBalance(db, a.userId)).toBe(
      balances[0]! + cancelled.tournament.prizePoolConfig.entry_fee,
    )
    expect(await getBalance(db, b.userId)).toBe(
      balances[1]! + cancelled.tournament.prizePoolConfig.entry_fee,
    )

    // Alone in a pot when betting closes: the stake goes back at once.
    const lonely = await insertBracketTournament(db)
    const lonelyPath = `/api/leagues/${leagueId}/pots/${lonely.tournament.id}`
    expect((await put(owner.browser, lonelyPath, { stake: 12 })).status).toBe(200)
    await enter(a, lonely, team1)
    expect((await a.browser.post(`${lonelyPath}/join`, {})).status).toBe(201)
    const stillOpen = LeaguePotSchema.parse(await (await a.browser.get(lonelyPath)).json())
    expect(stillOpen.state).toBe('open')
    await db
      .update(tournaments)
      .set({ bettingDeadline: new Date(Date.now() - 1000) })
      .where(eq(tournaments.id, lonely.tournament.id))
    const alone = LeaguePotSchema.parse(await (await a.browser.get(lonelyPath)).json())
    expect(alone).toMatchObject({ state: 'refunded', refundReason: 'too_few_entries' })
    expect(alone.entries.map((entry) => entry.payout)).toEqual([12])
    const refundRows = await db
      .select({ n: count() })
      .from(walletTransactions)
      .where(eq(walletTransactions.type, 'league_stake_refund'))
    expect(refundRows).toEqual([{ n: 3 }])
    await expectLedgerAudit(db)
  }, 180_000)

  it('makes one stake of a hundred joins by one fan at once', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const owner = await signInAs(setup, db, { balance: 1000 })
    const fan = await signInAs(setup, db, { balance: 1000 })
    const leagueId = await leagueOf(owner, [fan])
    const path = `/api/leagues/${leagueId}/pots/${bracket.tournament.id}`
    expect((await put(owner.browser, path, { stake: 9 })).status).toBe(200)
    await enter(fan, bracket, team1)
    const before = await getBalance(db, fan.userId)
    // A wide pool, so the joins really run side by side on PostgreSQL.
    const wide = openWideDatabase(database(), 24)
    try {
      const racing = createTestApp(database(), { db: wide.db })
      const browser = new TestBrowser(racing.app)
      for (const [name, value] of fan.browser.cookies) browser.cookies.set(name, value)
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => browser.post(`${path}/join`, {})),
      )
      const statuses = answers.map((res) => res.status)
      expect(statuses.filter((status) => status === 201)).toHaveLength(1)
      expect(statuses.filter((status) => status === 409)).toHaveLength(99)
    } finally {
      await wide.close()
    }
    expect(await getBalance(db, fan.userId)).toBe(before - 9)
    const stakes = await db
      .select({ n: count() })
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.type, 'league_stake'),
          eq(walletTransactions.walletId, fan.walletId),
        ),
      )
    expect(stakes).toEqual([{ n: 1 }])
    await expectLedgerAudit(db)
  }, 120_000)
})
