// Sessions deleted (signed out, reset, banned, revoked) while a signed copy of them may still sit
// in a browser's session cache cookie. A trigger on `session` writes a row for every deleted
// session that had not expired yet; every server process reads the new rows at most
// SESSION_REVOCATION_SYNC_MS after they commit and refuses those caches (docs/decisions/066).
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    // clock_timestamp(), not now(): the moment of the deletion, not of its transaction's start,
    // so that a process reading "revoked since" a moment misses no row committed after it.
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('revoked_sessions_revoked_at_idx').on(table.revokedAt)],
)
