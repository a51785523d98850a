// Batched bets (decision 080): bets that arrive together share one database call and one
// transaction, and each gets its own answer. Bets of one transaction share their row's xmin,
// which is how these tests see that a batch really was one.
import { randomUUID } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { rowsOf, type Database } from '#server/db/client'
import { bets, walletTransactions } from '#server/db/schema'
import { AppError } from '#server/errors'
import { getPgError, PG_ERROR } from '#server/db/pg-errors'
import { expectBetInvariants } from '#tests/bet-invariants'
import {
  completeBracket,
  getBalance,
  insertAccount,
  insertBracketTournament,
  openWideDatabase,
  type BracketTournament,
} from '#tests/game-factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { configureBetBatches, placeInBatch } from './bet-batcher'
import { placeBet } from './place-bet.service'

const outcomeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  )

async function transactionsOf(db: Database, betIds: string[]): Promise<Set<string>> {
  const ids = sql.join(
    betIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  const rows = rowsOf<{ xid: string }>(
    await db.execute(sql`select xmin::text as xid from bets where id in (${ids})`),
  )
  return new Set(rows.map((row) => row.xid))
}

function betOn(db: Database, userId: string, bracket: BracketTournament) {
  return placeBet(db, { userId, tournamentId: bracket.tournament.id, ...completeBracket(bracket) })
}

describe.each(testDatabaseKinds)('batched bets on %s', (kind) => {
  const database = useTestDatabase(kind)
  const opened: { close: () => Promise<void> }[] = []
  afterEach(async () => {
    for (const wide of opened.splice(0)) await wide.close()
  })

  it('answers each bet of one batch on its own: refusals change nothing for the others', async () => {
    const handle = database()
    const wide = openWideDatabase(handle)
    opened.push(wide)
    // A long window, so every bet below lands in the same batch.
    configureBetBatches(wide.db, { maxBets: 64, maxWaitMs: 200 })
    const bracket = await insertBracketTournament(handle.db)
    const [first, rich, poor, again, twice] = await Promise.all(
      [100, 300, 10, 100, 200].map((balance) => insertAccount(handle.db, { balance })),
    )
    // Keeps the bracket in the process and gives `again` a bet already.
    await betOn(wide.db, first!.userId, bracket)
    await betOn(wide.db, again!.userId, bracket)

    const placed: string[] = []
    const keep = (result: Awaited<ReturnType<typeof placeBet>>) => placed.push(result.bet.id)
    const outcomes = await Promise.all(
      [rich, poor, again, twice, twice].map((account) =>
        outcomeOf(betOn(wide.db, account!.userId, bracket).then(keep)),
      ),
    )
    expect(outcomes).toEqual(['ok', 'INSUFFICIENT_FUNDS', 'ALREADY_BET', 'ok', 'ALREADY_BET'])
    expect(placed).toHaveLength(2)
    expect(await transactionsOf(handle.db, placed)).toHaveProperty('size', 1)

    expect(await getBalance(handle.db, rich!.userId)).toBe(250)
    expect(await getBalance(handle.db, poor!.userId)).toBe(10)
    expect(await getBalance(handle.db, again!.userId)).toBe(50)
    // The in-batch duplicate was debited and given back: one fee, one ledger row.
    expect(await getBalance(handle.db, twice!.userId)).toBe(150)
    const debits = await handle.db
      .select({ betId: walletTransactions.relatedBetId })
      .from(walletTransactions)
      .where(inArray(walletTransactions.relatedBetId, placed))
    expect(debits).toHaveLength(2)
    await expectBetInvariants(handle.db)
  })

  it('sends a batch as soon as it is full, without waiting for the window', async () => {
    const handle = database()
    const wide = openWideDatabase(handle)
    opened.push(wide)
    // A window far longer than the test may take: only full batches can leave in time.
    configureBetBatches(wide.db, { maxBets: 2, maxWaitMs: 50_000 })
    const bracket = await insertBracketTournament(handle.db)
    const accounts = await Promise.all(
      [1, 2, 3, 4].map(() => insertAccount(handle.db, { balance: 100 })),
    )
    const results = await Promise.all(
      accounts.map((account) => betOn(wide.db, account.userId, bracket)),
    )
    const ids = results.map((result) => result.bet.id)
    expect(await transactionsOf(handle.db, ids)).toHaveProperty('size', 2)
  })

  it('never overspends one wallet across batches racing each other', async () => {
    const handle = database()
    const account = await insertAccount(handle.db, { balance: 150 })
    const brackets: BracketTournament[] = []
    for (let i = 0; i < 8; i++) brackets.push(await insertBracketTournament(handle.db))
    // Two "processes", each cutting its bets into batches of 3 that run side by side.
    const processes = [openWideDatabase(handle, 4), openWideDatabase(handle, 4)]
    opened.push(...processes)
    for (const { db } of processes) configureBetBatches(db, { maxBets: 3, maxWaitMs: 0 })

    const outcomes = await Promise.all(
      processes.flatMap(({ db }) =>
        brackets.map((bracket) => outcomeOf(betOn(db, account.userId, bracket))),
      ),
    )
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(3)
    expect(
      outcomes
        .filter((outcome) => outcome !== 'ok')
        .every((outcome) => {
          return outcome === 'INSUFFICIENT_FUNDS' || outcome === 'ALREADY_BET'
        }),
    ).toBe(true)
    expect(await getBalance(handle.db, account.userId)).toBe(0)
    expect(await handle.db.$count(bets, eq(bets.userId, account.userId))).toBe(3)
    await expectBetInvariants(handle.db)
  })

  it('gives a bet that makes the batch fail its own error, and places the others', async () => {
    const handle = database()
    const wide = openWideDatabase(handle)
    opened.push(wide)
    configureBetBatches(wide.db, { maxBets: 64, maxWaitMs: 200 })
    const bracket = await insertBracketTournament(handle.db)
    const accounts = await Promise.all(
      [1, 2, 3].map(() => insertAccount(handle.db, { balance: 100 })),
    )
    const { picks, mvpPlayerId } = completeBracket(bracket)
    const stored = picks.map((pick) => ({
      match_id: pick.matchId,
      team1_id: '',
      team2_id: '',
      predicted_winner_id: pick.winnerTeamId,
    }))
    // The middle bet names an MVP who is no player: its foreign key fails the whole statement.
    const answers = await Promise.all(
      accounts.map((account, position) =>
        placeInBatch(wide.db, {
          userId: account.userId,
          tournamentId: bracket.tournament.id,
          fee: 50,
          picks: stored,
          mvpPlayerId: position === 1 ? randomUUID() : mvpPlayerId,
          finalTotalGames: null,
          bracketVersion: null,
        }).then(
          (answer) => answer.result,
          (error: unknown) => getPgError(error)?.code,
        ),
      ),
    )
    expect(answers).toEqual(['ok', PG_ERROR.FOREIGN_KEY_VIOLATION, 'ok'])
    expect(await getBalance(handle.db, accounts[1]!.userId)).toBe(100)
    expect(await handle.db.$count(bets, eq(bets.tournamentId, bracket.tournament.id))).toBe(2)
    await expectBetInvariants(handle.db)
  })
})
