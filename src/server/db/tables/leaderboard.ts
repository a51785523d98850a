// The leaderboard's rank table and its snapshot row.
import { sql } from 'drizzle-orm'
import { bigint, check, integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core'

/**
 * The leaderboard position of every balance a player held at the last rebuild: one row per
 * distinct balance, not per user, rebuilt set-based in the background every few seconds ("my
 * position" is one indexed read instead of counting higher balances; docs/decisions/043).
 * Positions are competition ranks: rank_position = 1 + the players with more coins; equal
 * balances share a position, and `players` is how many hold this balance.
 */
export const leaderboardRanks = pgTable('leaderboard_ranks', {
  totalCoins: bigint('total_coins', { mode: 'number' }).primaryKey(),
  rankPosition: integer('rank_position').notNull(),
  players: integer('players').notNull(),
})

/** One row: when leaderboard_ranks was last rebuilt, and the totals computed with it. */
export const leaderboardSnapshot = pgTable(
  'leaderboard_snapshot',
  {
    id: smallint('id').primaryKey().default(1),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
    totalPlayers: integer('total_players').notNull(),
    totalCoins: bigint('total_coins', { mode: 'number' }).notNull(),
    topScore: bigint('top_score', { mode: 'number' }).notNull(),
  },
  (t) => [check('leaderboard_snapshot_single_row', sql`${t.id} = 1`)],
)
