import type { SQL } from 'drizzle-orm'

/** A check of the ledger audit: a query whose every row is a violation, and how to describe one. */
export interface Check {
  invariant: string
  query: SQL
}
