// Things built once per database handle: prepared queries and the loaders that batch reads
// (decision 063). Building a drizzle query walks its whole expression tree and a hot read did
// that on every request: about a tenth of the server's time on the leaderboard
// (bench/README.md). Keyed by handle, so test databases never share a statement or a batch; a
// transaction's handle builds its own.
import DataLoader from 'dataloader'
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

// Reads that arrive in the same turn of the event loop share one query (decision 063): DataLoader
// collects them and sends the batch once the turn's I/O callbacks are done (setImmediate). It
// caches nothing, so every request still reads the database after it arrived. Under load a turn
// holds several requests and one round trip answers them all; at rest a batch is one request.
const MAX_BATCH_SIZE = 100

/** One loader per database handle; `load` answers a batch's keys in their order. */
export function batchedPer<Key, Value>(
  load: (db: Database, keys: readonly Key[]) => Promise<Value[]>,
): (db: Database) => DataLoader<Key, Value> {
  return builtOncePer(
    (db) =>
      new DataLoader<Key, Value>((keys) => load(db, keys), {
        cache: false,
        maxBatchSize: MAX_BATCH_SIZE,
        batchScheduleFn: (dispatch) => setImmediate(dispatch),
      }),
  )
}
