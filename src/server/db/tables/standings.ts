// The tournament standings: every bracket's score and place, and when each tournament's were
// last rebuilt (docs/decisions/093).
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { bets } from './bets'
import { contest } from './enums'
import { tournaments } from './tournaments'

/**
 * One narrow row per bracket of a tournament whose deadline has passed, rebuilt set-based in the
 * background after each result, correction or MVP change (features/standings). `position` orders
 * the whole tournament (1 … N, ties broken by the earlier entry) so any page is one index range;
 * `rank_position` is the competition rank (equal scores share it: 1, 1, 3).
 */
export const bracketStandings = pgTable(
  'bracket_standings',
  {
    betId: uuid('bet_id')
      .primaryKey()
      .references(() => bets.id, { onDelete: 'cascade' }),
    // The bet's tournament, copied so a page is one index range (the bet's key implies it).
    tournamentId: uuid('tournament_id').notNull(),
    // The bet's contest, copied likewise: each contest is ranked on its own (docs/product.md,
    // second chance), positions 1 … N per tournament and contest.
    contest: contest('contest').notNull().default('main'),
    position: integer('position').notNull(),
    rankPosition: integer('rank_position').notNull(),
    correct: smallint('correct').notNull(),
    maxPossible: smallint('max_possible').notNull(),
    // Null until the final's set scores are known, and for brackets without a tiebreaker.
    tiebreakerDistance: smallint('tiebreaker_distance'),
  },
  // Not unique: positions move during a rebuild's single update, row by row.
  (t) => [index('bracket_standings_page_idx').on(t.tournamentId, t.contest, t.position)],
)

/**
 * Per tournament: the results the standings were last built from (a digest of the matches, the
 * MVP and the deadline), so a rebuild that a crash cut short is noticed at the next start.
 */
export const standingsBuilds = pgTable('standings_builds', {
  tournamentId: uuid('tournament_id')
    .primaryKey()
    .references(() => tournaments.id),
  resultsDigest: text('results_digest').notNull(),
  entries: integer('entries').notNull(),
  /** The second chance's ranked brackets (0 without one); `entries` counts the main ones. */
  secondChanceEntries: integer('second_chance_entries').notNull().default(0),
  builtAt: timestamp('built_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})
