// Applies the committed SQL migrations in drizzle/ at start-up (and from `npm run db:migrate`).
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { DatabaseHandle } from './client'

// Any fixed number: all servers starting against one PostgreSQL take turns migrating.
const MIGRATION_LOCK_KEY = 7_461_921_001

export interface MigrateOptions {
  migrationsFolder?: string
}

export async function migrateDatabase(
  handle: DatabaseHandle,
  options: MigrateOptions = {},
): Promise<void> {
  const migrationsFolder = options.migrationsFolder ?? findMigrationsFolder()
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db, { migrationsFolder })
    return
  }
  // Several processes may start at once against one PostgreSQL: an advisory lock held on the
  // connection that migrates lets the first one migrate and the others find nothing left to do.
  const connection = await handle.client.connect()
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await migrateNodePostgres(drizzle({ client: connection }), { migrationsFolder })
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {})
    connection.release()
  }
}

/**
 * The drizzle/ folder at the repository root, found by walking up from this module, so it works
 * from src/server/db (tsx, vitest) and from the bundle in dist/server alike.
 */
export function findMigrationsFolder(start = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const candidate = join(dir, 'drizzle')
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate
    if (dirname(dir) === dir) break
  }
  const fromCwd = resolve('drizzle')
  if (existsSync(join(fromCwd, 'meta', '_journal.json'))) return fromCwd
  throw new Error(`No drizzle/ migrations folder found above ${start} or in the working directory.`)
}
