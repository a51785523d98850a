import { randomUUID } from 'node:crypto'
import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { defaultPrizePoolConfig, insertWallet } from '#tests/factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { findMigrationsFolder, migrateDatabase } from './migrate'
import * as schema from './schema'
import { rowsOf } from '#server/db/client'
import { databaseBeforeMigration } from '#tests/database-before-migration'

// Every table the Drizzle schema declares (ours and better-auth's) must exist after migrating.
const EXPECTED_TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort()

describe.each(testDatabaseKinds)('migrations on %s', (kind) => {
  const database = useTestDatabase(kind)

  it('create every table of the schema', async () => {
    const { db } = database()
    const result = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    )
    expect(result.rows.map((row) => row.table_name)).toEqual(EXPECTED_TABLES)
    expect(EXPECTED_TABLES).toEqual(expect.arrayContaining(['user', 'session', 'wallets']))
  })

  it('record each migration once and do nothing when run again', async () => {
    const handle = database()
    const count = async () => {
      const result = await handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )
      return result.rows[0]!.n
    }
    const before = await count()
    expect(before).toBeGreaterThanOrEqual(2)
    await migrateDatabase(handle)
    expect(await count()).toBe(before)
  })

  it('installs the append-only trigger on the ledger', async () => {
    const { db } = database()
    const result = await db.execute<{ tgname: string }>(
      sql`select tgname from pg_trigger where tgrelid = 'wallet_transactions'::regclass
          and not tgisinternal order by tgname`,
    )
    expect(result.rows.map((row) => row.tgname)).toEqual([
      'wallet_transactions_no_truncate',
      'wallet_transactions_no_update_or_delete',
    ])
  })

  it('installs the append-only trigger on the audit log', async () => {
    const { db } = database()
    const result = await db.execute<{ tgname: string }>(
      sql`select tgname from pg_trigger where tgrelid = 'audit_log'::regclass
          and not tgisinternal order by tgname`,
    )
    expect(result.rows.map((row) => row.tgname)).toEqual([
      'audit_log_no_truncate',
      'audit_log_no_update_or_delete',
    ])
  })

  it('installs the triggers on users: a wallet for each new one, reminder candidates', async () => {
    const { db } = database()
    const result = await db.execute<{ tgname: string }>(
      sql`select tgname from pg_trigger where tgrelid = '"user"'::regclass and not tgisinternal`,
    )
    // The reminder candidates (decision 101) come from drizzle/0032.
    expect(result.rows.map((row) => row.tgname).sort()).toEqual([
      'user_gets_wallet',
      'user_reminder_candidate_on_insert',
      'user_reminder_candidate_on_update',
    ])
  })
})

describe('findMigrationsFolder', () => {
  it('finds drizzle/ above this module', () => {
    expect(findMigrationsFolder()).toMatch(/[/\\]drizzle$/)
  })
})

/**
 * A tournament in a database migrated only part way: the columns every migration has had, in
 * SQL, since the schema's insert names columns later migrations add.
 */
async function insertTournamentBefore(db: Parameters<typeof insertWallet>[0]) {
  const start = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000)
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
    insert into tournaments (name, start_date, end_date, betting_deadline, prize_pool_config)
    values (${`Open ${randomUUID().slice(0, 8)}`}, ${start.toISOString()}::timestamptz,
            ${new Date(start.getTime() + 2 * 24 * 60 * 60 * 1000).toISOString()}::timestamptz,
            ${new Date(start.getTime() - 60 * 60 * 1000).toISOString()}::timestamptz,
            ${JSON.stringify(defaultPrizePoolConfig)}::jsonb)
    returning id`),
  )
  return rows[0]!
}

/**
 * These tests migrate fresh databases through every migration, some twice: tens of seconds of
 * CPU on their own, more beside the rest of the suite on two cores.
 */
const WHOLE_CHAIN_TIMEOUT_MS = 180_000

describe('migration 0015 (settlement lanes)', () => {
  it(
    'resumes a settlement begun before it as one lane from its cursor',
    async () => {
      const { handle, close } = await databaseBeforeMigration('_settlement-lanes')
      try {
        const tournament = await insertTournamentBefore(handle.db)
        const cursorBetId = randomUUID()
        await handle.db.execute(sql`
        insert into tournament_settlements
          (tournament_id, prize_pool, participant_count, cursor_created_at, cursor_bet_id)
        values (${tournament.id}::uuid, 100, 3, '2026-11-21 10:00:00.123456+00', ${cursorBetId}::uuid)`)
        await migrateDatabase(handle)

        const { rows } = await handle.db.execute<Record<string, string>>(sql`
        select lane_cursor_created_at::text as cursor_at, lane_cursor_bet_id::text as cursor_id,
               lane_end_created_at::text as end_at, lane_end_bet_id::text as end_id
          from tournament_settlements where tournament_id = ${tournament.id}::uuid`)
        expect(rows).toEqual([
          {
            cursor_at: '{"2026-11-21 10:00:00.123456+00"}',
            cursor_id: `{${cursorBetId}}`,
            end_at: '{NULL}',
            end_id: '{NULL}',
          },
        ])
      } finally {
        await close()
      }
    },
    WHOLE_CHAIN_TIMEOUT_MS,
  )
})

describe('migration bets-carry-picks (decision 081)', () => {
  it(
    'moves each prediction onto its bet and drops the predictions table',
    async () => {
      const { handle, close } = await databaseBeforeMigration('_bets-carry-picks')
      try {
        const tournament = await insertTournamentBefore(handle.db)
        const { rows: mvpRows } = await handle.db.execute<{ id: string }>(
          sql`insert into players (name, country) values ('MVP', 'ES') returning id`,
        )
        const mvp = mvpRows[0]!
        const [withPrediction, without] = [
          await insertWallet(handle.db),
          await insertWallet(handle.db),
        ]
        const picks = [
          { match_id: randomUUID(), team1_id: 'a', team2_id: 'b', predicted_winner_id: 'a' },
        ]
        const { rows: placed } = await handle.db.execute<{ id: string; user_id: string }>(sql`
        insert into bets (user_id, tournament_id, amount)
        values (${withPrediction.userId}, ${tournament.id}::uuid, 50),
               (${without.userId}, ${tournament.id}::uuid, 50)
        returning id, user_id`)
        const betId = placed.find((row) => row.user_id === withPrediction.userId)!.id
        await handle.db.execute(sql`
        insert into predictions (bet_id, user_id, tournament_id, picks, mvp_player_id)
        values (${betId}::uuid, ${withPrediction.userId}, ${tournament.id}::uuid,
                ${JSON.stringify(picks)}::jsonb, ${mvp.id}::uuid)`)
        await migrateDatabase(handle)

        const { rows } = await handle.db.execute<Record<string, unknown>>(sql`
        select user_id, picks, mvp_player_id from bets order by user_id = ${without.userId}`)
        expect(rows).toEqual([
          { user_id: withPrediction.userId, picks, mvp_player_id: mvp.id },
          { user_id: without.userId, picks: null, mvp_player_id: null },
        ])
        const { rows: left } = await handle.db.execute<{ name: string | null }>(
          sql`select to_regclass('predictions')::text as name`,
        )
        expect(left).toEqual([{ name: null }])
      } finally {
        await close()
      }
    },
    WHOLE_CHAIN_TIMEOUT_MS,
  )
})
