import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AppError } from '#server/errors'
import { bets, matches, tournaments, walletTransactions, wallets } from '#server/db/schema'
import { defaultPrizePoolConfig, insertTournament } from '#tests/factories'
import {
  closedDeadlineValues,
  completeBracket,
  getBalance,
  insertAccount,
  insertBracketTournament,
  openWideDatabase,
} from '#tests/game-factories'
import { expectBetInvariants } from '#tests/bet-invariants'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { getMyBet, getMyStats, listMyBets } from './bets.service'
import { placeBet } from './place-bet.service'
import { rowsOf } from '#server/db/client'

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

describe.each(testDatabaseKinds)('bets service on %s', (kind) => {
  const database = useTestDatabase(kind)

  describe('placeBet', () => {
    it('charges the entry fee once and stores bet, prediction and ledger row', async () => {
      const { db } = database()
      const account = await insertAccount(db, { balance: 300 })
      const bracket = await insertBracketTournament(db)
      const { picks, mvpPlayerId, championId } = completeBracket(bracket)

      const result = await placeBet(db, {
        userId: account.userId,
        tournamentId: bracket.tournament.id,
        picks,
        mvpPlayerId,
      })

      expect(result).toEqual({
        bet: {
          id: expect.any(String),
          tournamentId: bracket.tournament.id,
          amount: 50,
          status: 'active',
          createdAt: expect.any(String),
        },
        balance: 250,
      })
      expect(Date.parse(result.bet.createdAt)).toBeGreaterThan(Date.now() - 60_000)
      expect(await getBalance(db, account.userId)).toBe(250)

      // The prediction is stored with the bet (decision 081).
      const [prediction] = await db
        .select({ picks: bets.picks, mvpPlayerId: bets.mvpPlayerId })
        .from(bets)
        .where(eq(bets.id, result.bet.id))
      expect(prediction?.mvpPlayerId).toBe(mvpPlayerId)
      expect(prediction?.picks).toHaveLength(15)
      const final = bracket.matches.find((match) => match.round === 'final')!
      expect(prediction?.picks?.find((pick) => pick.match_id === final.id)).toEqual({
        match_id: final.id,
        team1_id: expect.any(String),
        team2_id: expect.any(String),
        predicted_winner_id: championId,
      })
      const ledger = await db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.relatedBetId, result.bet.id))
      expect(ledger).toEqual([
        expect.objectContaining({
          type: 'bet_placed',
          amount: -50,
          walletId: account.walletId,
          description: `Entry fee: ${bracket.tournament.name}`,
        }),
      ])
      await expectBetInvariants(db)
    })

    it("charges the tournament's own entry fee", async () => {
      const { db } = database()
      const account = await insertAccount(db, { balance: 500 })
      const bracket = await insertBracketTournament(db, {
        prizePoolConfig: { ...defaultPrizePoolConfig, entry_fee: 120 },
      })
      const result = await placeBet(db, {
        userId: account.userId,
        tournamentId: bracket.tournament.id,
        ...completeBracket(bracket),
      })
      expect(result.bet.amount).toBe(120)
      expect(result.balance).toBe(380)
    })

    it('answers ALREADY_BET for a second bet and changes nothing', async () => {
      const { db } = database()
      const account = await insertAccount(db, { balance: 300 })
      const bracket = await insertBracketTournament(db)
      const args = { userId: account.userId, tournamentId: bracket.tournament.id }
      await placeBet(db, { ...args, ...completeBracket(bracket) })
      const other = completeBracket(bracket, (match) => match.team2Id)

      const error = await rejection(placeBet(db, { ...args, ...other }))
      expect(error.code).toBe('ALREADY_BET')
      expect(error.status).toBe(409)
      expect(await getBalance(db, account.userId)).toBe(250)
      await expectBetInvariants(db)
    })

    it('answers INSUFFICIENT_FUNDS (402) with the balance, and writes nothing', async () => {
      const { db } = database()
      const account = await insertAccount(db, { balance: 49 })
      const bracket = await insertBracketTournament(db)
      const error = await rejection(
        placeBet(db, {
          userId: account.userId,
          tournamentId: bracket.tournament.id,
          ...completeBracket(bracket),
        }),
      )
      expect(error.code).toBe('INSUFFICIENT_FUNDS')
      expect(error.status).toBe(402)
      expect(error.details).toEqual({ balance: 49, entryFee: 50 })
      expect(await getBalance(db, account.userId)).toBe(49)
      expect(await db.$count(bets, eq(bets.userId, account.userId))).toBe(0)
      await expectBetInvariants(db)
    })

    it('lets a balance of exactly the fee bet, down to 0', async () => {
      const { db } = database()
      const account = await insertAccount(db, { balance: 50 })
      const bracket = await insertBracketTournament(db)
      const result = await placeBet(db, {
        userId: account.userId,
        tournamentId: bracket.tournament.id,
        ...completeBracket(bracket),
      })
      expect(result.balance).toBe(0)
    })

    it('answers BETTING_CLOSED after the deadline and for every status but upcoming', async () => {
      const { db } = database()
      const account = await insertAccount(db, { balance: 1000 })
      const cases = [
        await insertBracketTournament(db, closedDeadlineValues()),
        await insertBracketTournament(db, { status: 'active' }),
        await insertBracketTournament(db, { status: 'completed' }),
        await insertBracketTournament(db, { status: 'cancelled' }),
      ]
      for (const bracket of cases) {
        const error = await rejection(
          placeBet(db, {
            userId: account.userId,
            tournamentId: bracket.tournament.id,
            ...completeBracket(bracket),
          }),
        )
        expect(error.code).toBe('BETTING_CLOSED')
        expect(error.status).toBe(409)
      }
      expect(await getBalance(db, account.userId)).toBe(1000)
      await expectBetInvariants(db)
    })

    it('is closed by the server clock even when the caller believes it is open', async () => {
      const { db } = database()
      const account = await insertAccount(db, { balance: 1000 })
      const bracket = await insertBracketTournament(db, closedDeadlineValues())
      // The TypeScript check is passed an earlier "now"; the SQL function still refuses.
      const error = await rejection(
        placeBet(db, {
          userId: account.userId,
          tournamentId: bracket.tournament.id,
          now: new Date(Date.now() - 3_600_000),
          ...completeBracket(bracket),
        }),
      )
      expect(error.code).toBe('BETTING_CLOSED')
      expect(await getBalance(db, account.userId)).toBe(1000)
    })

    it('answers NOT_FOUND for an unknown or malformed tournament id', async () => {
      const { db } = database()
      const account = await insertAccount(db)
      for (const tournamentId of ['00000000-0000-4000-8000-000000000000', 'nope', "1' or '1"]) {
        const error = await rejection(
          placeBet(db, { userId: account.userId, tournamentId, picks: [], mvpPlayerId: 'x' }),
        )
        expect(error.code).toBe('NOT_FOUND')
      }
    })

    describe('INVALID_BRACKET', () => {
      const expectProblems = async (
        mutate: (bracket: Awaited<ReturnType<typeof insertBracketTournament>>) => {
          picks: { matchId: string; winnerTeamId: string }[]
          mvpPlayerId: string
        },
        codes: string[],
      ) => {
        const { db } = database()
        const account = await insertAccount(db, { balance: 1000 })
        const bracket = await insertBracketTournament(db)
        const error = await rejection(
          placeBet(db, {
            userId: account.userId,
            tournamentId: bracket.tournament.id,
            ...mutate(bracket),
          }),
        )
        expect(error.code).toBe('INVALID_BRACKET')
        expect(error.status).toBe(400)
        const { problems } = error.details as { problems: { code: string; message: string }[] }
        expect(problems.map((problem) => problem.code)).toEqual(codes)
        for (const problem of problems) expect(problem.message).toEqual(expect.any(String))
        expect(await getBalance(db, account.userId)).toBe(1000)
        expect(await db.$count(bets, eq(bets.userId, account.userId))).toBe(0)
      }

      it('a missing pick', async () => {
        await expectProblems(
          (bracket) => {
            const complete = completeBracket(bracket)
            return { ...complete, picks: complete.picks.slice(0, 14) }
          },
          ['missing_pick'],
        )
      })

      it('a pick that is not one of the two pairs of the match', async () => {
        await expectProblems(
          (bracket) => {
            const complete = completeBracket(bracket)
            const picks = complete.picks.map((pick, i) =>
              // Round-of-16 match 2 is seed 8 v seed 9: seed 2 never plays there. (Its
              // quarterfinal pick is seed 1, still valid, so this is the only problem.)
              i === 1 ? { ...pick, winnerTeamId: bracket.teams[1]!.id } : pick,
            )
            return { ...complete, picks }
          },
          ['invalid_winner'],
        )
      })

      it('an MVP who is not a player of the predicted champion', async () => {
        await expectProblems(
          (bracket) => ({ ...completeBracket(bracket), mvpPlayerId: bracket.teams[15]!.player1Id }),
          ['mvp_not_in_champion'],
        )
      })

      it('a duplicate pick', async () => {
        await expectProblems(
          (bracket) => {
            const complete = completeBracket(bracket)
            return { ...complete, picks: [...complete.picks, complete.picks[0]!] }
          },
          ['duplicate_pick'],
        )
      })

      it('an unknown match', async () => {
        await expectProblems(
          (bracket) => {
            const complete = completeBracket(bracket)
            const stranger = { matchId: crypto.randomUUID(), winnerTeamId: bracket.teams[0]!.id }
            return { ...complete, picks: [...complete.picks, stranger] }
          },
          ['unknown_match'],
        )
      })

      it('a match of another tournament', async () => {
        const { db } = database()
        const other = await insertBracketTournament(db)
        await expectProblems(
          (bracket) => {
            const complete = completeBracket(bracket)
            const foreign = { matchId: other.matches[0]!.id, winnerTeamId: other.teams[0]!.id }
            return { ...complete, picks: [...complete.picks, foreign] }
          },
          ['unknown_match'],
        )
      })

      it('no picks at all and no MVP', async () => {
        await expectProblems(
          () => ({ picks: [], mvpPlayerId: '' }),
          [...Array<string>(15).fill('missing_pick'), 'missing_mvp'],
        )
      })

      it('a tournament without a playable bracket', async () => {
        const { db } = database()
        const account = await insertAccount(db, { balance: 1000 })
        const tournament = await insertTournament(db)
        const error = await rejection(
          placeBet(db, {
            userId: account.userId,
            tournamentId: tournament.id,
            picks: [],
            mvpPlayerId: crypto.randomUUID(),
          }),
        )
        expect(error.code).toBe('INVALID_BRACKET')
        const { problems } = error.details as { problems: { code: string }[] }
        expect(problems.map((problem) => problem.code)).toEqual(['no_playable_final'])
      })
    })

    it('refuses a fee that no longer matches the tournament (admin changed it meanwhile)', async () => {
      const { db } = database()
      const account = await insertAccount(db, { balance: 1000 })
      const bracket = await insertBracketTournament(db)
      const stored = completeBracket(bracket)
      const result = await db.execute(sql`
        select result from place_bet(${account.userId}, ${bracket.tournament.id}::uuid, 75,
          '[]'::jsonb, ${stored.mvpPlayerId}::uuid)`)
      expect(rowsOf<{ result: string }>(result)[0]?.result).toBe('fee_changed')
      expect(await getBalance(db, account.userId)).toBe(1000)
    })

    it('place_bet reports no_wallet for a user without a wallet', async () => {
      const { db } = database()
      const bracket = await insertBracketTournament(db)
      const result = await db.execute(sql`
        select result from place_bet('nobody', ${bracket.tournament.id}::uuid, 50,
          '[]'::jsonb, ${bracket.teams[0]!.player1Id}::uuid)`)
      expect(rowsOf<{ result: string }>(result)[0]?.result).toBe('no_wallet')
    })
  })

  describe('races', () => {
    it('200 concurrent bets of one user on one tournament: one placed, the rest ALREADY_BET', async () => {
      const handle = database()
      const account = await insertAccount(handle.db, { balance: 1000 })
      const bracket = await insertBracketTournament(handle.db)
      const wide = openWideDatabase(handle)
      try {
        const attempts = Array.from({ length: 200 }, (_, i) =>
          placeBet(wide.db, {
            userId: account.userId,
            tournamentId: bracket.tournament.id,
            ...completeBracket(bracket, (match) => (i % 2 === 0 ? match.team1Id : match.team2Id)),
          }).then(
            () => 'ok',
            (error: unknown) => (error instanceof AppError ? error.code : String(error)),
          ),
        )
        const outcomes = await Promise.all(attempts)
        expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1)
        expect(outcomes.filter((outcome) => outcome === 'ALREADY_BET')).toHaveLength(199)
      } finally {
        await wide.close()
      }
      expect(await getBalance(handle.db, account.userId)).toBe(950)
      expect(await handle.db.$count(bets, eq(bets.userId, account.userId))).toBe(1)
      await expectBetInvariants(handle.db)
    })

    it('120 coins, 3 tournaments at fee 50 at once: exactly 2 placed, balance 20', async () => {
      const handle = database()
      const account = await insertAccount(handle.db, { balance: 120 })
      const brackets = [
        await insertBracketTournament(handle.db),
        await insertBracketTournament(handle.db),
        await insertBracketTournament(handle.db),
      ]
      const wide = openWideDatabase(handle)
      try {
        // Each tournament is tried several times over, all at once.
        const attempts = [...brackets, ...brackets, ...brackets, ...brackets].map((bracket) =>
          placeBet(wide.db, {
            userId: account.userId,
            tournamentId: bracket.tournament.id,
            ...completeBracket(bracket),
          }).then(
            () => 'ok',
            (error: unknown) => (error instanceof AppError ? error.code : String(error)),
          ),
        )
        const outcomes = await Promise.all(attempts)
        // Any other outcome first, so a failure shows what the attempts got.
        const expected = ['ok', 'ALREADY_BET', 'INSUFFICIENT_FUNDS']
        expect(outcomes.filter((outcome) => !expected.includes(outcome))).toEqual([])
        expect(
          outcomes.filter((outcome) => outcome === 'ok'),
          outcomes.join(', '),
        ).toHaveLength(2)
      } finally {
        await wide.close()
      }
      expect(await getBalance(handle.db, account.userId)).toBe(20)
      expect(await handle.db.$count(bets, eq(bets.userId, account.userId))).toBe(2)
      await expectBetInvariants(handle.db)
    })

    it('150 coins, 10 tournaments at fee 50 at once: exactly 3 placed, never below 0', async () => {
      const handle = database()
      const account = await insertAccount(handle.db, { balance: 150 })
      const brackets = []
      for (let i = 0; i < 10; i++) brackets.push(await insertBracketTournament(handle.db))
      const wide = openWideDatabase(handle)
      try {
        const outcomes = await Promise.all(
          brackets.map((bracket) =>
            placeBet(wide.db, {
              userId: account.userId,
              tournamentId: bracket.tournament.id,
              ...completeBracket(bracket),
            }).then(
              () => 'ok',
              (error: unknown) => (error instanceof AppError ? error.code : String(error)),
            ),
          ),
        )
        expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(3)
        expect(outcomes.filter((outcome) => outcome === 'INSUFFICIENT_FUNDS')).toHaveLength(7)
      } finally {
        await wide.close()
      }
      expect(await getBalance(handle.db, account.userId)).toBe(0)
      expect(await handle.db.$count(bets, eq(bets.userId, account.userId))).toBe(3)
      await expectBetInvariants(handle.db)
    })

    it('many users betting on one tournament at once all get in, each charged once', async () => {
      const handle = database()
      const bracket = await insertBracketTournament(handle.db)
      const accounts = await Promise.all(
        Array.from({ length: 30 }, () => insertAccount(handle.db, { balance: 100 })),
      )
      const wide = openWideDatabase(handle)
      try {
        const results = await Promise.all(
          accounts.map((account) =>
            placeBet(wide.db, {
              userId: account.userId,
              tournamentId: bracket.tournament.id,
              ...completeBracket(bracket),
            }),
          ),
        )
        expect(results.every((result) => result.balance === 50)).toBe(true)
      } finally {
        await wide.close()
      }
      expect(await handle.db.$count(bets, eq(bets.tournamentId, bracket.tournament.id))).toBe(30)
      await expectBetInvariants(handle.db)
    })

    it('a status change waits for bets in flight; no bet lands after it', async () => {
      const handle = database()
      const bracket = await insertBracketTournament(handle.db)
      const accounts = await Promise.all(
        Array.from({ length: 20 }, () => insertAccount(handle.db, { balance: 100 })),
      )
      const countBets = () => handle.db.$count(bets, eq(bets.tournamentId, bracket.tournament.id))
      const wide = openWideDatabase(handle)
      let countWhenCancelled = -1
      try {
        const attempts = accounts.map((account, i) =>
          new Promise((resolve) => setTimeout(resolve, i)).then(() =>
            placeBet(wide.db, {
              userId: account.userId,
              tournamentId: bracket.tournament.id,
              ...completeBracket(bracket),
            }).then(
              () => 'ok',
              (error: unknown) => (error as AppError).code,
            ),
          ),
        )
        const cancel = new Promise((resolve) => setTimeout(resolve, 8)).then(async () => {
          await wide.db
            .update(tournaments)
            .set({ status: 'cancelled' })
            .where(eq(tournaments.id, bracket.tournament.id))
          // A cancellation would refund the bets it sees now; there must never be more later.
          countWhenCancelled = await countBets()
        })
        const [outcomes] = await Promise.all([Promise.all(attempts), cancel])
        expect(outcomes.every((o) => o === 'ok' || o === 'BETTING_CLOSED')).toBe(true)
        expect(outcomes.filter((o) => o === 'ok')).toHaveLength(countWhenCancelled)
      } finally {
        await wide.close()
      }
      expect(await countBets()).toBe(countWhenCancelled)
      await expectBetInvariants(handle.db)
    })
    // Needs two connections: PostgreSQL only (PGlite runs one transaction at a time anyway).
    if (kind === 'postgres') {
      it('a bet not yet committed holds back a status change until it commits', async () => {
        const handle = database()
        if (handle.kind !== 'postgres') return
        const account = await insertAccount(handle.db, { balance: 100 })
        const bracket = await insertBracketTournament(handle.db)
        const { mvpPlayerId } = completeBracket(bracket)
        const betting = await handle.client.connect()
        try {
          await betting.query('begin')
          const placed = await betting.query(
            `select result from place_bet($1, $2, 50, '[]'::jsonb, $3)`,
            [account.userId, bracket.tournament.id, mvpPlayerId],
          )
          expect(placed.rows[0]?.result).toBe('ok')

          let isCancelled = false
          const cancel = handle.db
            .update(tournaments)
            .set({ status: 'cancelled' })
            .where(eq(tournaments.id, bracket.tournament.id))
            .then(() => {
              isCancelled = true
            })
          await new Promise((resolve) => setTimeout(resolve, 300))
          expect(isCancelled).toBe(false)

          await betting.query('commit')
          await cancel
          expect(isCancelled).toBe(true)
        } finally {
          betting.release()
        }
        expect(await handle.db.$count(bets, eq(bets.tournamentId, bracket.tournament.id))).toBe(1)
      })
    }
  })

  describe('reading bets', () => {
    it('getMyBet: the prediction view with actual winners and MVP once known', async () => {
      const { db } = database()
      const account = await insertAccount(db, { balance: 300 })
      const bracket = await insertBracketTournament(db)
      const complete = completeBracket(bracket)
      const placed = await placeBet(db, {
        userId: account.userId,
        tournamentId: bracket.tournament.id,
        ...complete,
      })

      const before = await getMyBet(db, {
        userId: account.userId,
        tournamentId: bracket.tournament.id,
      })
      expect(before.bet).toEqual(placed.bet)
      expect(before.tournamentMvpId).toBeNull()
      expect(before.predictions).toHaveLength(15)
      expect(before.predictions[0]).toEqual({
        matchId: bracket.matches[0]!.id,
        round: 'round16',
        matchNumber: 1,
        team1Id: bracket.teams[0]!.id,
        team2Id: bracket.teams[15]!.id,
        predictedWinnerId: bracket.teams[0]!.id,
        winnerTeamId: null,
        isCorrect: null,
        sets: null,
        // No start time or court set on the match yet (its schedule, decision 141).
        startsAt: null,
        court: null,
      })
      expect(before.predictions.map((p) => p.round)).toEqual([
        ...Array<string>(8).fill('round16'),
        ...Array<string>(4).fill('quarterfinal'),
        'semifinal',
        'semifinal',
        'final',
      ])
      expect(before.mvpPrediction).toEqual({
        predicted_mvp: expect.any(String),
        predicted_mvp_id: complete.mvpPlayerId,
        isCorrect: null,
      })

      // Results: the user was right in round-of-16 match 1 and wrong in match 2; MVP set.
      await db
        .update(matches)
        .set({
          winnerTeamId: bracket.teams[0]!.id,
          sets: [
            [6, 4],
            [7, 6],
          ],
        })
        .where(eq(matches.id, bracket.matches[0]!.id))
      await db
        .update(matches)
        .set({ winnerTeamId: bracket.teams[8]!.id })
        .where(eq(matches.id, bracket.matches[1]!.id))
      // The first quarterfinal, played by pairs the user did not put there: its scores name them.
      await db
        .update(matches)
        .set({
          team1Id: bracket.teams[0]!.id,
          team2Id: bracket.teams[8]!.id,
          winnerTeamId: bracket.teams[0]!.id,
          sets: [
            [6, 1],
            [6, 1],
          ],
        })
        .where(eq(matches.id, bracket.matches[8]!.id))
      await db
        .update(tournaments)
        .set({ status: 'completed', mvpPlayerId: complete.mvpPlayerId })
        .where(eq(tournaments.id, bracket.tournament.id))

      const after = await getMyBet(db, {
        userId: account.userId,
        tournamentId: bracket.tournament.id,
      })
      expect(after.predictions[0]).toMatchObject({
        winnerTeamId: bracket.teams[0]!.id,
        isCorrect: true,
        sets: [
          [6, 4],
          [7, 6],
        ],
      })
      expect(after.predictions[1]).toMatchObject({
        winnerTeamId: bracket.teams[8]!.id,
        isCorrect: false,
      })
      expect(after.predictions[2]).toMatchObject({ winnerTeamId: null, isCorrect: null })
      expect(after.predictions[8]).toMatchObject({
        round: 'quarterfinal',
        team2Id: bracket.teams[7]!.id,
        isCorrect: true,
        sets: null,
      })
      expect(after.tournamentMvpId).toBe(complete.mvpPlayerId)
      expect(after.mvpPrediction?.isCorrect).toBe(true)
    })

    it('getMyBet without a bet: bet null, no predictions', async () => {
      const { db } = database()
      const account = await insertAccount(db)
      const bracket = await insertBracketTournament(db)
      expect(
        await getMyBet(db, { userId: account.userId, tournamentId: bracket.tournament.id }),
      ).toEqual({
        bet: null,
        predictions: [],
        mvpPrediction: null,
        tournamentMvpId: null,
        finalTotalGames: null,
      })
    })

    it('listMyBets newest first with the tournament, and getMyStats', async () => {
      const { db } = database()
      const account = await insertAccount(db, { balance: 1000 })
      const first = await insertBracketTournament(db, { name: 'First Open' })
      const second = await insertBracketTournament(db, { name: 'Second Open' })
      const third = await insertBracketTournament(db, { name: 'Third Open' })
      const placed = []
      for (const bracket of [first, second, third]) {
        placed.push(
          await placeBet(db, {
            userId: account.userId,
            tournamentId: bracket.tournament.id,
            ...completeBracket(bracket),
          }),
        )
      }
      const { bets: mine } = await listMyBets(db, { userId: account.userId })
      expect(mine.map((bet) => bet.tournament.name)).toEqual([
        'Third Open',
        'Second Open',
        'First Open',
      ])
      expect(mine[0]).toEqual({
        ...placed[2]!.bet,
        payout: null,
        tournament: {
          id: third.tournament.id,
          name: 'Third Open',
          status: 'upcoming',
          startDate: third.tournament.startDate.toISOString(),
          endDate: third.tournament.endDate.toISOString(),
          bettingDeadline: third.tournament.bettingDeadline.toISOString(),
          prizePoolConfig: expect.objectContaining({ entry_fee: 50, base_pool: 5000 }),
        },
      })
      expect((await listMyBets(db, { userId: account.userId, limit: 2 })).bets).toHaveLength(2)

      expect(await getMyStats(db, { userId: account.userId })).toEqual({
        betCount: 3,
        active: 3,
        won: 0,
        lost: 0,
        refunded: 0,
        winRate: null,
        totalWinnings: 0,
      })

      // Settle two by hand (as settlement will): one won with a payout, one lost.
      const [wonBet, lostBet] = [placed[0]!.bet, placed[1]!.bet]
      await db.update(bets).set({ status: 'won' }).where(eq(bets.id, wonBet.id))
      await db.update(bets).set({ status: 'lost' }).where(eq(bets.id, lostBet.id))
      await db.transaction(async (tx) => {
        await tx.insert(walletTransactions).values({
          walletId: account.walletId,
          type: 'bet_won',
          amount: 700,
          relatedBetId: wonBet.id,
        })
        await tx
          .update(wallets)
          .set({ balance: sql`${wallets.balance} + 700` })
          .where(eq(wallets.id, account.walletId))
      })
      expect(await getMyStats(db, { userId: account.userId })).toEqual({
        betCount: 3,
        active: 1,
        won: 1,
        lost: 1,
        refunded: 0,
        winRate: 50,
        totalWinnings: 700,
      })
      // Settled bets stay in the list with their result: the prize, or nothing.
      const settled = await listMyBets(db, { userId: account.userId })
      expect(settled.bets.map((bet) => [bet.tournament.name, bet.status, bet.payout])).toEqual([
        ['Third Open', 'active', null],
        ['Second Open', 'lost', 0],
        ['First Open', 'won', 700],
      ])
      await expectBetInvariants(db)
    })

    it('a user without bets has empty figures', async () => {
      const { db } = database()
      const account = await insertAccount(db)
      expect(await listMyBets(db, { userId: account.userId })).toEqual({ bets: [] })
      expect((await getMyStats(db, { userId: account.userId })).winRate).toBeNull()
    })
  })
})
