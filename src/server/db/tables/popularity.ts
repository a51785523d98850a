// The People's Bracket of a tournament, computed once after betting closes and kept.
import { integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core'
import { contest } from './enums'
import { tournaments } from './tournaments'

/**
 * One row per tournament whose People's Bracket was asked for after betting closed
 * (docs/decisions/096). `body` is the answer of GET /api/tournaments/:id/popularity as it was
 * computed; `lastBetAt` is the newest bet the computation saw, so a bet that arrives later (an
 * admin reopened betting) makes the row stale and the next request computes it again.
 */
export const tournamentPopularity = pgTable(
  'tournament_popularity',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    // One People's Bracket per contest (the second chance's counts only its own brackets).
    contest: contest('contest').notNull().default('main'),
    lastBetAt: timestamp('last_bet_at', { withTimezone: true }),
    bracketCount: integer('bracket_count').notNull(),
    body: jsonb('body').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.contest], name: 'tournament_popularity_pkey' })],
)
