// The server's SETTLEMENT_LANES setting reaches the settlements it runs (decision 064): a
// tournament with SETTLEMENT_LANE_MIN_BETS winners, settled through the API of a server set to
// three lanes, is cut into three lanes, pays every winner once and completes once; a small one
// beside it keeps one lane. Its losses are recorded on the bets alone (decision 078): lost, with
// no ledger row and outside the lanes.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf, type Database } from '#server/db/client'
import { SETTLEMENT_LANE_MIN_BETS } from '#server/features/settlement/settle.service'
import { previewSettlement } from '#server/features/settlement/preview.service'
import { placeBet } from '#server/features/bets/place-bet.service'
import { betBody, playOut } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { insertBulkUsers, insertOpenTournament, placeBulkBets } from './support/bulk-fixtures'
import { settleOverHttp, signIn, waitUntil } from '#tests/http-client'
import { usePostgresServerSuite } from './support/postgres-server-suite'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import { RELIABILITY_ADMIN } from './support/reliability-server'

const LANES = 3
const WINNERS = SETTLEMENT_LANE_MIN_BETS
const LOSERS = 20
const SMALL_BETS = 5

describe.runIf(TEST_DATABASE_URL)('settlement lanes from the server setting on PostgreSQL', () => {
  const suite = usePostgresServerSuite()

  it(`settles ${WINNERS} winners in the ${LANES} lanes SETTLEMENT_LANES asks for, their losers at once, a small tournament in one`, async () => {
    const { db } = suite.database.handle
    const users = await insertBulkUsers(db, { prefix: 'laned', count: WINNERS + LOSERS })
    const large = await insertOpenTournament(db)
    // Variant 0 only: the bracket playOut makes happen, every bet a winner.
    expect(await placeBulkBets(db, large, users.slice(0, WINNERS), 1)).toBe(WINNERS)
    for (const loser of users.slice(WINNERS)) {
      await placeBet(db, {
        userId: loser.id,
        tournamentId: large.tournament.id,
        ...betBody(large, (match) => match.team2Id),
      })
    }
    const small = await insertOpenTournament(db)
    expect(await placeBulkBets(db, small, users.slice(0, SMALL_BETS))).toBe(SMALL_BETS)
    for (const bracket of [large, small]) await playOut(db, bracket)

    const server = await suite.startServer({ SETTLEMENT_LANES: String(LANES) })
    const admin = await signIn(server.origin, RELIABILITY_ADMIN.email, RELIABILITY_ADMIN.password)
    for (const [bracket, lanes, bets, losers] of [
      [large, LANES, WINNERS + LOSERS, LOSERS],
      [small, 1, SMALL_BETS, 0],
    ] as const) {
      const tournamentId = bracket.tournament.id
      const expected = await previewSettlement(db, tournamentId)
      expect(bets - expected.totalWinners).toBeGreaterThanOrEqual(losers)
      expect([200, 202]).toContain(
        (await settleOverHttp(server.origin, admin, tournamentId)).status,
      )
      await waitUntil(async () => (await settlementOf(db, tournamentId))?.state === 'completed', {
        timeoutMs: 60_000,
        what: `the settlement of ${bets} bets completed`,
      })
      expect(await settlementOf(db, tournamentId)).toEqual({
        state: 'completed',
        lanes,
        lanesDone: lanes,
        totalPaid: expected.totalPaid,
        wonRows: expected.totalWinners,
        lostRows: 0,
        lostBets: bets - expected.totalWinners,
        activeBets: 0,
      })
    }
    await expectLedgerAudit(db)
    await server.terminate()
  }, 120_000)
})

/** The settlement row's state, lanes and payout, with the bets' own figures. */
async function settlementOf(db: Database, tournamentId: string) {
  const answer = rowsOf<{
    state: string
    lanes: number
    lanesDone: number
    totalPaid: number
    wonRows: number
    lostRows: number
    lostBets: number
    activeBets: number
  }>(
    await db.execute(sql`
    select s.state,
           cardinality(s.lane_cursor_bet_id) as lanes,
           (select count(*)::integer from unnest(s.lane_cursor_created_at) as cursor(at)
             where cursor.at = 'infinity') as "lanesDone",
           s.total_paid as "totalPaid",
           (select count(*)::integer from wallet_transactions t
              join bets b on b.id = t.related_bet_id
             where b.tournament_id = s.tournament_id and t.type = 'bet_won') as "wonRows",
           (select count(*)::integer from wallet_transactions t
              join bets b on b.id = t.related_bet_id
             where b.tournament_id = s.tournament_id and t.type = 'bet_lost') as "lostRows",
           (select count(*)::integer from bets b
             where b.tournament_id = s.tournament_id and b.status = 'lost') as "lostBets",
           (select count(*)::integer from bets b
             where b.tournament_id = s.tournament_id and b.status = 'active') as "activeBets"
      from tournament_settlements s
     where s.tournament_id = ${tournamentId}::uuid`),
  )
  return answer[0]
}
