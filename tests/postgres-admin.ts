// Statements on a PostgreSQL server's own connection (CREATE/DROP DATABASE, ALTER DATABASE,
// pg_terminate_backend). The test databases, the script and reliability tests and the benchmarks
// all make databases of their own on the local server; this is the one way they talk to it.
import { randomUUID } from 'node:crypto'
import pg from 'pg'

// Tests may read this one variable directly: it configures the test run, not the app.
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL

/** Runs one statement on a short-lived connection to `serverUrl`. */
export async function runAdminStatement(
  serverUrl: string,
  statement: string,
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    return await client.query(statement)
  } finally {
    await client.end()
  }
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** A new name `gp_test_…` for a test database, or a template of them, on the server. */
export function newTestDatabaseName(): string {
  return `gp_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
}
