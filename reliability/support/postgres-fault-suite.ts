// What every PostgreSQL fault drill sets up and tears down: a database of its own for the suite,
// and the server process the test runs at any moment (drills kill and restart it), killed after
// the suite before its database is dropped.
import { afterAll, beforeAll } from 'vitest'
import { createServerPostgres, type ServerPostgres } from './server-database'
import { startServerProcess, type ServerProcess } from './server-process'

export interface PostgresFaultSuite {
  /** The suite's database, made before its first test. */
  readonly database: ServerPostgres
  /** Starts a server on the suite's database; the latest one started is killed after the suite. */
  startServer(): Promise<ServerProcess>
}

/**
 * Registers the suite's hooks. `beforeDrop` runs first when the suite ends, for a drill that
 * leaves the database refusing connections.
 */
export function usePostgresFaultSuite(
  beforeDrop?: (database: ServerPostgres) => Promise<unknown>,
): PostgresFaultSuite {
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
    async startServer() {
      latestServer = await startServerProcess({ databaseUrl: this.database.url })
      return latestServer
    },
  }
}
