// The demo database on PGlite, moved into a fresh PostgreSQL database (TEST_DATABASE_URL's
// server): same rows, same balances, invariants intact, and a second export refused.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#server/db/client'
import { DataDirLockedError, lockDataDir } from '#server/db/data-dir-lock'
import { migrateDatabase } from '#server/db/migrate'
import { seedDatabase } from '#server/seed/seed'
import { expectWalletInvariants } from '#tests/wallet-invariants'
import { exportPgliteToPostgres, ExportRefusedError } from './export-to-postgres'
import { listTablesInForeignKeyOrder, quoteIdentifier, type RunQuery } from './table-order'
import { runAdminStatement } from '#tests/postgres-admin'

// Tests may read this one variable directly: it configures the test run, not the app.
const SERVER_URL = process.env.TEST_DATABASE_URL

const queryOf =
  (handle: DatabaseHandle): RunQuery =>
  async (text, params) =>
    (handle.kind === 'pglite'
      ? (await handle.client.query(text, params)).rows
      : (await handle.client.query(text, params)).rows) as never[]

async function snapshot(handle: DatabaseHandle) {
  const query = queryOf(handle)
  const counts: Record<string, number> = {}
  for (const table of await listTablesInForeignKeyOrder(query)) {
    const [row] = await query<{ count: number }>(
      `select count(*)::int as count from ${quoteIdentifier(table)}`,
    )
    counts[table] = row?.count ?? 0
  }
  const balances = await query<{ user_id: string; balance: string }>(
    'select user_id, balance::text as balance from wallets order by user_id',
  )
  const [user] = await query<{ created_at: string }>(
    `select created_at::text from "user" order by email limit 1`,
  )
  return { counts, balances, firstUserCreatedAt: user?.created_at }
}

describe.skipIf(!SERVER_URL)('db:export-to (PGlite → PostgreSQL)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gp-export-'))
  const targetName = `gp_export_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  const targetUrl = Object.assign(new URL(SERVER_URL ?? 'postgres://x'), {
    pathname: `/${targetName}`,
  }).toString()
  let source: Awaited<ReturnType<typeof snapshot>>

  beforeAll(async () => {
    const database = await openDatabase({ DATA_DIR: dataDir, DATABASE_POOL_MAX: 1 })
    try {
      await migrateDatabase(database)
      await seedDatabase({
        env: { DEMO_DATA: true, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined },
        database,
        logger: pino({ level: 'silent' }),
        print: () => {},
      })
      source = await snapshot(database)
    } finally {
      await database.close()
    }
    await runAdminStatement(SERVER_URL!, `create database ${targetName}`)
  })

  afterAll(async () => {
    await runAdminStatement(SERVER_URL!, `drop database if exists ${targetName} with (force)`)
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('refuses while a server holds the data folder', async () => {
    const lock = lockDataDir(dataDir)
    try {
      await expect(exportPgliteToPostgres({ dataDir, targetUrl })).rejects.toBeInstanceOf(
        DataDirLockedError,
      )
    } finally {
      lock.release()
    }
  })

  it('copies every row with its ids and timestamps; balances and invariants hold', async () => {
    expect(source.counts.wallet_transactions, 'the demo data has a ledger').toBeGreaterThan(10)
    expect(source.counts.bets, 'the demo fans have bet').toBeGreaterThan(0)

    // Small batches, so every larger table crosses several batch boundaries.
    const summary = await exportPgliteToPostgres({ dataDir, targetUrl, batchRows: 7 })

    const target = await openDatabase({
      DATABASE_URL: targetUrl,
      DATA_DIR: dataDir,
      DATABASE_POOL_MAX: 2,
    })
    try {
      const copied = await snapshot(target)
      // No welcome bonus or wallet was added by the user trigger: the ledger is the same size.
      expect(copied.counts).toEqual(source.counts)
      expect(copied.balances).toEqual(source.balances)
      expect(copied.firstUserCreatedAt).toBe(source.firstUserCreatedAt)
      await expectWalletInvariants(target.db, { everyWalletHasBonus: true })
      // The trigger is back on: a new account still gets its wallet.
      const [trigger] = await queryOf(target)<{ enabled: string }>(
        `select tgenabled as enabled from pg_trigger where tgname = 'user_gets_wallet'`,
      )
      expect(trigger?.enabled).toBe('O')
    } finally {
      await target.close()
    }
    expect(summary.tables.find((table) => table.name === 'user')?.rows).toBe(source.counts.user)
  })

  it('refuses a second export into a database that has data', async () => {
    await expect(exportPgliteToPostgres({ dataDir, targetUrl })).rejects.toBeInstanceOf(
      ExportRefusedError,
    )
  })
})
