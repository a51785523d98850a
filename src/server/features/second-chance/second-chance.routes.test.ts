// The second chance's routes (docs/product.md "Second chance", decision 110): an admin opens it once the
// round of 16 is complete, fans enter once each (7 picks + MVP from the quarterfinals),
// independently of the main bracket, and every refusal changes nothing. Each route as entrant,
// other fan, visitor and admin, on PGlite and PostgreSQL.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MyBetSchema } from '#shared/schemas/bet'
import { SecondChanceSchema } from '#shared/schemas/second-chance'
import { bets, matches, tournamentContests, walletTransactions } from '#server/db/schema'
import { expectBetInvariants } from '#tests/bet-invariants'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { betBody, getBalance, insertBracketTournament, signInAs } from '#tests/game-factories'
import { openBody, playRound16, secondChanceBody } from '#tests/second-chance-factories'
import { createTestApp } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { signInAdmin } from '#server/features/admin/admin-test-support'

describe.each(testDatabaseKinds)('the second chance on %s', (kind) => {
  const database = useTestDatabase(kind)

  const setUp = () => {
    const setup = createTestApp(database())
    return { ...setup, visitor: new TestBrowser(setup.app) }
  }

  /** A tournament with a main bet by `entrant`, its round of 16 played and its second chance open. */
  async function openedTournament() {
    const setup = setUp()
    const { db } = database()
    const bracket = await insertBracketTournament(db)
    const admin = await signInAdmin(setup, db)
    const entrant = await signInAs(setup, db, { balance: 1000 })
    const path = `/api/tournaments/${bracket.tournament.id}`
    expect((await entrant.browser.post(`${path}/bets`, betBody(bracket))).status).toBe(201)
    const played = { ...bracket, matches: await playRound16(db, bracket) }
    const opened = await admin.browser.post(
      `/api/admin/tournaments/${bracket.tournament.id}/second-chance`,
      openBody(),
    )
    expect(opened.status, await opened.clone().text()).toBe(201)
    return { setup, db, bracket: played, admin, entrant, path }
  }

  const contestRows = async (tournamentId: string) =>
    database()
      .db.select()
      .from(tournamentContests)
      .where(eq(tournamentContests.tournamentId, tournamentId))

  describe('opening (admin)', () => {
    it('opens once the round of 16 is complete; a second opening is 409', async () => {
      const { bracket, admin, visitor, path } = await (async () => {
        const opened = await openedTournament()
        return { ...opened, visitor: opened.setup.visitor }
      })()
      const view = SecondChanceSchema.parse(
        await (await visitor.get(`${path}/second-chance`)).json(),
      )
      expect(view).toMatchObject({
        state: 'open',
        isBettingOpen: true,
        entryFee: 400,
        basePool: 1000,
        multiplier: 0.5,
        currentPrizePool: 1000,
        participantCount: 0,
        hasBet: false,
      })
      const again = await admin.browser.post(
        `/api/admin/tournaments/${bracket.tournament.id}/second-chance`,
        openBody({ entryFee: 10 }),
      )
      expect(again.status).toBe(409)
      expect((await again.json()).error.reason).toBe('SECOND_CHANCE_EXISTS')
      expect(await contestRows(bracket.tournament.id)).toHaveLength(1)
    })

    it.each([
      ['before the round of 16 is complete', 'round16', 409],
      ['with an entry fee of 0', 'fee', 400],
      ['with a deadline in the past', 'deadline', 400],
      ['after a quarterfinal result', 'quarterfinal', 409],
    ] as const)('refuses %s and opens nothing', async (_name, what, status) => {
      const setup = setUp()
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const admin = await signInAdmin(setup, db)
      if (what !== 'round16') {
        const played = await playRound16(db, bracket)
        if (what === 'quarterfinal') {
          const quarterfinal = played.find((match) => match.round === 'quarterfinal')!
          await db
            .update(matches)
            .set({ winnerTeamId: quarterfinal.team1Id })
            .where(eq(matches.id, quarterfinal.id))
        }
      }
      const body =
        what === 'fee'
          ? openBody({ entryFee: 0 })
          : what === 'deadline'
            ? openBody({ bettingDeadline: new Date(Date.now() - 60_000).toISOString() })
            : openBody()
      const res = await admin.browser.post(
        `/api/admin/tournaments/${bracket.tournament.id}/second-chance`,
        body,
      )
      expect(res.status, await res.clone().text()).toBe(status)
      const error = (await res.json()).error
      if (what === 'round16') expect(error.reason).toBe('ROUND_OF_16_INCOMPLETE')
      if (what === 'quarterfinal') expect(error.reason).toBe('QUARTERFINAL_PLAYED')
      expect(await contestRows(bracket.tournament.id)).toEqual([])
    })

    it('the admin’s tournament row says why not, with the code the opening refuses with', async () => {
      const setup = setUp()
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const admin = await signInAdmin(setup, db)
      const url = `/api/admin/tournaments/${bracket.tournament.id}`
      const problemNow = async () => {
        const row = (await (await admin.browser.get(url)).json()) as {
          secondChanceProblem: { reason: string; missingResults: number } | null
        }
        const listed = (await (await admin.browser.get('/api/admin/tournaments')).json()) as {
          tournaments: { id: string; secondChanceProblem: unknown }[]
        }
        const inList = listed.tournaments.find((t) => t.id === bracket.tournament.id)
        expect(inList?.secondChanceProblem).toEqual(row.secondChanceProblem)
        return row.secondChanceProblem
      }
      const expectRefusal = async (reason: string) => {
        const res = await admin.browser.post(`${url}/second-chance`, openBody())
        expect(res.status).toBe(409)
        expect((await res.json()).error.reason).toBe(reason)
      }

      expect(await problemNow()).toEqual({ reason: 'ROUND_OF_16_INCOMPLETE', missingResults: 8 })
      await expectRefusal('ROUND_OF_16_INCOMPLETE')
      const round16 = bracket.matches.filter((match) => match.round === 'round16')
      for (const match of round16.slice(0, 5)) {
        await db
          .update(matches)
          .set({ winnerTeamId: match.team1Id })
          .where(eq(matches.id, match.id))
      }
      expect(await problemNow()).toEqual({ reason: 'ROUND_OF_16_INCOMPLETE', missingResults: 3 })
      await expectRefusal('ROUND_OF_16_INCOMPLETE')

      const played = await playRound16(db, bracket)
      expect(await problemNow()).toBeNull()
      const quarterfinal = played.find((match) => match.round === 'quarterfinal')!
      await db
        .update(matches)
        .set({ winnerTeamId: quarterfinal.team1Id })
        .where(eq(matches.id, quarterfinal.id))
      expect(await problemNow()).toEqual({ reason: 'QUARTERFINAL_PLAYED', missingResults: 0 })
      await expectRefusal('QUARTERFINAL_PLAYED')
      await db.update(matches).set({ winnerTeamId: null }).where(eq(matches.id, quarterfinal.id))

      expect((await admin.browser.post(`${url}/second-chance`, openBody())).status).toBe(201)
      expect(await problemNow()).toEqual({ reason: 'SECOND_CHANCE_EXISTS', missingResults: 0 })
      await expectRefusal('SECOND_CHANCE_EXISTS')
      expect((await admin.browser.post(`${url}/cancel`, {})).status).toBe(200)
      expect(await problemNow()).toEqual({ reason: 'TOURNAMENT_CANCELLED', missingResults: 0 })
      await expectRefusal('TOURNAMENT_CANCELLED')
    })

    it('is for admins only: a fan is 403, a visitor 401, an unknown tournament 404', async () => {
      const setup = setUp()
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      await playRound16(db, bracket)
      const fan = await signInAs(setup, db)
      const url = `/api/admin/tournaments/${bracket.tournament.id}/second-chance`
      expect((await fan.browser.post(url, openBody())).status).toBe(403)
      expect((await setup.visitor.post(url, openBody())).status).toBe(401)
      const admin = await signInAdmin(setup, db)
      const unknown = '00000000-0000-4000-8000-000000000000'
      expect(
        (await admin.browser.post(`/api/admin/tournaments/${unknown}/second-chance`, openBody()))
          .status,
      ).toBe(404)
      expect(await contestRows(bracket.tournament.id)).toEqual([])
    })
  })

  describe('entering', () => {
    it('takes one entry per fan, independent of the main bracket, and shows it to its owner only', async () => {
      const { setup, db, bracket, admin, entrant, path } = await openedTournament()
      const body = secondChanceBody(bracket)
      const placed = await entrant.browser.post(`${path}/second-chance/bets`, body)
      expect(placed.status, await placed.clone().text()).toBe(201)
      // 1000 − 50 (main) − 400 (second chance).
      expect(await getBalance(db, entrant.userId)).toBe(550)
      expect((await placed.json()).balance).toBe(550)

      const again = await entrant.browser.post(`${path}/second-chance/bets`, body)
      expect(again.status).toBe(409)
      expect((await again.json()).error.code).toBe('ALREADY_BET')
      expect(await getBalance(db, entrant.userId)).toBe(550)

      // A fan with only the second chance.
      const late = await signInAs(setup, db, { balance: 400 })
      expect((await late.browser.post(`${path}/second-chance/bets`, body)).status).toBe(201)
      expect(await getBalance(db, late.userId)).toBe(0)

      const mine = MyBetSchema.parse(
        await (await entrant.browser.get(`${path}/second-chance/my-bet`)).json(),
      )
      expect(mine.bet).toMatchObject({ amount: 400, status: 'active' })
      expect(mine.predictions).toHaveLength(7)
      expect(mine.predictions.map((view) => view.round)).not.toContain('round16')
      // The main my-bet is still the main bracket's.
      const main = MyBetSchema.parse(await (await entrant.browser.get(`${path}/my-bet`)).json())
      expect(main.bet?.amount).toBe(50)
      expect(main.predictions).toHaveLength(15)
      // The fan with only the second chance has no main bet.
      const lateMain = MyBetSchema.parse(await (await late.browser.get(`${path}/my-bet`)).json())
      expect(lateMain.bet).toBeNull()

      // Another fan and an admin see no entry; a visitor needs to sign in.
      const other = await signInAs(setup, db)
      for (const browser of [other.browser, admin.browser]) {
        const theirs = MyBetSchema.parse(
          await (await browser.get(`${path}/second-chance/my-bet`)).json(),
        )
        expect(theirs.bet).toBeNull()
      }
      expect((await setup.visitor.get(`${path}/second-chance/my-bet`)).status).toBe(401)
      expect((await setup.visitor.post(`${path}/second-chance/bets`, body)).status).toBe(401)

      // The contest's figures: two entrants, hasBet per viewer; the main count stays 1.
      const asEntrant = SecondChanceSchema.parse(
        await (await entrant.browser.get(`${path}/second-chance`)).json(),
      )
      expect(asEntrant).toMatchObject({ participantCount: 2, hasBet: true })
      // 1000 + floor(400 × 2 × 0.5).
      expect(asEntrant.currentPrizePool).toBe(1400)
      const asOther = SecondChanceSchema.parse(
        await (await other.browser.get(`${path}/second-chance`)).json(),
      )
      expect(asOther.hasBet).toBe(false)
      const detail = await (await setup.visitor.get(path)).json()
      expect(detail.participantCount ?? detail.participant_count).toBe(1)

      const [placedRow] = await db
        .select({ description: walletTransactions.description })
        .from(walletTransactions)
        .innerJoin(bets, eq(bets.id, walletTransactions.relatedBetId))
        .where(and(eq(bets.userId, late.userId), eq(bets.contest, 'second_chance')))
      expect(placedRow?.description).toBe(`Second chance entry fee: ${bracket.tournament.name}`)
      await expectBetInvariants(db)
      await expectLedgerAudit(db)
    })

    it.each([
      ['8 picks', 'eight'],
      ['a quarterfinal pick that is not one of its pairs', 'wrong_pair'],
      ['a round-of-16 pick', 'round16'],
      ['6 picks', 'six'],
    ] as const)('refuses %s: 400 INVALID_BRACKET, nothing debited', async (_name, what) => {
      const { db, bracket, entrant, path } = await openedTournament()
      const body = secondChanceBody(bracket)
      const round16 = bracket.matches.find((match) => match.round === 'round16')!
      const quarterfinal = bracket.matches.find((match) => match.round === 'quarterfinal')!
      const loser = round16.team2Id!
      const picks =
        what === 'eight'
          ? [...body.picks, { matchId: round16.id, winnerTeamId: round16.team1Id! }]
          : what === 'round16'
            ? [{ matchId: round16.id, winnerTeamId: round16.team1Id! }, ...body.picks.slice(1)]
            : what === 'six'
              ? body.picks.slice(1)
              : body.picks.map((pick) =>
                  pick.matchId === quarterfinal.id ? { ...pick, winnerTeamId: loser } : pick,
                )
      const res = await entrant.browser.post(`${path}/second-chance/bets`, { ...body, picks })
      expect(res.status, await res.clone().text()).toBe(400)
      expect((await res.json()).error.code).toBe('INVALID_BRACKET')
      expect(await getBalance(db, entrant.userId)).toBe(950)
      const entries = await db
        .select()
        .from(bets)
        .where(and(eq(bets.userId, entrant.userId), eq(bets.contest, 'second_chance')))
      expect(entries).toEqual([])
    })

    it('closes at the first quarterfinal result and at its deadline', async () => {
      const { db, bracket, entrant, path, setup } = await openedTournament()
      const quarterfinal = bracket.matches.find((match) => match.round === 'quarterfinal')!
      await db
        .update(matches)
        .set({ winnerTeamId: quarterfinal.team1Id })
        .where(eq(matches.id, quarterfinal.id))
      const res = await entrant.browser.post(
        `${path}/second-chance/bets`,
        secondChanceBody(bracket),
      )
      expect(res.status).toBe(409)
      expect((await res.json()).error.code).toBe('BETTING_CLOSED')
      const view = SecondChanceSchema.parse(
        await (await setup.visitor.get(`${path}/second-chance`)).json(),
      )
      expect(view).toMatchObject({ state: 'closed', isBettingOpen: false })

      await db.update(matches).set({ winnerTeamId: null }).where(eq(matches.id, quarterfinal.id))
      await db
        .update(tournamentContests)
        .set({ bettingDeadline: new Date(Date.now() - 1000) })
        .where(eq(tournamentContests.tournamentId, bracket.tournament.id))
      const late = await entrant.browser.post(
        `${path}/second-chance/bets`,
        secondChanceBody(bracket),
      )
      expect(late.status).toBe(409)
      expect(await getBalance(db, entrant.userId)).toBe(950)
    })

    it('answers not_open and refuses entries where no second chance was opened', async () => {
      const setup = setUp()
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const fan = await signInAs(setup, db)
      const path = `/api/tournaments/${bracket.tournament.id}`
      const view = SecondChanceSchema.parse(
        await (await fan.browser.get(`${path}/second-chance`)).json(),
      )
      expect(view).toMatchObject({ state: 'not_open', entryFee: null, participantCount: 0 })
      const played = { ...bracket, matches: await playRound16(db, bracket) }
      const res = await fan.browser.post(`${path}/second-chance/bets`, secondChanceBody(played))
      expect(res.status).toBe(409)
      expect(await getBalance(db, fan.userId)).toBe(1000)
      const unknown = '/api/tournaments/00000000-0000-4000-8000-000000000000/second-chance'
      expect((await fan.browser.get(unknown)).status).toBe(404)
      expect((await fan.browser.get('/api/tournaments/not-a-uuid/second-chance')).status).toBe(404)
    })
  })
})
