// kill -9 of the server at random moments while it settles a tournament with a second chance
// (docs/product.md "Second chance", decision 111). Both contests' losses are recorded in the start's one
// transaction and each chunk of either contest is paid whole, so after the kill each contest's
// paid winners are a prefix of its payment order; the restarted server then finishes both, to the
// hand-computed figures an uninterrupted settlement pays.
import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf, type Database } from '#server/db/client'
import { tournamentContests } from '#server/db/schema'
import { SETTLEMENT_CHUNK_SIZE } from '#server/features/settlement/settle.service'
import { previewSettlement } from '#server/features/settlement/preview.service'
import { playOut, type BracketTournament } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { playRound16, secondChanceBody } from '#tests/second-chance-factories'
import {
  insertBulkUsers,
  insertOpenTournament,
  placeBulkBets,
  RELIABILITY_ENTRY_FEE,
  type BulkUser,
} from '../support/bulk-fixtures'
import { settleOverHttp, signIn, waitUntil, type Session } from '#tests/http-client'
import { usePostgresServerSuite } from '../support/postgres-server-suite'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import type { ServerProcess } from '#tests/server-process'
import { RELIABILITY_ADMIN } from '../support/reliability-server'
import { size } from '../support/sizes'

const MAIN_BETS = 2 * SETTLEMENT_CHUNK_SIZE
const SECOND_CHANCE_BETS = 2 * SETTLEMENT_CHUNK_SIZE
const TRIALS = size(2, 10)
const COMPLETION_TIMEOUT_MS = 120_000
const TARGET_TIMEOUT_MS = 30_000
const BASE_POOL = 1000
const MULTIPLIER = 0.5

describe.runIf(TEST_DATABASE_URL)(
  'kill -9 during a settlement of both contests on PostgreSQL',
  () => {
    const suite = usePostgresServerSuite()

    it(
      `pays whole chunks of each contest and completes both exactly over ${TRIALS} kills`,
      async () => {
        const { db } = suite.database.handle
        const users = await insertBulkUsers(db, { prefix: 'second', count: MAIN_BETS })
        let server = await suite.startServer()
        const admin = await signIn(
          server.origin,
          RELIABILITY_ADMIN.email,
          RELIABILITY_ADMIN.password,
        )

        for (let trial = 0; trial < TRIALS; trial++) {
          const startedAt = Date.now()
          const phase = (what: string) =>
            console.info(`[faults] trial ${trial}: ${what} at ${Date.now() - startedAt} ms`)
          const bracket = await insertOpenTournament(db)
          expect(await placeBulkBets(db, bracket, users)).toBe(MAIN_BETS)
          const played = { ...bracket, matches: await playRound16(db, bracket) }
          await enterSecondChance(db, played, users.slice(0, SECOND_CHANCE_BETS))
          await playOut(db, bracket)
          const tournamentId = bracket.tournament.id
          const main = await previewSettlement(db, tournamentId)
          // Half the entries perfect (8 of 8), half "team 2 always" (0 of 8). Pool: 1000 +
          // floor(10 × entries × 0.5); the perfect ones share it, scaled: floor(pool / perfect) each.
          const pool =
            BASE_POOL + Math.floor(RELIABILITY_ENTRY_FEE * SECOND_CHANCE_BETS * MULTIPLIER)
          const perfect = SECOND_CHANCE_BETS / 2
          const secondChance = { totalPaid: perfect * Math.floor(pool / perfect), winners: perfect }

          phase('bets placed')
          await settleUntilKilled(server, admin, db, tournamentId)
          phase('killed')
          for (const contest of ['main', 'second_chance'] as const) {
            expectPrefix(await paidInOrder(db, tournamentId, contest), contest)
          }
          await expectLedgerAudit(db)

          server = await suite.startServer()
          await settleOverHttp(server.origin, admin, tournamentId)
          await waitUntil(async () => (await states(db, tournamentId)) === 'completed/completed', {
            timeoutMs: COMPLETION_TIMEOUT_MS,
            what: `trial ${trial}: both contests completed after the restart`,
          })
          expect(await paidFigures(db, tournamentId, 'main')).toEqual({
            totalPaid: main.totalPaid,
            ledgerPaid: main.totalPaid,
            winners: main.totalWinners,
          })
          expect(await paidFigures(db, tournamentId, 'second_chance')).toEqual({
            totalPaid: secondChance.totalPaid,
            ledgerPaid: secondChance.totalPaid,
            winners: secondChance.winners,
          })
          await expectLedgerAudit(db)
        }
        await server.terminate()
      },
      TRIALS * 240_000,
    )
  },
)

