import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  SettlementProgressSchema,
  SettlementResultSchema,
  type SettlementProgress,
} from '#shared/schemas/admin'
import type { Database } from '#server/db/client'
import { auditLog, bets, walletTransactions } from '#server/db/schema'
import { createLogger } from '#server/logger'
import { expectBetInvariants } from '#tests/bet-invariants'
import {
  betBody,
  completeBracket,
  insertAccount,
  insertBracketTournament,
  playOut,
  type BracketTournament,
} from '#tests/game-factories'
import { createTestApp, createTestEnv, type LogLine } from '#tests/test-app'
import { TestBrowser } from '#tests/test-browser'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { placeBet } from '#server/features/bets/place-bet.service'
import { settleTournament } from './settle.service'
import { createSettlementJobs } from './settlement-jobs'
import { signInAdmin, signInAs } from '#server/features/admin/admin-test-support'

// Losses are recorded at the start in one statement (decision 078): only winners take chunks.
const WINNERS = 6
const LOSERS = 3
const BETS = WINNERS + LOSERS

/** WINNERS perfect brackets and LOSERS all-wrong ones on a played-out tournament. */
async function settleableTournament(db: Database) {
  const bracket = await insertBracketTournament(db)
  for (let n = 0; n < WINNERS; n += 1) {
    const winner = await insertAccount(db, { balance: 500 })
    await placeBet(db, {
      userId: winner.userId,
      tournamentId: bracket.tournament.id,
      ...completeBracket(bracket),
    })
  }
  for (let n = 0; n < LOSERS; n += 1) {
    const loser = await insertAccount(db, { balance: 500 })
    await placeBet(db, {
      userId: loser.userId,
      tournamentId: bracket.tournament.id,
      ...betBody(bracket, (match) => match.team2Id),
    })
  }
  await playOut(db, bracket)
  return bracket
}

/** Jobs that pay one bet per chunk, so a settlement of a few winners takes many transactions. */
function slowJobs(db: Database, waitMs = 0) {
  const logs: LogLine[] = []
  const logger = createLogger(createTestEnv(), {
    write: (line: string) => logs.push(JSON.parse(line) as LogLine),
  })
  return { jobs: createSettlementJobs({ db, logger, chunkSize: 1, waitMs }), logs }
}

async function progressOf(browser: TestBrowser, bracket: BracketTournament) {
  const res = await browser.get(`/api/admin/tournaments/${bracket.tournament.id}/settlement`)
  expect(res.status).toBe(200)
  return SettlementProgressSchema.parse(await res.json())
}

/** Polls the progress route until the settlement completes; every answer seen, in order. */
async function pollUntilCompleted(browser: TestBrowser, bracket: BracketTournament) {
  const seen: SettlementProgress[] = []
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const progress = await progressOf(browser, bracket)
    seen.push(progress)
    if (progress.state === 'completed') return seen
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`settlement not completed: ${JSON.stringify(seen.at(-1))}`)
}

/** The bet_won coins of the tournament, from the ledger. */
async function paidTotal(db: Database, bracket: BracketTournament) {
  const rows = await db
    .select({ amount: walletTransactions.amount })
    .from(walletTransactions)
    .innerJoin(bets, eq(bets.id, walletTransactions.relatedBetId))
    .where(
      and(eq(bets.tournamentId, bracket.tournament.id), eq(walletTransactions.type, 'bet_won')),
    )
  return rows.reduce((sum, row) => sum + row.amount, 0)
}

