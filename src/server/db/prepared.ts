// Queries built once per database handle and sent as prepared statements. Building a drizzle
// query walks its whole expression tree and a hot read does that on every request: about a
// tenth of the server's time on the leaderboard (bench/README.md). Keyed by handle, so test
// databases never share a statement; a transaction's handle builds its own.
import type { Database } from './client'

export function preparedPer<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>()
  return (db) => {
    let query = built.get(db)
    if (query === undefined) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}
