// A PostgreSQL database of a benchmark's own on the local server (BENCH_POSTGRES_URL, default the
// trust-auth server at 127.0.0.1:5432): created empty and migrated (tests/server-database.ts),
// dropped afterwards.
import type pg from 'pg'
import { createPostgresPool, wrapPostgresPool, type DatabaseHandle } from '#server/db/client'
import { createServerPostgres } from '#tests/server-database'

// The benchmarks' configuration, not the app's: read here, never by src/.
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export interface BenchDatabase {
  url: string
  /** For loading data and maintenance: no statement timeout (the app's pool has 15 s). */
  loader: pg.Pool
  /** The app's own kind of connection pool, for calling services as the server does. */
  handle: DatabaseHandle
  /** Closes the pools and drops the database. */
  drop(): Promise<void>
}

export async function createBenchDatabase(name: string, connections = 8): Promise<BenchDatabase> {
  const database = await createServerPostgres({
    serverUrl: POSTGRES_ADMIN_URL,
    name,
    connections: 2,
  })
  const handle = wrapPostgresPool(createPostgresPool(database.url, connections))
  return {
    url: database.url,
    loader: database.pool,
    handle,
    async drop() {
      await handle.close()
      await database.drop()
    },
  }
}
