// The tournament standings: the ranking of each contest in chunks of positions, and per
// tournament what the last build was made from (docs/decisions/093).
import { sql } from 'drizzle-orm'
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { contest } from './enums'
import { tournaments } from './tournaments'

/**
 * One row per STANDINGS_CHUNK_SIZE positions of a contest's ranking (1 … N, ties broken by the
 * earlier entry): element i of `bet_ids` is position chunk × size + i. A rebuild after a result
 * rewrites a thousand rows at a million brackets, not a million; a page is one or two rows. The
 * numbers a row shows are not stored: they follow from the bet, the build's scoring and its
 * levels (standings_builds), as does a fan's own row.
 */
export const standingsChunks = pgTable(
  'standings_chunks',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    contest: contest('contest').notNull(),
    chunk: integer('chunk').notNull(),
    /** The brackets at these positions, in order. */
    betIds: uuid('bet_ids').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.contest, t.chunk] })],
)

/** What a build scored with: enough to score any one bet exactly as the build did. */
export interface StoredBuildScoring {
  /** Pick codes (bigints as text) of the actual winners and MVP: each found in a bet is correct. */
  winning: string[]
  /** Codes of picks that can no longer come true (their pair is out). */
  busted: string[]
  /** Playable matches without a winner, per contest. */
  undecided: { main: number; second_chance: number }
  /** 1 while the MVP is not named. */
  mvpOpen: number
  /** The final's total games once known. */
  finalTotal: number | null
}

/** Per contest, each (correct, tiebreaker distance) level of the ranking and its competition rank. */
export type StoredBuildLevels = Record<
  string,
  [correct: number, distance: number | null, rank: number][]
>

/**
 * Per tournament: the results the standings were last built from (a digest of the matches, the
 * MVP and the deadline), so a rebuild that a crash cut short is noticed at the next start; and
 * the build's scoring and levels, from which any bet's row follows.
 */
export const standingsBuilds = pgTable('standings_builds', {
  tournamentId: uuid('tournament_id')
    .primaryKey()
    .references(() => tournaments.id),
  resultsDigest: text('results_digest').notNull(),
  entries: integer('entries').notNull(),
  /** The second chance's ranked brackets (0 without one); `entries` counts the main ones. */
  secondChanceEntries: integer('second_chance_entries').notNull().default(0),
  scoring: jsonb('scoring').$type<StoredBuildScoring>().notNull(),
  levels: jsonb('levels').$type<StoredBuildLevels>().notNull(),
  builtAt: timestamp('built_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})
