// kill -9 of the server at random moments while it settles a tournament (issue #6 item 4). The
// start records every loss in its own transaction, and each chunk of winners is paid in one
// transaction, so after the kill the losses are all recorded or none, and a chunk is paid
// entirely or not at all; the restarted server (its start-up resume, or settling again) then
// finishes the payment exactly as an uninterrupted settlement would have. Then its notifications
// job (decision 102) is killed once it has written some: the restarted server resumes it from its
// cursor and every bet is told exactly once, its payout as the ledger paid it.
import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf, type Database } from '#server/db/client'
import { SETTLEMENT_CHUNK_SIZE } from '#server/features/settlement/settle.service'
import { previewSettlement } from '#server/features/settlement/preview.service'
import { playOut } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { insertBulkUsers, insertOpenTournament, placeBulkBets } from '../support/bulk-fixtures'
import { settleOverHttp, signIn, waitUntil, type Session } from '#tests/http-client'
import { usePostgresServerSuite } from '../support/postgres-server-suite'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import type { ServerProcess } from '#tests/server-process'
import { RELIABILITY_ADMIN } from '../support/reliability-server'
import { size } from '../support/sizes'

const BETS = 3 * SETTLEMENT_CHUNK_SIZE
const TRIALS = size(2, 20)
const COMPLETION_TIMEOUT_MS = 120_000
const TARGET_TIMEOUT_MS = 30_000

describe.runIf(TEST_DATABASE_URL)('kill -9 during settlement on PostgreSQL', () => {
  const suite = usePostgresServerSuite()

  it(
    `pays whole chunks only and completes exactly over ${TRIALS} kills`,
    async () => {
      const { db } = suite.database.handle
      const users = await insertBulkUsers(db, { prefix: 'settled', count: BETS })
      let server = await suite.startServer()
      const admin = await signIn(server.origin, RELIABILITY_ADMIN.email, RELIABILITY_ADMIN.password)
      const settledAtKill: number[] = []
      const notifiedAtKill: number[] = []

      for (let trial = 0; trial < TRIALS; trial++) {
        const bracket = await insertOpenTournament(db)
        expect(await placeBulkBets(db, bracket, users)).toBe(BETS)
        await playOut(db, bracket)
        const tournamentId = bracket.tournament.id
        const expected = await previewSettlement(db, tournamentId)

        await settleUntilKilled(server, admin, db, tournamentId)
        const losers = BETS - expected.totalWinners
        const settled = await expectWholeChunks(db, tournamentId, losers)
        settledAtKill.push(settled)
        await expectLedgerAudit(db)

        server = await suite.startServer()
        await settleOverHttp(server.origin, admin, tournamentId)
        await waitUntil(async () => (await settlementState(db, tournamentId)) === 'completed', {
          timeoutMs: COMPLETION_TIMEOUT_MS,
          what: `trial ${trial}: settlement completed after the restart`,
        })
        expect(await expectWholeChunks(db, tournamentId, losers)).toBe(BETS)
        expect(await paidFigures(db, tournamentId)).toEqual({
          totalPaid: expected.totalPaid,
          ledgerPaid: expected.totalPaid,
          winners: expected.totalWinners,
        })
        await expectLedgerAudit(db)

        await waitUntil(async () => (await notificationFigures(db, tournamentId)).rows > 0, {
          timeoutMs: COMPLETION_TIMEOUT_MS,
          intervalMs: 5,
          what: `trial ${trial}: the first notifications written`,
        })
        await server.kill9()
        notifiedAtKill.push((await notificationFigures(db, tournamentId)).rows)
        server = await suite.startServer()
        await waitUntil(async () => (await notificationFigures(db, tournamentId)).isDone, {
          timeoutMs: COMPLETION_TIMEOUT_MS,
          what: `trial ${trial}: notifications done after the restart`,
        })
        expect(await notificationFigures(db, tournamentId)).toEqual({
          rows: BETS,
          bets: BETS,
          payouts: expected.totalWinners,
          coins: expected.totalPaid,
          isDone: true,
        })
      }
      console.info(
        `[faults] kill -9 during settlement notifications: rows at the kill`,
        notifiedAtKill,
      )
      console.info(
        `[faults] kill -9 during settlement of ${BETS} bets: settled at the kill`,
        settledAtKill,
      )
      await server.terminate()
    },
    TRIALS * 90_000,
  )
})

/**
 * Starts the settlement and kills the server once a random number of bets is settled (plus a
 * random few milliseconds, so the kill falls anywhere in a chunk, or before the start).
 */
