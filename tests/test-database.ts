// A fresh, migrated database per test file: PGlite always, PostgreSQL too when TEST_DATABASE_URL
// is set (CI). Use `describe.each(testDatabaseKinds)` with `useTestDatabase(kind)`.
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, inject } from 'vitest'
import {
  createPostgresPool,
  wrapPglite,
  wrapPostgresPool,
  type DatabaseHandle,
} from '#server/db/client'
import { migrateDatabase } from '#server/db/migrate'
import { getPgliteTemplate } from './pglite-template'
import {
  databaseUrlOn,
  newTestDatabaseName,
  runAdminStatement,
  TEST_DATABASE_URL,
} from './postgres-admin'

export type TestDatabaseKind = DatabaseHandle['kind']

/** The engines to run database tests on: ['pglite'], plus 'postgres' when TEST_DATABASE_URL is set. */
export const testDatabaseKinds: TestDatabaseKind[] = TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite']

/**
 * Creates a migrated, empty database. PGlite: in memory from the cached template.
 * PostgreSQL: a new database `gp_test_…` on the TEST_DATABASE_URL server (the role needs
 * CREATEDB), dropped again by close(): a copy of the run's migrated template
 * (tests/postgres-template-setup.ts), or migrated here when no setup made one.
 */
export async function createTestDatabase(
  kind: TestDatabaseKind = 'pglite',
): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const client = await PGlite.create({ loadDataDir: await getPgliteTemplate() })
    return wrapPglite(client)
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set')
  return createPostgresTestDatabase(TEST_DATABASE_URL)
}

/**
 * Registers beforeAll/afterAll for one database shared by the tests of the enclosing describe
 * block, and returns a getter for it.
 */
export function useTestDatabase(kind: TestDatabaseKind = 'pglite'): () => DatabaseHandle {
  let handle: DatabaseHandle | undefined
  beforeAll(async () => {
    handle = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await handle?.close()
  })
  return () => {
    if (!handle) throw new Error('useTestDatabase: the database is only ready inside tests')
    return handle
  }
}

/**
 * A source of many fresh, migrated databases, for tests that want one per case (the model test:
 * one per run, so its auditor reads that run's rows only). PGlite loads the cached template each
 * time; PostgreSQL copies a template database migrated once (CREATE DATABASE … TEMPLATE, about a
 * third of a second) instead of migrating again. close() drops the template.
 */
export interface TestDatabaseSource {
  next(): Promise<DatabaseHandle>
  close(): Promise<void>
}

export async function createTestDatabaseSource(
  kind: TestDatabaseKind = 'pglite',
): Promise<TestDatabaseSource> {
  if (kind === 'pglite') return { next: () => createTestDatabase('pglite'), close: async () => {} }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set')
  const serverUrl = TEST_DATABASE_URL
  const template = newTestDatabaseName()
  await runAdminStatement(serverUrl, `CREATE DATABASE "${template}"`)
  const migrating = wrapPostgresPool(createPostgresPool(databaseUrlOn(serverUrl, template), 1))
  try {
    await migrateDatabase(migrating)
  } finally {
    // A template may have no connections while it is copied.
    await migrating.close()
  }
  return {
    next: () => openNewPostgresDatabase(serverUrl, `TEMPLATE "${template}"`),
    close: async () => {
      await runAdminStatement(serverUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`)
    },
  }
}

// A database per test file rather than a schema: drizzle-kit writes "public"-qualified names into
// the migrations, so only a database of its own runs them unchanged (docs/decisions/010).
async function createPostgresTestDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const template = inject('postgresTemplate')
  if (template) return openNewPostgresDatabase(serverUrl, `TEMPLATE "${template}"`)
  const handle = await openNewPostgresDatabase(serverUrl, '')
  try {
    await migrateDatabase(handle)
  } catch (error) {
    await handle.close()
    throw error
  }
  return handle
}

/** A new database `gp_test_…` (empty, or a copy of a template), dropped again by close(). */
async function openNewPostgresDatabase(
  serverUrl: string,
  options: string,
): Promise<DatabaseHandle> {
  const name = newTestDatabaseName()
  await runAdminStatement(serverUrl, `CREATE DATABASE "${name}" ${options}`)
  return wrapPostgresPool(createPostgresPool(databaseUrlOn(serverUrl, name), 4), async () => {
    await runAdminStatement(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  })
}
