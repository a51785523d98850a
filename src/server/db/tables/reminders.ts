// Deadline reminders sent (docs/decisions/101): one row per fan, tournament and window (24 h or
// 2 h before the deadline), written in the same transaction as the reminder's outbox row. Its
// primary key is what keeps several server processes, scanning at the same moment, from sending
// one reminder twice: the second insert finds the row and does nothing.
import { sql } from 'drizzle-orm'
import { check, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core'
import { createdAt, userReference } from './columns'
import { tournaments } from './tournaments'

export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    // The key leads with the tournament: the scan looks up one tournament's reminders at a time.
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    /** Hours before the deadline: 24 or 2. */
    windowHours: smallint('window_hours').notNull(),
    userId: userReference(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.windowHours, t.userId] }),
    check('deadline_reminders_window_known', sql`${t.windowHours} in (24, 2)`),
  ],
)
