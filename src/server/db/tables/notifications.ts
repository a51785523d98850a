// In-app notifications and the mail jobs' cursors (docs/decisions/102).
import {
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { NOTIFICATION_KINDS } from '../../../shared/schemas/notification'
import { createdAt, timeOrderedId, updatedAt } from './columns'

/**
 * One row per thing a fan is told, written set-based by the transaction of its cause (a
 * settlement chunk writes tens of thousands). Kept cheap to write: one index, and no foreign key
 * (a key check locks its parent row, per row): every kind so far is about a bet, whose own keys
 * hold its fan and tournament, and an account with bets is never deleted. The figures are typed
 * columns, null where a kind has none; the web writes the text from them.
 */
export const notifications = pgTable(
  'notifications',
  {
    // Time-ordered (decision 065): new rows land at the index's right edge.
    id: timeOrderedId(),
    userId: text('user_id').notNull(),
    // No database check on the list: later issues add kinds in src/shared alone.
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    tournamentId: uuid('tournament_id'),
    /** Coins received: a prize, a refunded entry fee. */
    coins: integer('coins'),
    /** The tier a payout reached. */
    tier: text('tier'),
    correct: smallint('correct'),
    total: smallint('total'),
    /** A payout whose tier prizes were scaled down to fit the pool. */
    prizesScaled: boolean('prizes_scaled'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The list, the unread count and the results mail's lookup: one fan's rows, newest first.
  (t) => [index('notifications_user_newest_idx').on(t.userId, t.id.desc())],
)

/**
 * Where a mail feed that follows a growing table has got to (decision 102): the id (time-ordered)
 * of the last ledger row it has handled. The row is locked while a process works the feed.
 */
export const mailFeeds = pgTable('mail_feeds', {
  name: text('name').primaryKey(),
  afterId: uuid('after_id').notNull(),
  updatedAt: updatedAt(),
})

/**
 * A completed settlement's results mails: how far through its bets (in the order of
 * bets_tournament_live_idx) they have been written; doneAt once all have.
 */
export const resultsMailProgress = pgTable('results_mail_progress', {
  tournamentId: uuid('tournament_id').primaryKey(),
  afterCreatedAt: timestamp('after_created_at', { withTimezone: true }),
  afterBetId: uuid('after_bet_id'),
  doneAt: timestamp('done_at', { withTimezone: true }),
  updatedAt: updatedAt(),
})

/**
 * An opened second chance's announcement (docs/product.md, second chance for fans): how far
 * through the tournament's main bets (in the order of bets_tournament_live_idx) the "second chance
 * is open" notification and mail have been written; doneAt once every entrant has had theirs.
 */
export const secondChanceAnnouncements = pgTable('second_chance_announcements', {
  tournamentId: uuid('tournament_id').primaryKey(),
  afterCreatedAt: timestamp('after_created_at', { withTimezone: true }),
  afterBetId: uuid('after_bet_id'),
  doneAt: timestamp('done_at', { withTimezone: true }),
  updatedAt: updatedAt(),
})
