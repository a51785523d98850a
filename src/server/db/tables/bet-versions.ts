// Every version of a changed bracket (docs/product.md "Changing a bracket and quick fill", decision 109).
import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'
import { bets, type StoredPick } from './bets'
import { players } from './tournaments'

/**
 * One row per version of a bet's bracket, numbered 1, 2, 3… without gaps. Written only by
 * change_bet (drizzle, src/server/db/sql/change-bet.sql): version 1 is the bracket as placed,
 * written with the first change; a bet never changed has no rows here, and its bets row is its
 * only version. The latest version always equals the bet's own picks.
 */
export const betVersions = pgTable(
  'bet_versions',
  {
    betId: uuid('bet_id')
      .notNull()
      .references(() => bets.id),
    version: integer('version').notNull(),
    picks: jsonb('picks').$type<StoredPick[]>().notNull(),
    mvpPlayerId: uuid('mvp_player_id').references(() => players.id),
    finalTotalGames: smallint('final_total_games'),
    createdAt: createdAt(),
  },
  (t) => [
    // The key is also the history's order and the lookup of the latest version.
    primaryKey({ columns: [t.betId, t.version] }),
    check('bet_versions_version_positive', sql`${t.version} >= 1`),
    check('bet_versions_picks_is_array', sql`jsonb_typeof(${t.picks}) = 'array'`),
  ],
)
