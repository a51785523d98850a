// A second chance that has closed stays closed (docs/product.md "Second chance", decision 150): once a
// quarterfinal had a winner its brackets and People's Bracket were public, so clearing that
// winner again must not let anyone enter a copy of what they read. The admin's own routes, the
// fan's routes, place_bets and the reminder scan all ask the same recorded close, on PGlite and
// PostgreSQL.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SecondChanceSchema } from '#shared/schemas/second-chance'
import { bets, matches, tournamentContests } from '#server/db/schema'
import { matchBody, put, signInAdmin } from '#server/features/admin/admin-test-support'
import { dueSecondChances } from '#server/features/reminders/due-second-chances'
import { expectBetInvariants } from '#tests/bet-invariants'
import { betBody, getBalance, insertBracketTournament, signInAs } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { openBody, playRound16, secondChanceBody } from '#tests/second-chance-factories'
import { createTestApp } from '#tests/test-app'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { rowsOf } from '#server/db/client'

describe.each(testDatabaseKinds)('a closed second chance on %s', (kind) => {
  const database = useTestDatabase(kind)

  /** An opened second chance (its deadline 20 h away) with one entry, by `entrant`. */
  async function openedWithEntry() {
    const setup = createTestApp(database())
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const admin = await signInAdmin(setup, db)
    const suffix = crypto.randomUUID().replaceAll('-', '').slice(0, 8)
    const entrant = await signInAs(setup, db, { balance: 1000, username: `sc_entrant_${suffix}` })
    const copier = await signInAs(setup, db, { balance: 1000, username: `sc_copier_${suffix}` })
    const path = `/api/tournaments/${bracket.tournament.id}`
    for (const fan of [entrant, copier]) {
      expect((await fan.browser.post(`${path}/bets`, betBody(bracket))).status).toBe(201)
    }
    const played = { ...bracket, matches: await playRound16(db, bracket) }
    const deadline = new Date(Date.now() + 20 * 60 * 60 * 1000).toISOString()
    const opened = await admin.browser.post(
      `/api/admin/tournaments/${bracket.tournament.id}/second-chance`,
      openBody({ bettingDeadline: deadline }),
    )
    expect(opened.status, await opened.clone().text()).toBe(201)
    const entry = secondChanceBody(played, (match) => match.team2Id)
    expect((await entrant.browser.post(`${path}/second-chance/bets`, entry)).status).toBe(201)
    const quarterfinal = played.matches.findIndex((match) => match.round === 'quarterfinal')
    return {
      ...{ setup, db, bracket: played, admin, entrant, copier, path, entry, quarterfinal },
      username: `sc_entrant_${suffix}`,
    }
  }

  async function stateOf(setup: ReturnType<typeof createTestApp>, path: string) {
    const res = await setup.app.request(`${path}/second-chance`)
    return SecondChanceSchema.parse(await res.json()).state
  }

  it('stays closed when the first quarterfinal result is cleared: no copy of a public bracket', async () => {
    const { setup, db, bracket, admin, username, copier, path, entry, quarterfinal } =
      await openedWithEntry()
    const qf = bracket.matches[quarterfinal]!
    const entered = await put(
      admin.browser,
      `/api/admin/matches/${qf.id}`,
      matchBody(bracket, quarterfinal, qf.team1Id),
    )
    expect(entered.status, await entered.clone().text()).toBe(200)
    expect(await stateOf(setup, path)).toBe('closed')
    const read = await copier.browser.get(`${path}/brackets/${username}?contest=second_chance`)
    expect(read.status).toBe(200)
    expect((await setup.app.request(`${path}/popularity?contest=second_chance`)).status).toBe(200)

    const cleared = await put(
      admin.browser,
      `/api/admin/matches/${qf.id}`,
      matchBody(bracket, quarterfinal, null),
    )
    expect(cleared.status, await cleared.clone().text()).toBe(200)
    expect(await stateOf(setup, path)).toBe('closed')
    const copy = await copier.browser.post(`${path}/second-chance/bets`, entry)
    expect(copy.status, await copy.clone().text()).toBe(409)
    expect((await copy.json()).error.code).toBe('BETTING_CLOSED')
    expect(await getBalance(db, copier.userId)).toBe(950)
    // What was public stays public.
    const again = await copier.browser.get(`${path}/brackets/${username}?contest=second_chance`)
    expect(again.status).toBe(200)
    expect((await setup.app.request(`${path}/popularity?contest=second_chance`)).status).toBe(200)
    // Nobody is reminded of a second chance that takes no more entries.
    const due = await dueSecondChances(db, new Date())
    expect(due.map((tournament) => tournament.id)).not.toContain(bracket.tournament.id)
    await expectBetInvariants(db)
    await expectLedgerAudit(db)
  })

  it('place_bets itself refuses an entry after the close, whatever the matches say now', async () => {
    const { db, bracket, copier, entry } = await openedWithEntry()
    const qf = bracket.matches.find((match) => match.round === 'quarterfinal')!
    await db.update(matches).set({ winnerTeamId: qf.team1Id }).where(eq(matches.id, qf.id))
    await db.update(matches).set({ winnerTeamId: null }).where(eq(matches.id, qf.id))
    const [config] = await db
      .select({ fee: tournamentContests.entryFee })
      .from(tournamentContests)
      .where(eq(tournamentContests.tournamentId, bracket.tournament.id))
    const batch = [
      {
        user_id: copier.userId,
        tournament_id: bracket.tournament.id,
        contest: 'second_chance',
        fee: config!.fee,
        picks: entry.picks.map((pick) => ({
          match_id: pick.matchId,
          predicted_winner_id: pick.winnerTeamId,
        })),
        mvp_player_id: entry.mvpPlayerId,
      },
    ]
    const answer = rowsOf<{ result: string }>(
      await db.execute(sql`select result from place_bets(${JSON.stringify(batch)}::jsonb)`),
    )
    expect(answer.map((row) => row.result)).toEqual(['betting_closed'])
    const copies = await db.select().from(bets).where(eq(bets.userId, copier.userId))
    expect(copies.map((bet) => bet.contest)).toEqual(['main'])
  })

  it('records the close in the transaction of the result: a rolled-back result closes nothing', async () => {
    const { setup, db, bracket, path } = await openedWithEntry()
    const qf = bracket.matches.find((match) => match.round === 'quarterfinal')!
    await expect(
      db.transaction(async (tx) => {
        await tx.update(matches).set({ winnerTeamId: qf.team1Id }).where(eq(matches.id, qf.id))
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await stateOf(setup, path)).toBe('open')
    const [config] = await db
      .select({ closedAt: tournamentContests.closedAt })
      .from(tournamentContests)
      .where(eq(tournamentContests.tournamentId, bracket.tournament.id))
    expect(config!.closedAt).toBeNull()
  })
})
