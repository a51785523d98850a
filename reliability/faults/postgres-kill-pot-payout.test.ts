// kill -9 of the server while its payer closes a league pot (docs/decisions/138). A pot is closed
// in one transaction — every credit, every entry's payout, the pot's state, the notifications and
// mails — so after the kill it is closed entirely or not at all; the restarted server's payer then
// closes it, and every entry is paid exactly once: one ledger row each, as the rule says (checked
// here against a calculation of its own), and the ledger audit green. Trials alternate between a
// cancelled tournament (every stake back: a row per member, the heaviest close) and a settled one
// (the pot split between the perfect brackets, the remainder to the earliest entry).
import { randomInt } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf, type Database } from '#server/db/client'
import { leagueMembers, leagues } from '#server/db/schema'
import { joinPot, setPotStake } from '#server/features/league-pots/league-pots.service'
import { setPotsPaidInBackground } from '#server/features/league-pots/pot-freshness'
import { createLeague } from '#server/features/leagues/leagues.service'
import { cancelTournament } from '#server/features/settlement/cancel.service'
import { playOut } from '#tests/game-factories'
import { expectLedgerAudit } from '#tests/ledger-auditor'
import { settleOverHttp, signIn, waitUntil } from '#tests/http-client'
import { TEST_DATABASE_URL } from '#tests/postgres-admin'
import { createTestEnv } from '#tests/test-app'
import { insertBulkUsers, insertOpenTournament, placeBulkBets } from '../support/bulk-fixtures'
import { usePostgresServerSuite } from '../support/postgres-server-suite'
import { RELIABILITY_ADMIN } from '../support/reliability-server'
import { size } from '../support/sizes'

const MEMBERS = size(400, 2000)
const TRIALS = size(2, 10)
const STAKE = 7
const CLOSE_TIMEOUT_MS = 120_000
// placeBulkBets gives every 16th user the perfect bracket (variant 0).
const VARIANTS = 16

describe.runIf(TEST_DATABASE_URL)('kill -9 during a league pot payout on PostgreSQL', () => {
  const suite = usePostgresServerSuite()

  it(
    `closes each pot entirely or not at all, and exactly once after the restart, over ${TRIALS} kills`,
    async () => {
      const { db } = suite.database.handle
      // Only the server's payer closes pots; this process's reads must not.
      setPotsPaidInBackground(db, true)
      const env = createTestEnv()
      const users = await insertBulkUsers(db, { prefix: 'potted', count: MEMBERS })
      const leagueId = await bulkLeague(
        db,
        users.map((user) => user.id),
      )
      let server = await suite.startServer()
      const admin = await signIn(server.origin, RELIABILITY_ADMIN.email, RELIABILITY_ADMIN.password)
      const closedAtKill: boolean[] = []

      for (let trial = 0; trial < TRIALS; trial++) {
        const bracket = await insertOpenTournament(db)
        const tournamentId = bracket.tournament.id
        expect(await placeBulkBets(db, bracket, users, VARIANTS)).toBe(MEMBERS)
        const owner = users[0]!.id
        await setPotStake(db, env, { leagueId, ownerId: owner, tournamentId }, { stake: STAKE })
        // Members join in user order: the earliest entry is user 0.
        for (const user of users) {
          await joinPot(db, env, { leagueId, userId: user.id, tournamentId })
        }
        const isCancel = trial % 2 === 0
        const expected = new Map(users.map((user) => [user.id, isCancel ? STAKE : 0]))
        if (isCancel) {
          await cancelTournament(db, { actorId: 'pot-drill', tournamentId })
        } else {
          await playOut(db, bracket)
          const perfect = users.filter((_, index) => index % VARIANTS === 0)
          const pot = STAKE * MEMBERS
          const each = Math.floor(pot / perfect.length)
          perfect.forEach((user, index) =>
            expected.set(user.id, each + (index === 0 ? pot - each * perfect.length : 0)),
          )
          await settleOverHttp(server.origin, admin, tournamentId)
        }
        // The payer looks every 2 s: the kill falls before, in or after the close.
        await new Promise((resolve) => setTimeout(resolve, randomInt(0, 3_000)))
        await server.kill9()
        const atKill = await potFigures(db, leagueId, tournamentId)
        closedAtKill.push(atKill.state !== 'open')
        if (atKill.state === 'open') {
          expect(atKill, `trial ${trial}: an open pot paid nothing`).toMatchObject({
            credited: 0,
            rows: 0,
            payouts: 0,
          })
        } else {
          expect(atKill.rows, `trial ${trial}: a closed pot paid every share`).toBe(
            [...expected.values()].filter((coins) => coins > 0).length,
          )
        }
        await expectLedgerAudit(db)

        server = await suite.startServer()
        if (!isCancel) await settleOverHttp(server.origin, admin, tournamentId)
        await waitUntil(
          async () => (await potFigures(db, leagueId, tournamentId)).state !== 'open',
          { timeoutMs: CLOSE_TIMEOUT_MS, what: `trial ${trial}: the pot closed after the restart` },
        )
        const closed = await potFigures(db, leagueId, tournamentId)
        expect(closed.state).toBe(isCancel ? 'refunded' : 'paid')
        expect(closed.credited).toBe(STAKE * MEMBERS)
        expect(await creditsByMember(db, leagueId, tournamentId)).toEqual(
          new Map([...expected].filter(([, coins]) => coins > 0)),
        )
        await expectLedgerAudit(db)
      }
      console.info(
        `[faults] kill -9 during league pot payouts of ${MEMBERS} members: closed at the kill`,
        closedAtKill,
      )
      await server.terminate()
    },
    TRIALS * 120_000,
  )
})

