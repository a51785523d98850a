// What a suite that runs the server on PostgreSQL sets up and tears down (the fault drills among
// them): a database of its own for the suite, and the server process the test runs at any moment
// (drills kill and restart it), killed after the suite before its database is dropped.
import { afterAll, beforeAll } from 'vitest'
import { createServerPostgres, type ServerPostgres } from '#tests/server-database'
import type { ServerProcess } from '#tests/server-process'
import { startReliabilityServer } from './reliability-server'

export interface PostgresServerSuite {
  /** The suite's database, made before its first test. */
  readonly database: ServerPostgres
  /**
   * Starts a server on the suite's database, with extra environment if given; the latest one
   * started is killed after the suite.
   */
  startServer(env?: Record<string, string>): Promise<ServerProcess>
}

/**
 * Registers the suite's hooks. `beforeDrop` runs first when the suite ends, for a drill that
 * leaves the database refusing connections.
 */
export function usePostgresServerSuite(
  beforeDrop?: (database: ServerPostgres) => Promise<unknown>,
): PostgresServerSuite {
  let database: ServerPostgres | undefined
  let latestServer: ServerProcess | undefined

  beforeAll(async () => {
    database = await createServerPostgres()
  })
  afterAll(async () => {
    if (database) await beforeDrop?.(database)
    await latestServer?.kill9()
    await database?.drop()
  })

  return {
    get database() {
      if (!database) throw new Error('the suite database is made in beforeAll')
      return database
    },
    async startServer(env) {
      latestServer = await startReliabilityServer({ databaseUrl: this.database.url, env })
      return latestServer
    },
  }
}
