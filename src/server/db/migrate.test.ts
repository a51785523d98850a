import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { testDatabaseKinds, useTestDatabase } from '../../../tests/test-database'
import { findMigrationsFolder, migrateDatabase } from './migrate'
import * as schema from './schema'

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

  it('installs the trigger that gives every new user a wallet', async () => {
    const { db } = database()
    const result = await db.execute<{ tgname: string }>(
      sql`select tgname from pg_trigger where tgrelid = '"user"'::regclass and not tgisinternal`,
    )
    expect(result.rows.map((row) => row.tgname)).toEqual(['user_gets_wallet'])
  })
})

describe('findMigrationsFolder', () => {
  it('finds drizzle/ above this module', () => {
    expect(findMigrationsFolder()).toMatch(/[/\\]drizzle$/)
  })
})
