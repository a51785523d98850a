// Deadline reminders sent (docs/decisions/101): one row per fan, tournament, contest (the main
// bracket's deadline or the second chance's, docs/product.md "Second chance") and window (24 h or 2 h before
// the deadline), written in the same transaction as the reminder's outbox row. Its
// primary key is what keeps several server processes, scanning at the same moment, from sending
// one reminder twice: the second insert finds the row and does nothing.
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, userReference } from './columns'
import { contest } from './enums'
import { tournaments } from './tournaments'

export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    // The key leads with the tournament: the scan looks up one tournament's reminders at a time.
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    /** Whose deadline: the main bracket's or the second chance's. */
    contest: contest('contest').notNull().default('main'),
    /** Hours before the deadline: 24 or 2. */
    windowHours: smallint('window_hours').notNull(),
    userId: userReference(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.contest, t.windowHours, t.userId] }),
    check('deadline_reminders_window_known', sql`${t.windowHours} in (24, 2)`),
  ],
)

/**
 * A tournament's window whose fans have all been looked at once, and from when (docs/decisions/
 * 101): later scans of that window look only at the fans in reminder_candidates since then.
 */
export const reminderSweeps = pgTable(
  'reminder_sweeps',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    contest: contest('contest').notNull().default('main'),
    windowHours: smallint('window_hours').notNull(),
    /** When the full pass began; whatever changed after it is in reminder_candidates. */
    sweptFrom: timestamp('swept_from', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.contest, t.windowHours] })],
)

/**
 * Fans who may have become due a reminder: written by triggers (drizzle migration
 * reminder-candidates) when a user is confirmed or unbanned, or turns reminders back on. Kept two
 * days, longer than any window lasts.
 */
export const reminderCandidates = pgTable(
  'reminder_candidates',
  {
    userId: text('user_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reminder_candidates_changed_at_idx').on(t.changedAt)],
)
