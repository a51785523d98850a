// In-app notifications and the cursors of the mail feeds (docs/decisions/102).
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { NOTIFICATION_KINDS } from '../../../shared/schemas/notification'
import { user } from '../auth-schema'
import { createdAt, timeOrderedId, updatedAt } from './columns'
import { tournaments } from './tournaments'

/** The figures of a notification; which ones a kind carries: notification-writes.ts. */
export interface NotificationData {
  coins?: number
  tier?: string
  correct?: number
  total?: number
  /** A payout whose prizes were scaled down to fit the pool. */
  scaled?: boolean
}

export const notifications = pgTable(
  'notifications',
  {
    // Time-ordered (decision 065): a settlement writes one per entrant, at the index's right edge.
    id: timeOrderedId(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    // No database check on the list: later issues add kinds in src/shared alone.
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    tournamentId: uuid('tournament_id').references(() => tournaments.id),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    // A results mail not yet written to the outbox (results-mail.ts writes it once the
    // settlement completes, and clears this in the same transaction).
    mailPending: boolean('mail_pending').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // The list and the unread count: one fan's rows, newest first.
    index('notifications_user_newest_idx').on(t.userId, t.id.desc()),
    // At most one of a kind per fan and tournament, whatever re-runs (nulls are distinct).
    uniqueIndex('notifications_once_per_tournament').on(t.userId, t.tournamentId, t.kind),
    // Results mails to write, found per settled tournament.
    index('notifications_mail_pending_idx')
      .on(t.tournamentId, t.id)
      .where(sql`${t.mailPending}`),
  ],
)

/**
 * Where a mail feed that follows a growing table has got to (decision 102): the id (time-ordered)
 * of the last row it has handled. The row is locked while a process works the feed.
 */
export const mailFeeds = pgTable('mail_feeds', {
  name: text('name').primaryKey(),
  afterId: uuid('after_id').notNull(),
  updatedAt: updatedAt(),
})
