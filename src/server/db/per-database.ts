// Things built once per database handle: prepared queries and the loaders that batch reads
// (decision 063). Building a drizzle query walks its whole expression tree and a hot read did
// that on every request: about a tenth of the server's time on the leaderboard
// (bench/README.md). Keyed by handle, so test databases never share a statement or a batch; a
// transaction's handle builds its own.
import type { Database } from './client'

export function builtOncePer<Thing>(build: (db: Database) => Thing): (db: Database) => Thing {
  const built = new WeakMap<Database, Thing>()
  return (db) => {
    let thing = built.get(db)
    if (thing === undefined) {
      thing = build(db)
      built.set(db, thing)
    }
    return thing
  }
}
