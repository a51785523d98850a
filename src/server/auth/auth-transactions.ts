// better-auth runs sign-up in a database transaction but hands its hooks only its own adapter,
// not the Drizzle transaction. To write a mail into the outbox in that same transaction
// (decision 091), the database given to better-auth's adapter remembers, for the code running
// inside each transaction it opens, which transaction that is.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Database, Transaction } from '#server/db/client'

export interface TrackedDatabase {
  /** Give this one to better-auth's adapter. */
  db: Database
  /** The transaction better-auth has open around the calling code, if any. */
  current(): Transaction | undefined
}

export function trackTransactions(db: Database): TrackedDatabase {
  const storage = new AsyncLocalStorage<Transaction>()
  const transaction: Database['transaction'] = (work, config) =>
    db.transaction((tx) => storage.run(tx, () => work(tx)), config)
  const tracked = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'transaction') return transaction
      return Reflect.get(target, property, receiver) as unknown
    },
  })
  return { db: tracked, current: () => storage.getStore() }
}
