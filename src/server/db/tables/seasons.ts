// Seasons (docs/product.md "Seasons", docs/decisions/135 and 136): tournaments grouped into a season,
// and the season standings kept per season as each counted tournament adds its points — totals per
// fan and each step's levels — never summed at read time.
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { tournaments } from './tournaments'

export const seasons = pgTable(
  'seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** Tournaments counted so far: the latest step of season_levels. */
    steps: integer('steps').notNull().default(0),
    /** Fans in the table (a row in season_fans). */
    fans: integer('fans').notNull().default(0),
    /** Moved by every count and undo: what a process's cached pages were read from. */
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the season's end was announced (recap notification and mail), once. */
    recapAt: timestamp('recap_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('seasons_days_in_order', sql`${t.endsOn} >= ${t.startsOn}`),
    check('seasons_counts_non_negative', sql`${t.steps} >= 0 AND ${t.fans} >= 0`),
    uniqueIndex('seasons_name_unique').on(sql`lower(${t.name})`),
  ],
)

/**
 * A tournament's season: at most one (the primary key). `step` is its place in the order the
 * season counted its tournaments, set when it is counted (its settlement has started) and
 * cleared when a cancellation takes it back out.
 */
export const seasonTournaments = pgTable(
  'season_tournaments',
  {
    tournamentId: uuid('tournament_id')
      .primaryKey()
      .references(() => tournaments.id),
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    step: integer('step'),
    countedAt: timestamp('counted_at', { withTimezone: true }),
    /** Fans it gave points (0 or more) when counted. */
    entrants: integer('entrants').notNull().default(0),
    /** Fans in the season's table once it was counted. */
    fansAfter: integer('fans_after').notNull().default(0),
    addedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('season_tournaments_step_unique').on(t.seasonId, t.step),
    check(
      'season_tournaments_counted_has_step',
      sql`(${t.step} IS NULL) = (${t.countedAt} IS NULL)`,
    ),
  ],
)

/**
 * What one counted tournament gave one fan: kept so that a cancellation can take exactly that
 * back, and so a fan's season page lists each tournament. One row per fan who entered.
 */
export const seasonPoints = pgTable(
  'season_points',
  {
    seasonId: uuid('season_id').notNull(),
    userId: text('user_id').notNull(),
    tournamentId: uuid('tournament_id').notNull(),
    step: integer('step').notNull(),
    points: smallint('points').notNull(),
    /** Correct picks of the main bracket (null: none) and of the second chance (null: none). */
    correct: smallint('correct'),
    secondChanceCorrect: smallint('second_chance_correct'),
    /** The main bracket's tier (a tier key or no_tier); null without one. */
    tier: text('tier'),
    coinsWon: integer('coins_won').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.userId, t.tournamentId] }),
    // One tournament's rows: a count adds them to the fans, a take-out removes them.
    index('season_points_step_idx').on(t.seasonId, t.step),
  ],
)

/**
 * Each fan's season so far: the sums of their season_points rows. The order index lists each
 * level's fans in byte order of their id, which is the season order within a level: a page reads
 * its fans from it (season-rows.ts).
 */
export const seasonFans = pgTable(
  'season_fans',
  {
    seasonId: uuid('season_id').notNull(),
    userId: text('user_id').notNull(),
    points: integer('points').notNull(),
    tournaments: integer('tournaments').notNull(),
    coinsWon: bigint('coins_won', { mode: 'number' }).notNull(),
    correct: integer('correct').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.userId] }),
    index('season_fans_order_idx').on(
      t.seasonId,
      t.points,
      t.tournaments,
      t.coinsWon,
      sql`${t.userId} collate "C"`,
    ),
  ],
)

/**
 * After each counted tournament (step), each (points, tournaments, coins won) level of the table
 * and its competition rank: one more than the fans on the levels above. The latest step ranks
 * today's table; the earlier ones give a fan's rank after each tournament.
 */
export const seasonLevels = pgTable(
  'season_levels',
  {
    seasonId: uuid('season_id').notNull(),
    step: integer('step').notNull(),
    points: integer('points').notNull(),
    tournaments: integer('tournaments').notNull(),
    coinsWon: bigint('coins_won', { mode: 'number' }).notNull(),
    rank: integer('rank').notNull(),
    fans: integer('fans').notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.seasonId, t.step, t.points, t.tournaments, t.coinsWon],
      name: 'season_levels_pkey',
    }),
    // A page finds the level holding its first position by rank.
    index('season_levels_rank_idx').on(t.seasonId, t.step, t.rank),
  ],
)

/**
 * A fan's season recap, told once (docs/product.md "Seasons", decision 164): the row is written in the
 * same transaction as the recap's notification, mail and pushes, ON CONFLICT DO NOTHING, so two
 * processes or a restart never tell a fan twice.
 */
export const seasonRecaps = pgTable(
  'season_recaps',
  {
    seasonId: uuid('season_id')
      .notNull()
      .references(() => seasons.id),
    userId: text('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.userId] })],
)
