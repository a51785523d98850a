// Moves the embedded PGlite database (DATA_DIR/pglite) into an empty PostgreSQL database: migrate
// the target, copy every table in foreign-key order in one transaction, check, commit.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type pg from 'pg'
import { createPostgresPool, openDatabase, wrapPostgresPool } from '#server/db/client'
import { migrateDatabase } from '#server/db/migrate'
import { findMoneyProblems, fingerprintBalances } from './money-invariants'
import { listTablesInForeignKeyOrder, quoteIdentifier, type RunQuery } from './table-order'

// Rows a server writes on its own into a fresh database (the settings row the migrations insert,
// the leaderboard's one-row snapshot, the receipts cursor of drizzle/0029): no user data, so the
// source's rows simply replace them.
const SERVER_STATE_TABLES = ['app_settings', 'leaderboard_snapshot', 'mail_feeds']
// pg_trigger.tgtype bit for INSERT triggers.
const TRIGGER_TYPE_INSERT = 4

export interface ExportOptions {
  dataDir: string
  targetUrl: string
  log?: (message: string) => void
  /** Rows per INSERT (tests use a few to cross batch boundaries). */
  batchRows?: number
}

export interface ExportSummary {
  tables: { name: string; rows: number }[]
  wallets: number
  totalCoins: string
}

export class ExportRefusedError extends Error {
  override name = 'ExportRefusedError'
}

export async function exportPgliteToPostgres({
  dataDir,
  targetUrl,
  log = () => {},
  batchRows = 1_000,
}: ExportOptions): Promise<ExportSummary> {
  if (!existsSync(join(dataDir, 'pglite'))) {
    throw new ExportRefusedError(`No embedded database in ${join(dataDir, 'pglite')}.`)
  }
  // Takes the data-folder lock like a server does: refused (DataDirLockedError) while one runs.
  const source = await openDatabase({ DATA_DIR: dataDir, DATABASE_POOL_MAX: 1 })
  const pool = createPostgresPool(targetUrl, 2)
  const target = wrapPostgresPool(pool)
  try {
    if (source.kind !== 'pglite') throw new Error('the source must be the embedded database')
    const readSource: RunQuery = async (text, params) =>
      (await source.client.query(text, params)).rows as never[]
    const readTarget: RunQuery = async (text, params) =>
      (await pool.query(text, params)).rows as never[]

    await refuseIfTargetHasData(readTarget)
    // Both at the same schema version: the source as its next start would migrate it.
    await migrateDatabase(source)
    await migrateDatabase(target)
    log('migrated the target')

    const tables = await listTablesInForeignKeyOrder(readSource)
    const connection = await pool.connect()
    try {
      await connection.query('begin')
      const summary = await copyTables(connection, readSource, tables, { log, batchRows })
      await connection.query('commit')
      return summary
    } catch (error) {
      await connection.query('rollback').catch(() => {})
      throw error
    } finally {
      connection.release()
    }
  } finally {
    await target.close()
    await source.close()
  }
}

async function refuseIfTargetHasData(readTarget: RunQuery): Promise<void> {
  const tables = await listTablesInForeignKeyOrder(readTarget)
  for (const table of tables.filter((name) => !SERVER_STATE_TABLES.includes(name))) {
    const [row] = await readTarget<{ found: boolean }>(
      `select exists (select 1 from ${quoteIdentifier(table)}) as found`,
    )
    if (row?.found) {
      throw new ExportRefusedError(
        `The target database already has data (table ${table}); export only into an empty one.`,
      )
    }
  }
}

