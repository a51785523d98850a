// A database of its own for a server process: a fresh PostgreSQL database on the
// TEST_DATABASE_URL server, or a PGlite data folder. Migrated up front, so the test can insert
// users before the server starts; the test's own connection is named 'reliability-check', so an
// outage drill can cut the server's connections and keep this one out of it.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDatabase, wrapPostgresPool, type DatabaseHandle } from '../../src/server/db/client'
import { migrateDatabase } from '../../src/server/db/migrate'
import { runAdminStatement } from '../../tests/postgres-admin'

// Tests may read this one variable directly: it configures the test run, not the app.
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL

export const CHECK_APPLICATION_NAME = 'reliability-check'

export interface ServerPostgres {
  name: string
  url: string
  /** The test's own connections (5), for fixtures and checks. */
  handle: DatabaseHandle
  /** Runs a statement on the server's maintenance database (ALTER DATABASE, terminate). */
  admin(statement: string): Promise<pg.QueryResult>
  drop(): Promise<void>
}

export async function createServerPostgres(): Promise<ServerPostgres> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set')
  const serverUrl = TEST_DATABASE_URL
  const name = `gp_reliability_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const admin = (statement: string) => runAdminStatement(serverUrl, statement)
  await admin(`CREATE DATABASE "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: 5,
    application_name: CHECK_APPLICATION_NAME,
  })
  // Terminated by a drill or the drop: the pool makes a new connection when asked.
  pool.on('error', () => {})
  const handle = wrapPostgresPool(pool)
  await migrateDatabase(handle)
  return {
    name,
    url: url.toString(),
    handle,
    admin,
    async drop() {
      await handle.close()
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    },
  }
}

export interface ServerPglite {
  dataDir: string
  /** Opens the folder (taking its lock, as a second server would), migrated; close it after. */
  open(): Promise<DatabaseHandle>
  remove(): void
}

export function createServerPglite(): ServerPglite {
  const dataDir = mkdtempSync(join(tmpdir(), 'golden-point-reliability-'))
  return {
    dataDir,
    async open() {
      const handle = await openDatabase({
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        DATABASE_POOL_MAX: 1,
      })
      await migrateDatabase(handle)
      return handle
    },
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  }
}