async function settleUntilKilled(
  server: ServerProcess,
  admin: Session,
  db: Database,
  tournamentId: string,
): Promise<void> {
  const target = randomInt(0, BETS)
  const answer = settleOverHttp(server.origin, admin, tournamentId)
  if (target > 0) {
    // A chunk that fails (a statement timeout on a very busy machine) stops the runner until
    // the next start: then the kill comes at the deadline, which the restart must survive too.
    await waitUntil(async () => (await countSettledBets(db, tournamentId)) >= target, {
      timeoutMs: TARGET_TIMEOUT_MS,
      intervalMs: 10,
      what: `${target} bets settled`,
    }).catch(() => undefined)
  }
  await new Promise((resolve) => setTimeout(resolve, randomInt(0, 100)))
  await server.kill9()
  const { status } = await answer
  expect([0, 200, 202]).toContain(status)
}

async function countSettledBets(db: Database, tournamentId: string): Promise<number> {
  const answer = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::integer as n from bets
    where tournament_id = ${tournamentId}::uuid and status <> 'active'`),
  )
  return answer[0]!.n
}

async function settlementState(db: Database, tournamentId: string): Promise<string | undefined> {
  const answer = rowsOf<{ state: string }>(
    await db.execute(sql`select state from tournament_settlements
    where tournament_id = ${tournamentId}::uuid`),
  )
  return answer[0]?.state
}

/**
 * Every won bet has exactly one bet_won row, and no other bet has an outcome row (a loss is on
 * the bet alone, decision 078); the losses are all recorded or none (the start is one
 * transaction); the won bets are the first winners in payment order, since chunks commit whole
 * and in order (their size is set by time, so no count is checked). Returns how many bets are
 * settled.
 */
async function expectWholeChunks(
  db: Database,
  tournamentId: string,
  losers: number,
): Promise<number> {
  const answer = rowsOf<{ status: string; won_rows: number; other_rows: number }>(
    await db.execute(sql`
    select b.status, count(t.id)::integer as won_rows,
           count(o.id)::integer as other_rows
      from bets b
      left join wallet_transactions t on t.related_bet_id = b.id and t.type = 'bet_won'
      left join wallet_transactions o on o.related_bet_id = b.id and o.type = 'bet_lost'
     where b.tournament_id = ${tournamentId}::uuid
     group by b.id
     order by b.created_at, b.id`),
  )
  const mismatched = answer.filter(
    (row) => row.won_rows !== (row.status === 'won' ? 1 : 0) || row.other_rows !== 0,
  )
  expect(mismatched, 'bets whose status disagrees with their ledger rows').toEqual([])
  const lost = answer.filter((row) => row.status === 'lost').length
  const winners = answer.filter((row) => row.status !== 'lost')
  const paidFlags = winners.map((row) => row.status === 'won')
  const paid = paidFlags.filter(Boolean).length
  expect(paidFlags.slice(0, paid).every(Boolean), 'paid winners form a prefix').toBe(true)
  expect([0, losers], 'losses recorded all at once').toContain(lost)
  if (lost === 0 && losers > 0) expect(paid, 'a winner paid before the start').toBe(0)
  return lost + paid
}

async function paidFigures(db: Database, tournamentId: string) {
  const answer = rowsOf<{ totalPaid: number; ledgerPaid: number; winners: number }>(
    await db.execute(sql`
    select s.total_paid as "totalPaid", s.total_winners as "winners",
           (select coalesce(sum(t.amount), 0)::integer from wallet_transactions t
              join bets b on b.id = t.related_bet_id
             where b.tournament_id = s.tournament_id and t.type = 'bet_won') as "ledgerPaid"
      from tournament_settlements s where s.tournament_id = ${tournamentId}::uuid`),
  )
  return answer[0]
}

/** A settlement's notifications: rows, distinct bets told, payouts and their coins, done. */
async function notificationFigures(db: Database, tournamentId: string) {
  const answer = rowsOf<{
    rows: number
    bets: number
    payouts: number
    coins: number
    isDone: boolean
  }>(
    await db.execute(sql`
    select count(*)::integer as rows, count(distinct n.bet_id)::integer as bets,
           count(*) filter (where n.kind = 'payout_received')::integer as payouts,
           coalesce(sum(n.coins), 0)::integer as coins,
           exists (select 1 from settlement_notification_progress p
                    where p.tournament_id = ${tournamentId}::uuid and p.done_at is not null)
             as "isDone"
      from notifications n where n.tournament_id = ${tournamentId}::uuid`),
  )
  return answer[0]!
}