async function copyTables(
  connection: pg.PoolClient,
  readSource: RunQuery,
  tables: string[],
  { log, batchRows }: { log: (message: string) => void; batchRows: number },
): Promise<ExportSummary> {
  const inTarget: RunQuery = async (text, params) =>
    (await connection.query(text, params)).rows as never[]
  for (const table of SERVER_STATE_TABLES) await inTarget(`delete from ${quoteIdentifier(table)}`)

  // The user insert trigger gives every new account a wallet and a welcome bonus; the copied rows
  // already include them, so it must not fire. DISABLE TRIGGER USER (not session_replication_role
  // = replica) because it needs only ownership of the table, which the migrating role has where no
  // superuser is given (managed PostgreSQL), and it leaves the foreign-key checks on. It is part
  // of this transaction: a failed copy leaves the trigger as it was.
  const triggered = await tablesWithInsertTriggers(inTarget)
  for (const table of triggered) {
    await inTarget(`alter table ${quoteIdentifier(table)} disable trigger user`)
  }

  const copied: ExportSummary['tables'] = []
  for (const table of tables) {
    const rows = await copyTable(inTarget, readSource, table, batchRows)
    copied.push({ name: table, rows })
    log(`${table}: ${rows} rows`)
  }
  for (const table of triggered) {
    await inTarget(`alter table ${quoteIdentifier(table)} enable trigger user`)
  }
  await syncSequences(inTarget)

  await verifyRowCounts(readSource, inTarget, tables)
  const problems = await findMoneyProblems(inTarget)
  if (problems.length > 0) throw new Error(`Money invariants broken:\n${problems.join('\n')}`)
  const [before, after] = [
    await fingerprintBalances(readSource),
    await fingerprintBalances(inTarget),
  ]
  if (before.digest !== after.digest) {
    throw new Error(`Balances differ after the copy (total ${before.total} → ${after.total}).`)
  }
  return { tables: copied, wallets: after.wallets, totalCoins: after.total }
}

async function tablesWithInsertTriggers(query: RunQuery): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `select distinct c.relname as name from pg_trigger t
       join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal and (t.tgtype & $1) <> 0`,
    [TRIGGER_TYPE_INSERT],
  )
  return rows.map((row) => row.name)
}

/**
 * Copies one table in batches. Rows travel as JSON made by PostgreSQL on one side and read back by
 * PostgreSQL on the other, so every value (timestamps to the microsecond, jsonb, arrays, enums)
 * keeps its exact text form; ids are copied as they are. Generated columns are computed again.
 */
async function copyTable(
  inTarget: RunQuery,
  readSource: RunQuery,
  table: string,
  batchRows: number,
): Promise<number> {
  const name = quoteIdentifier(table)
  const columns = await insertableColumns(inTarget, table)
  const list = columns.map(quoteIdentifier).join(', ')
  let after = '(0,0)'
  let total = 0
  for (;;) {
    // Keyset on the physical row id (t.ctid: the alias ctid is text and would sort as text);
    // nothing writes the source while we hold its lock.
    const batch = await readSource<{ ctid: string; row: string }>(
      `select ctid::text as ctid, row_to_json(t)::text as row from ${name} t
        where t.ctid > $1::tid order by t.ctid limit ${batchRows}`,
      [after],
    )
    if (batch.length === 0) return total
    await inTarget(
      `insert into ${name} (${list}) overriding system value
       select ${list} from json_populate_recordset(null::${name}, $1::json)`,
      [`[${batch.map((entry) => entry.row).join(',')}]`],
    )
    total += batch.length
    after = batch.at(-1)!.ctid
  }
}

async function insertableColumns(query: RunQuery, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
      order by ordinal_position`,
    [table],
  )
  return rows.map((row) => row.name)
}

/** Serial and identity columns continue after the copied ids instead of colliding with them. */
async function syncSequences(query: RunQuery): Promise<void> {
  const owned = await query<{ sequence: string; tableName: string; columnName: string }>(
    `select s.oid::regclass::text as sequence, t.relname as "tableName", a.attname as "columnName"
       from pg_class s join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
       join pg_namespace n on n.oid = t.relnamespace
      where s.relkind = 'S' and n.nspname = 'public'`,
  )
  for (const { sequence, tableName, columnName } of owned) {
    const column = quoteIdentifier(columnName)
    await query(
      `select setval($1::regclass, coalesce(max(${column}), 0) + 1, false)
         from ${quoteIdentifier(tableName)}`,
      [sequence],
    )
  }
}

async function verifyRowCounts(
  readSource: RunQuery,
  inTarget: RunQuery,
  tables: string[],
): Promise<void> {
  const count = async (query: RunQuery, table: string) => {
    const [row] = await query<{ count: number }>(
      `select count(*)::int as count from ${quoteIdentifier(table)}`,
    )
    return row?.count ?? 0
  }
  for (const table of tables) {
    const [expected, actual] = [await count(readSource, table), await count(inTarget, table)]
    if (expected !== actual) {
      throw new Error(`Table ${table}: ${expected} rows in PGlite but ${actual} in the target.`)
    }
  }
}
