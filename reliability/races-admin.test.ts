// Item 3 of the reliability issue, the races an administrator starts, on the services: one
// tournament settled by many requests at once (paid once), and wallet adjustments racing with
// one idempotency key (applied once) and with many (all applied, never below 0, overdrawing
// withdrawals refused). PostgreSQL gets a wide pool so the races are real; PGlite serializes them.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/client'
import { auditLog, wallets } from '#server/db/schema'
import { AppError } from '#server/errors'
import { settleTournament } from '#server/features/settlement/settle.service'
import { adjustWallet } from '#server/features/admin/admin-wallets.service'
import { placeBet } from '#server/features/bets/place-bet.service'
import { insertUser } from '#tests/factories'
import {
  completeBracket,
  getBalance,
  insertAccount,
  insertBracketTournament,
  openWideDatabase,
  playOut,
  type TestAccount,
} from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { race, reportRace, tally } from './support/race-timing'
import { size } from './support/sizes'

const SETTLES = size(10, 50)
const BETTORS = size(30, 300)
const ADJUSTMENTS = size(20, 200)

/** A service's answer as its error code, or 'ok' (anything but an AppError fails the race). */
async function codeOf(work: () => Promise<unknown>): Promise<string> {
  try {
    await work()
    return 'ok'
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}

describe.each(testDatabaseKinds)('administrator races on %s', (kind) => {
  const getHandle = useTestDatabase(kind)
  let wide: ReturnType<typeof openWideDatabase>
  let adminId: string

  beforeAll(async () => {
    wide = openWideDatabase(getHandle())
    adminId = (await insertUser(getHandle().db, { role: 'admin' })).id
  })
  // beforeAll may have failed before opening it (say, a migration that does not apply).
  afterAll(() => wide?.close())

  it(`${SETTLES} settles of one tournament at once pay each of ${BETTORS} bets once`, async () => {
    const { db } = getHandle()
    const bracket = await insertBracketTournament(db)
    const bettors: TestAccount[] = []
    for (let i = 0; i < BETTORS; i += 1) {
      const account = await insertAccount(db, { balance: 1000 })
      // Brackets that differ by a few picks spread the bets over the tiers.
      const flipped = new Set(bracket.matches.filter((_, m) => (i >> (m % 5)) & 1).map((m) => m.id))
      const picks = completeBracket(bracket, (match) =>
        flipped.has(match.matchId) ? match.team2Id : match.team1Id,
      )
      await placeBet(db, { userId: account.userId, tournamentId: bracket.tournament.id, ...picks })
      bettors.push(account)
    }
    await playOut(db, bracket)

    // Small chunks so that the racing settles interleave between chunks, not only at the start,
    // in three lanes paid side by side.
    const result = await race(SETTLES, () =>
      settleTournament(
        wide.db,
        { actorId: adminId, tournamentId: bracket.tournament.id },
        { chunkSize: 7, lanes: 3 },
      ),
    )

    reportRace(`settles on ${kind}`, SETTLES, result)
    const [first] = result.answers
    expect(first).toMatchObject({ state: 'completed', participantCount: BETTORS })
    expect(new Set(result.answers.map((answer) => JSON.stringify(answer))).size).toBe(1)
    const paid = await sumBalances(
      db,
      bettors.map((bettor) => bettor.userId),
    )
    expect(paid).toBe(BETTORS * 950 + first!.totalPaid)
    const settleEntries = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settlement'), eq(auditLog.entityId, bracket.tournament.id)))
    expect(tally(settleEntries.map((entry) => entry.action))).toEqual(
      new Map([
        ['settle', 1],
        ['settle_completed', 1],
      ]),
    )
    await expectLedgerAudit(db)
  })

  it(`${ADJUSTMENTS} deposits with one idempotency key at once apply once`, async () => {
    const { db } = getHandle()
    const account = await insertAccount(db, { balance: 1000 })
    const input = {
      type: 'deposit' as const,
      amount: 100,
      reason: 'race',
      idempotencyKey: `same-${account.userId}`,
    }

    const result = await race(ADJUSTMENTS, () =>
      adjustWallet(wide.db, { actorId: adminId, userId: account.userId, input }),
    )

    reportRace(`same-key adjustments on ${kind}`, ADJUSTMENTS, result)
    expect(new Set(result.answers.map((answer) => answer.transactionId)).size).toBe(1)
    expect(tally(result.answers.map((answer) => answer.isReplay))).toEqual(
      new Map([
        [false, 1],
        [true, ADJUSTMENTS - 1],
      ]),
    )
    expect(await getBalance(db, account.userId)).toBe(1100)
    await expectLedgerAudit(db)
  })

  it(`${ADJUSTMENTS} withdrawals with their own keys at once: those the balance covers, no more`, async () => {
    const { db } = getHandle()
    const covered = ADJUSTMENTS / 2
    const account = await insertAccount(db, { balance: covered * 40 + 15 })

    const result = await race(ADJUSTMENTS, (i) =>
      codeOf(() =>
        adjustWallet(wide.db, {
          actorId: adminId,
          userId: account.userId,
          input: {
            type: 'withdrawal',
            amount: 40,
            reason: 'race',
            idempotencyKey: `w-${i}-${account.userId}`,
          },
        }),
      ),
    )

    reportRace(`withdrawals on ${kind}`, ADJUSTMENTS, result)
    expect(tally(result.answers)).toEqual(
      new Map([
        ['ok', covered],
        ['INSUFFICIENT_FUNDS', ADJUSTMENTS - covered],
      ]),
    )
    expect(await getBalance(db, account.userId)).toBe(15)
    await expectLedgerAudit(db)
  })

  it(`${ADJUSTMENTS} deposits and withdrawals with their own keys at once: every deposit, never below 0`, async () => {
    const { db } = getHandle()
    const start = 200
    const account = await insertAccount(db, { balance: start })

    const result = await race(ADJUSTMENTS, (i) => {
      const type = i % 2 === 0 ? ('deposit' as const) : ('withdrawal' as const)
      return codeOf(() =>
        adjustWallet(wide.db, {
          actorId: adminId,
          userId: account.userId,
          input: {
            type,
            amount: type === 'deposit' ? 10 : 50,
            reason: 'race',
            idempotencyKey: `m-${i}-${account.userId}`,
          },
        }),
      ).then((code) => `${type} ${code}`)
    })

    reportRace(`mixed adjustments on ${kind}`, ADJUSTMENTS, result)
    const counts = tally(result.answers)
    const half = ADJUSTMENTS / 2
    expect(counts.get('deposit ok')).toBe(half)
    const withdrawn = counts.get('withdrawal ok') ?? 0
    expect(withdrawn + (counts.get('withdrawal INSUFFICIENT_FUNDS') ?? 0)).toBe(half)
    // At least the coins at the start and the deposits' allow: 4 withdrawals, plus 1 per 5 deposits.
    expect(withdrawn).toBeGreaterThanOrEqual(start / 50)
    const balance = await getBalance(db, account.userId)
    expect(balance).toBe(start + half * 10 - withdrawn * 50)
    expect(balance).toBeGreaterThanOrEqual(0)
    await expectLedgerAudit(db)
  })
})

async function sumBalances(db: Database, userIds: string[]): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${wallets.balance}), 0)`.mapWith(Number) })
    .from(wallets)
    .where(inArray(wallets.userId, userIds))
  return row?.total ?? Number.NaN
}
