// The server's SETTLEMENT_LANES setting reaches the settlements it runs (decision 064): a
// tournament with SETTLEMENT_LANE_MIN_BETS bets, settled through the API of a server set to three
// lanes, is cut into three lanes, pays every bet once and completes once; a small one beside it
// keeps one lane.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Database } from '../src/server/db/client'
import { SETTLEMENT_LANE_MIN_BETS } from '../src/server/features/settlement/settle.service'
import { previewSettlement } from '../src/server/features/settlement/preview.service'
import { playOut } from '../tests/game-factories'
import { expectLedgerAudit } from '../tests/ledger-auditor'
import { insertBulkUsers, insertOpenTournament, placeBulkBets } from './support/bulk-fixtures'
import { settleOverHttp, signIn, waitUntil } from './support/http-client'
import { usePostgresServerSuite } from './support/postgres-server-suite'
import { TEST_DATABASE_URL } from './support/server-database'
import { RELIABILITY_ADMIN } from './support/server-process'

const LANES = 3
const BETS = SETTLEMENT_LANE_MIN_BETS
const SMALL_BETS = 5

describe.runIf(TEST_DATABASE_URL)('settlement lanes from the server setting on PostgreSQL', () => {
  const suite = usePostgresServerSuite()

  it(`settles ${BETS} bets in the ${LANES} lanes SETTLEMENT_LANES asks for, a small tournament in one`, async () => {
    const { db } = suite.database.handle
    const users = await insertBulkUsers(db, { prefix: 'laned', count: BETS })
    const large = await insertOpenTournament(db)
    expect(await placeBulkBets(db, large, users)).toBe(BETS)
    const small = await insertOpenTournament(db)
    expect(await placeBulkBets(db, small, users.slice(0, SMALL_BETS))).toBe(SMALL_BETS)
    for (const bracket of [large, small]) await playOut(db, bracket)

    const server = await suite.startServer({ SETTLEMENT_LANES: String(LANES) })
    const admin = await signIn(server.origin, RELIABILITY_ADMIN.email, RELIABILITY_ADMIN.password)
    for (const [bracket, lanes, bets] of [
      [large, LANES, BETS],
      [small, 1, SMALL_BETS],
    ] as const) {
      const tournamentId = bracket.tournament.id
      const expected = await previewSettlement(db, tournamentId)
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
        settleRows: bets,
        activeBets: 0,
      })
    }
    await expectLedgerAudit(db)
    await server.terminate()
  }, 120_000)
})

/** The settlement row's state, lanes and payout, with the bets' own figures. */
async function settlementOf(db: Database, tournamentId: string) {
  const answer = (await db.execute(sql`
    select s.state,
           cardinality(s.lane_cursor_bet_id) as lanes,
           (select count(*)::integer from unnest(s.lane_cursor_created_at) as cursor(at)
             where cursor.at = 'infinity') as "lanesDone",
           s.total_paid as "totalPaid",
           (select count(*)::integer from wallet_transactions t
              join bets b on b.id = t.related_bet_id
             where b.tournament_id = s.tournament_id
               and t.type in ('bet_won', 'bet_lost')) as "settleRows",
           (select count(*)::integer from bets b
             where b.tournament_id = s.tournament_id and b.status = 'active') as "activeBets"
      from tournament_settlements s
     where s.tournament_id = ${tournamentId}::uuid`)) as unknown as {
    rows: {
      state: string
      lanes: number
      lanesDone: number
      totalPaid: number
      settleRows: number
      activeBets: number
    }[]
  }
  return answer.rows[0]
}
