// Vitest global setup (vitest.config.ts): when TEST_DATABASE_URL is set, migrates one PostgreSQL
// database for the whole run, and every test file's database is a copy of it (CREATE DATABASE …
// TEMPLATE) instead of a fresh one migrated again: the chain of migrations cost each file about
// half a second of CPU, between the test process and the server, and seconds of wall time on a
// loaded machine. Dropped when the run ends. Without the setup (the reliability suites),
// tests/test-database.ts migrates each database as before.
import type { TestProject } from 'vitest/node'
import { createPostgresPool, wrapPostgresPool } from '#server/db/client'
import { migrateDatabase } from '#server/db/migrate'
import {
  databaseUrlOn,
  newTestDatabaseName,
  runAdminStatement,
  TEST_DATABASE_URL,
} from './postgres-admin'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database on TEST_DATABASE_URL's server that test databases copy. */
    postgresTemplate: string | undefined
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = TEST_DATABASE_URL
  if (!serverUrl) {
    project.provide('postgresTemplate', undefined)
    return
  }
  const template = newTestDatabaseName()
  await runAdminStatement(serverUrl, `CREATE DATABASE "${template}"`)
  const drop = () =>
    runAdminStatement(serverUrl, `DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`)
  // A template may have no connections while it is copied: this pool is closed before any test.
  const migrating = wrapPostgresPool(createPostgresPool(databaseUrlOn(serverUrl, template), 1))
  try {
    await migrateDatabase(migrating)
  } catch (error) {
    await migrating.close()
    await drop()
    throw error
  }
  await migrating.close()
  project.provide('postgresTemplate', template)
  return async () => {
    await drop()
  }
}
