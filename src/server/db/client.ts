// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both speak the same SQL through Drizzle; nothing may rely on one engine only (docs/architecture.md "Shape of the system").
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite'
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Logger } from 'pino'
import type { Env } from '#server/env'
import { lockDataDir } from './data-dir-lock'
import { takeTurnsOnEventLoop } from './pglite-turns'
import * as schema from './schema'

export type Schema = typeof schema

/** What services receive: the Drizzle API common to both engines. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>

/** The handle inside db.transaction(); on PGlite (one connection) never touch the outer db there. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Either handle: a function that takes one joins its caller's transaction when given one. */
export type Executor = Database | Transaction

/**
 * The rows of a raw `execute()`. Both drivers answer `{ rows }`; the common Database type cannot
 * say so, and the row type is the SQL's promise (cast numbers and bigints in the SQL).
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows
}

interface HandleCommon {
  /** Resolves when `select 1` answers; rejects otherwise. */
  ping(): Promise<void>
  /** Closes connections (and, for PGlite, releases the data folder). Safe to call twice. */
  close(): Promise<void>
}

export type DatabaseHandle =
  | (HandleCommon & { kind: 'pglite'; db: PgliteDatabase<Schema>; client: PGlite })
  | (HandleCommon & { kind: 'postgres'; db: NodePgDatabase<Schema>; client: pg.Pool })

export type DatabaseEnv = Pick<Env, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_MAX'>

// PGlite keeps its files in a subfolder so DATA_DIR can also hold the lock (and later files).
const PGLITE_SUBFOLDER = 'pglite'

// Bounds for PostgreSQL: a runaway query or a forgotten transaction must not hold locks forever.
const STATEMENT_TIMEOUT_MS = 15_000
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000
const CONNECT_TIMEOUT_MS = 5_000

export async function openDatabase(env: DatabaseEnv, logger?: Logger): Promise<DatabaseHandle> {
  if (env.DATABASE_URL) {
    return wrapPostgresPool(createPostgresPool(env.DATABASE_URL, env.DATABASE_POOL_MAX, logger))
  }
  return openPgliteDataDir(env.DATA_DIR)
}

/** PGlite on disk, guarded by the data-folder lock (throws DataDirLockedError). */
async function openPgliteDataDir(dataDir: string): Promise<DatabaseHandle> {
  const lock = lockDataDir(dataDir)
  try {
    const client = await PGlite.create(join(dataDir, PGLITE_SUBFOLDER))
    return wrapPglite(client, () => lock.release())
  } catch (error) {
    lock.release()
    throw error
  }
}

export function createPostgresPool(
  connectionString: string,
  max: number,
  logger?: Logger,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'golden-point',
  })
  // Without a listener, an idle client's network error would crash the process.
  pool.on('error', (error) => logger?.error({ err: error }, 'idle PostgreSQL connection failed'))
  // The pool listens only to idle clients: a checked-out one (say, inside a transaction between
  // two statements) whose connection is terminated would emit 'error' to no one and crash the
  // process. Its next query fails with the same error, which the request then reports.
  pool.on('connect', (client) => {
    client.on('error', (error) => logger?.warn({ err: error }, 'PostgreSQL connection lost'))
  })
  return pool
}

// SQLSTATEs that mean the database is away rather than the statement wrong: connection
// exceptions (class 08), shut down or starting up (57P01–57P03), no connections allowed (55000,
// e.g. ALLOW_CONNECTIONS false), too many connections (53300).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|55000|53300)$/
// The errors node-postgres raises without a SQLSTATE when a connection cannot be made or dies.
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT/

/** True when the error (or one it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false
    const { code, message, cause } = current as {
      code?: unknown
      message?: unknown
      cause?: unknown
    }
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_MESSAGE.test(code))
    )
      return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true
    current = cause
  }
  return false
}

export function wrapPglite(client: PGlite, afterClose?: () => void): DatabaseHandle {
  // One call per turn of the event loop, so requests and connections are taken between them.
  takeTurnsOnEventLoop(client)
  const db = drizzlePglite({ client, schema })
  let closing: Promise<void> | undefined
  return {
    kind: 'pglite',
    db,
    client,
    ping: () => pingDatabase(db),
    close: () =>
      (closing ??= (async () => {
        try {
          if (!client.closed) await client.close()
        } finally {
          afterClose?.()
        }
      })()),
  }
}

export function wrapPostgresPool(pool: pg.Pool, afterClose?: () => Promise<void>): DatabaseHandle {
  const db = drizzlePostgres({ client: pool, schema })
  let closing: Promise<void> | undefined
  return {
    kind: 'postgres',
    db,
    client: pool,
    ping: () => pingDatabase(db),
    close: () =>
      (closing ??= (async () => {
        try {
          await pool.end()
        } finally {
          await afterClose?.()
        }
      })()),
  }
}

async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`)
}
