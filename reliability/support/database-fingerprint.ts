// A fingerprint of everything the app keeps, to prove that a refused request changed nothing.
import { sql } from 'drizzle-orm'
import { rowsOf, type Database } from '#server/db/client'

/**
 * What a refused request may legitimately write: better-auth's rate-limit counters and sessions
 * (get-session refreshes their expiry) with the revocation list that mirrors their deletion (a
 * fan may end their own sessions), the per-account sign-in failure counts, and the leaderboard's
 * derived ranks, rebuilt by any read that finds them stale.
 */
const BOOKKEEPING_TABLES = new Set([
  'rate_limit',
  'session',
  'revoked_sessions',
  'sign_in_failures',
  'leaderboard_ranks',
  'leaderboard_snapshot',
])

export type DatabaseFingerprint = Record<string, string>

const tableLists = new WeakMap<Database, Promise<string[]>>()

/** Per table of the public schema (bookkeeping left out): row count and a hash of every row. */
export async function fingerprintDatabase(db: Database): Promise<DatabaseFingerprint> {
  let names = tableLists.get(db)
  if (!names) {
    names = listTables(db)
    tableLists.set(db, names)
  }
  const parts = (await names).map(
    (name) => sql`select ${name} as name,
      count(*)::text || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0)::text as hash
      from ${sql.identifier(name)} t`,
  )
  const result = await db.execute(sql.join(parts, sql` union all `))
  return Object.fromEntries(
    rowsOf<{ name: string; hash: string }>(result).map((row) => [row.name, row.hash]),
  )
}

async function listTables(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)
  return rowsOf<{ name: string }>(result)
    .map((row) => row.name)
    .filter((name) => !BOOKKEEPING_TABLES.has(name))
}
