// Column helpers every table file shares.
import { sql } from 'drizzle-orm'
import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from '../auth-schema'

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())
/**
 * A job's place in a tournament's bets, walked in the order of bets_tournament_live_idx
 * (created_at, id): the last bet handled, and doneAt once every bet has been.
 */
export const betWalkColumns = () => ({
  afterCreatedAt: timestamp('after_created_at', { withTimezone: true }),
  afterBetId: uuid('after_bet_id'),
  doneAt: timestamp('done_at', { withTimezone: true }),
  updatedAt: updatedAt(),
})

export const counter = (name: string) => integer(name).notNull().default(0)
// An account with money or bets is never deleted (the ledger is append-only): ban it instead.
export const userReference = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'restrict' })

/**
 * A UUID whose first 48 bits are its creation time in milliseconds (version 7, made by the
 * uuid_v7() function of drizzle/0016; decision 065), for the tables that grow with every bet: new
 * rows land at the right edge of the primary key index instead of on a random page of it, which
 * at a million rows costs a page image in the write-ahead log per insert after each checkpoint.
 */
export function timeOrderedId() {
  return uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`)
}