/** Opens the second chance (fee 10) and enters `users` through place_bets: even perfect, odd not. */
async function enterSecondChance(
  db: Database,
  bracket: Pick<BracketTournament, 'teams' | 'tournament'> & {
    matches: Parameters<typeof secondChanceBody>[0]['matches']
  },
  users: readonly BulkUser[],
) {
  await db.insert(tournamentContests).values({
    tournamentId: bracket.tournament.id,
    contest: 'second_chance',
    entryFee: RELIABILITY_ENTRY_FEE,
    basePool: BASE_POOL,
    multiplier: MULTIPLIER,
    bettingDeadline: new Date(Date.now() + 60 * 60 * 1000),
  })
  const bodies = [
    secondChanceBody(bracket),
    secondChanceBody(bracket, (match) => match.team2Id),
  ].map(({ picks, mvpPlayerId }) => ({
    // The stored shape of each pick: the predicted pairs as the fan's own picks lead.
    picks: storedPicks(bracket.matches, picks),
    mvpPlayerId,
  }))
  for (let start = 0; start < users.length; start += 1000) {
    const batch = users.slice(start, start + 1000).map((user, i) => ({
      user_id: user.id,
      tournament_id: bracket.tournament.id,
      contest: 'second_chance',
      fee: RELIABILITY_ENTRY_FEE,
      picks: bodies[(start + i) % 2]!.picks,
      mvp_player_id: bodies[(start + i) % 2]!.mvpPlayerId,
    }))
    const answer = rowsOf<{ placed: number }>(
      await db.execute(sql`
      select count(*)::integer as placed from place_bets(${JSON.stringify(batch)}::jsonb)
       where result = 'ok'`),
    )
    expect(answer[0]!.placed).toBe(batch.length)
  }
}

function storedPicks(
  matches: Parameters<typeof secondChanceBody>[0]['matches'],
  picks: { matchId: string; winnerTeamId: string }[],
) {
  return picks.map((pick) => {
    const match = matches.find((row) => row.id === pick.matchId)!
    return {
      match_id: pick.matchId,
      team1_id: match.team1Id ?? '',
      team2_id: match.team2Id ?? '',
      predicted_winner_id: pick.winnerTeamId,
    }
  })
}

async function settleUntilKilled(
  server: ServerProcess,
  admin: Session,
  db: Database,
  tournamentId: string,
): Promise<void> {
  const target = randomInt(0, MAIN_BETS + SECOND_CHANCE_BETS)
  const answer = settleOverHttp(server.origin, admin, tournamentId)
  if (target > 0) {
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

async function states(db: Database, tournamentId: string): Promise<string> {
  const answer = rowsOf<{ states: string }>(
    await db.execute(sql`select string_agg(state::text, '/' order by contest)
      as states from tournament_settlements
    where tournament_id = ${tournamentId}::uuid`),
  )
  return answer[0]?.states ?? ''
}

/** Each bet of the contest in payment order: its status and its bet_won rows. */
async function paidInOrder(db: Database, tournamentId: string, contest: string) {
  const answer = rowsOf<{ status: string; won_rows: number }>(
    await db.execute(sql`
    select b.status, count(t.id)::integer as won_rows
      from bets b
      left join wallet_transactions t on t.related_bet_id = b.id and t.type = 'bet_won'
     where b.tournament_id = ${tournamentId}::uuid and b.contest = ${contest}::contest
     group by b.id
     order by b.created_at, b.id`),
  )
  return answer
}

/** Every won bet has one bet_won row and no other has one; paid winners form a prefix. */
function expectPrefix(rows: { status: string; won_rows: number }[], contest: string) {
  const mismatched = rows.filter((row) => row.won_rows !== (row.status === 'won' ? 1 : 0))
  expect(mismatched, `${contest}: status disagrees with the ledger`).toEqual([])
  const winners = rows.filter((row) => row.status !== 'lost').map((row) => row.status === 'won')
  const paid = winners.filter(Boolean).length
  expect(winners.slice(0, paid).every(Boolean), `${contest}: paid winners form a prefix`).toBe(true)
}

async function paidFigures(db: Database, tournamentId: string, contest: string) {
  const answer = rowsOf<{ totalPaid: number; ledgerPaid: number; winners: number }>(
    await db.execute(sql`
    select s.total_paid as "totalPaid", s.total_winners as "winners",
           (select coalesce(sum(t.amount), 0)::integer from wallet_transactions t
              join bets b on b.id = t.related_bet_id
             where b.tournament_id = s.tournament_id and b.contest = s.contest
               and t.type = 'bet_won') as "ledgerPaid"
      from tournament_settlements s
     where s.tournament_id = ${tournamentId}::uuid and s.contest = ${contest}::contest`),
  )
  return answer[0]
}
