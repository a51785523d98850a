// A PostgreSQL database of a benchmark's own on the local server (BENCH_POSTGRES_URL, default the
// trust-auth server at 127.0.0.1:5432): created empty and migrated, dropped afterwards.
import pg from 'pg'
import {
  createPostgresPool,
  wrapPostgresPool,
  type DatabaseHandle,
} from '../../src/server/db/client'
import { migrateDatabase } from '../../src/server/db/migrate'
import { runAdminStatement } from '../../tests/postgres-admin'

// The benchmarks' configuration, not the app's: read here, never by src/.
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export interface BenchDatabase {
  url: string
  /** For loading data and maintenance: no statement timeout (the app's pool has 15 s). */
  loader: pg.Pool
  /** The app's own kind of connection pool, for calling services as the server does. */
  handle: DatabaseHandle
  /** Closes the pool and drops the database. */
  drop(): Promise<void>
}

export async function createBenchDatabase(name: string, connections = 8): Promise<BenchDatabase> {
  await runAdminStatement(POSTGRES_ADMIN_URL, `drop database if exists "${name}" with (force)`)
  await runAdminStatement(POSTGRES_ADMIN_URL, `create database "${name}"`)
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${name}`
  const handle = wrapPostgresPool(createPostgresPool(url.toString(), connections))
  await migrateDatabase(handle)
  const loader = new pg.Pool({ connectionString: url.toString(), max: 2 })
  return {
    url: url.toString(),
    loader,
    handle,
    async drop() {
      await Promise.all([handle.close(), loader.end()])
      await runAdminStatement(POSTGRES_ADMIN_URL, `drop database if exists "${name}" with (force)`)
    },
  }
}
