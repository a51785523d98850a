// A database of its own for a server process (tests/server-process.ts): a fresh PostgreSQL
// database, or a PGlite data folder. Migrated up front, so the test can insert users before the
// server starts; the test's own connections are named 'test-check', so an outage drill can cut the
// server's connections and keep these out of it.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDatabase, wrapPostgresPool, type DatabaseHandle } from '#server/db/client'
import { migrateDatabase } from '#server/db/migrate'
import { databaseUrlOn, runAdminStatement, TEST_DATABASE_URL } from './postgres-admin'

export const CHECK_APPLICATION_NAME = 'test-check'

export interface ServerPostgres {
  name: string
  url: string
  /** The test's own connections, for fixtures and checks (no statement timeout). */
  pool: pg.Pool
  /** The same connections as the app's kind of handle (drizzle). */
  handle: DatabaseHandle
  /** Runs a statement on the server's maintenance database (ALTER DATABASE, terminate). */
  admin(statement: string): Promise<pg.QueryResult>
  drop(): Promise<void>
}

export interface ServerPostgresOptions {
  /** The PostgreSQL server; default TEST_DATABASE_URL's. */
  serverUrl?: string
  /** A fixed name, dropped first if a run before left it behind; default a new random one. */
  name?: string
  /** The test's own connections; default 5. */
  connections?: number
}

export async function createServerPostgres({
  serverUrl = TEST_DATABASE_URL,
  name = `gp_server_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
  connections = 5,
}: ServerPostgresOptions = {}): Promise<ServerPostgres> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set')
  const admin = (statement: string) => runAdminStatement(serverUrl, statement)
  const drop = () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await drop()
  await admin(`CREATE DATABASE "${name}"`)
  const url = databaseUrlOn(serverUrl, name)
  const pool = new pg.Pool({
    connectionString: url,
    max: connections,
    application_name: CHECK_APPLICATION_NAME,
  })
  // Terminated by a drill or the drop: the pool makes a new connection when asked.
  pool.on('error', () => {})
  const handle = wrapPostgresPool(pool)
  await migrateDatabase(handle)
  return {
    name,
    url,
    pool,
    handle,
    admin,
    async drop() {
      await handle.close()
      await drop()
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
  const dataDir = mkdtempSync(join(tmpdir(), 'golden-point-server-'))
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