describe.each(testDatabaseKinds)('settlement in the background on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('answers 202, then the progress climbs to completed and settling again answers 200', async () => {
    const { db } = database()
    const { jobs } = slowJobs(db)
    const setup = createTestApp(database(), { settlementJobs: jobs })
    const admin = await signInAdmin(setup, db)
    const bracket = await settleableTournament(db)
    const id = bracket.tournament.id

    const before = await progressOf(admin.browser, bracket)
    expect(before).toMatchObject({ state: 'not_started', betsTotal: BETS, betsSettled: 0 })

    const res = await admin.browser.post(`/api/admin/tournaments/${id}/settle`)
    expect(res.status).toBe(202)
    const accepted = SettlementProgressSchema.parse(await res.json())
    expect(accepted).toMatchObject({ state: 'in_progress', betsTotal: BETS })
    // Every loss at once, with the start; the winners one chunk after another.
    expect(accepted.betsSettled).toBeGreaterThanOrEqual(LOSERS)
    expect(accepted.betsSettled).toBeLessThan(BETS)

    const seen = await pollUntilCompleted(admin.browser, bracket)
    const settledCounts = seen.map((progress) => progress.betsSettled)
    expect(settledCounts).toEqual([...settledCounts].sort((a, b) => a - b))
    const final = seen.at(-1)!
    expect(final).toMatchObject({ betsTotal: BETS, betsSettled: BETS, totalWinners: WINNERS })
    expect(final.processedAt).not.toBeNull()
    expect(final.totalPaid).toBeGreaterThan(0)
    expect(final.totalPaid).toBe(await paidTotal(db, bracket))

    const again = await admin.browser.post(`/api/admin/tournaments/${id}/settle`)
    expect(again.status).toBe(200)
    expect(SettlementResultSchema.parse(await again.json())).toMatchObject({
      state: 'completed',
      totalPaid: final.totalPaid,
    })
    expect(await paidTotal(db, bracket)).toBe(final.totalPaid)
    await expectBetInvariants(db)
  })

  it('resumes at start-up a settlement a crash left half done, as the admin who began it', async () => {
    const { db } = database()
    const setup = createTestApp(database())
    const admin = await signInAdmin(setup, db)
    const bracket = await settleableTournament(db)
    const args = { actorId: admin.userId, tournamentId: bracket.tournament.id }
    const crashed = await settleTournament(db, args, { chunkSize: 1, maxChunks: 1 })
    expect(crashed.state).toBe('in_progress')
    expect(await progressOf(admin.browser, bracket)).toMatchObject({
      state: 'in_progress',
      betsTotal: BETS,
      betsSettled: LOSERS + 1,
    })

    const { jobs, logs } = slowJobs(db)
    expect(await jobs.resumeUnfinished()).toEqual([bracket.tournament.id])
    const final = (await pollUntilCompleted(admin.browser, bracket)).at(-1)!
    expect(final.betsSettled).toBe(BETS)
    expect(final.totalPaid).toBe(await paidTotal(db, bracket))
    expect(logs.map((line) => line.msg)).toContain('resuming a settlement left in progress')
    const [completed] = await db
      .select({ actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, args.tournamentId), eq(auditLog.action, 'settle_completed')))
    expect(completed?.actorId).toBe(admin.userId)
    // Nothing is left to resume.
    expect(await jobs.resumeUnfinished()).toEqual([])
    await expectBetInvariants(db)
  })

  it('awaits a settlement that fits in one chunk, however short the wait', async () => {
    const { db } = database()
    const bracket = await settleableTournament(db)
    const logger = createLogger(createTestEnv({ LOG_LEVEL: 'silent' }))
    const jobs = createSettlementJobs({ db, logger, chunkSize: BETS, waitMs: 0 })
    const result = await jobs.settle({ actorId: 'admin', tournamentId: bracket.tournament.id })
    expect(result).toMatchObject({ state: 'completed', participantCount: BETS })
    expect(result?.totalPaid).toBe(await paidTotal(db, bracket))
    await expectBetInvariants(db)
  })

  it('on stop lets the chunk in flight commit, starts no other, and a later settle finishes', async () => {
    const { db } = database()
    const { jobs } = slowJobs(db)
    const bracket = await settleableTournament(db)
    const args = { actorId: 'admin', tournamentId: bracket.tournament.id }

    expect(await jobs.settle(args)).toBeNull()
    await jobs.stop()
    const setup = createTestApp(database())
    const admin = await signInAdmin(setup, db)
    const stopped = await progressOf(admin.browser, bracket)
    expect(stopped.state).toBe('in_progress')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await progressOf(admin.browser, bracket)).toEqual(stopped)
    await expectBetInvariants(db)

    const res = await admin.browser.post(`/api/admin/tournaments/${args.tournamentId}/settle`)
    expect(res.status).toBe(200)
    expect(SettlementResultSchema.parse(await res.json())).toMatchObject({ state: 'completed' })
    await expectBetInvariants(db)
  })

  it('answers 404 for an unknown tournament, 401 to visitors and 403 to fans', async () => {
    const setup = createTestApp(database())
    const { db } = database()
    const admin = await signInAdmin(setup, db)
    const bracket = await insertBracketTournament(db)
    const path = `/api/admin/tournaments/${bracket.tournament.id}/settlement`
    expect((await new TestBrowser(setup.app).get(path)).status).toBe(401)
    const fan = await signInAs(setup, db)
    expect((await fan.browser.get(path)).status).toBe(403)
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await admin.browser.get(`/api/admin/tournaments/${unknown}/settlement`)).status).toBe(
      404,
    )
    expect((await admin.browser.get('/api/admin/tournaments/nope/settlement')).status).toBe(404)
  })
})