/** A league of every user, the first its owner, its members written in one statement. */
async function bulkLeague(db: Database, userIds: string[]): Promise<string> {
  const league = await createLeague(db, userIds[0]!, {
    name: 'Drill league',
    visibility: 'private',
  })
  const others = userIds.slice(1)
  await db.insert(leagueMembers).values(others.map((userId) => ({ leagueId: league.id, userId })))
  await db.update(leagues).set({ memberCount: userIds.length }).where(eq(leagues.id, league.id))
  return league.id
}

/** The pot's state and what the ledger credited for it: coins, rows, and entries with a payout. */
async function potFigures(db: Database, leagueId: string, tournamentId: string) {
  const answer = rowsOf<{ state: string; credited: number; rows: number; payouts: number }>(
    await db.execute(sql`
    select p.state,
      (select coalesce(sum(t.amount), 0)::integer from wallet_transactions t
        where t.type in ('league_pot_win', 'league_stake_refund')
          and t.idempotency_key like ${`%:${leagueId}:${tournamentId}:%`}) as credited,
      (select count(*)::integer from wallet_transactions t
        where t.type in ('league_pot_win', 'league_stake_refund')
          and t.idempotency_key like ${`%:${leagueId}:${tournamentId}:%`}) as rows,
      (select count(*)::integer from league_pot_entries e
        where e.league_id = p.league_id and e.tournament_id = p.tournament_id
          and e.payout is not null) as payouts
      from league_pots p
     where p.league_id = ${leagueId}::uuid and p.tournament_id = ${tournamentId}::uuid`),
  )
  return answer[0]!
}

/** Each member's credits from the pot, by the ledger rows' keys. */
async function creditsByMember(
  db: Database,
  leagueId: string,
  tournamentId: string,
): Promise<Map<string, number>> {
  const answer = rowsOf<{ user_id: string; coins: number; rows: number }>(
    await db.execute(sql`
    select split_part(t.idempotency_key, ':', 4) as user_id, sum(t.amount)::integer as coins,
           count(*)::integer as rows
      from wallet_transactions t
     where t.type in ('league_pot_win', 'league_stake_refund')
       and t.idempotency_key like ${`%:${leagueId}:${tournamentId}:%`}
     group by 1`),
  )
  for (const row of answer) expect(row.rows, `${row.user_id} paid once`).toBe(1)
  return new Map(answer.map((row) => [row.user_id, row.coins]))
}
