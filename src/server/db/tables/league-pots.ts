// League pots (docs/product.md "League pots", docs/decisions/137 and 138): a league's owner
// puts a stake on an open tournament, members join with it through the ledger (league_stake),
// and after the settlement the pot is paid (league_pot_win) or given back (league_stake_refund).
// The pot rows outlive their league: they are what the ledger's pot movements are checked against.
import { sql } from 'drizzle-orm'
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { LEAGUE_POT_STATES } from '#shared/schemas/league-pot'
import { createdAt, updatedAt } from './columns'
import { tournaments } from './tournaments'

export const leaguePots = pgTable(
  'league_pots',
  {
    /** No key: the pot and its history stay when the league is deleted (it may not be while open). */
    leagueId: uuid('league_id').notNull(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    stake: integer('stake').notNull(),
    /** open → paid (winners credited) or refunded (every stake back); both final. */
    state: text('state', { enum: LEAGUE_POT_STATES }).notNull().default('open'),
    /** Entries, kept by the join under the pot row's lock. */
    entries: integer('entries').notNull().default(0),
    /** Why a refunded pot was refunded: too_few_entries or cancelled. */
    refundReason: text('refund_reason'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.leagueId, t.tournamentId], name: 'league_pots_pkey' }),
    check('league_pots_stake_range', sql`${t.stake} between 1 and 1000`),
    check('league_pots_state_known', sql`${t.state} in ('open', 'paid', 'refunded')`),
    check('league_pots_entries_non_negative', sql`${t.entries} >= 0`),
    check('league_pots_closed_has_time', sql`(${t.state} = 'open') = (${t.closedAt} IS NULL)`),
    // The payout worker's look: open pots per tournament.
    index('league_pots_open_idx')
      .on(t.tournamentId)
      .where(sql`${t.state} = 'open'`),
  ],
)

/**
 * One row per member in a pot, at most one (the primary key): a hundred joins at once make one
 * row and one stake. `payout` is what the member was credited when the pot closed (0: nothing).
 */
export const leaguePotEntries = pgTable(
  'league_pot_entries',
  {
    leagueId: uuid('league_id').notNull(),
    tournamentId: uuid('tournament_id').notNull(),
    userId: text('user_id').notNull(),
    /** The member's main bracket, whose correct picks and tiebreaker decide the pot. */
    betId: uuid('bet_id').notNull(),
    stake: integer('stake').notNull(),
    /** Coins credited when the pot closed: a share of the pot, or the stake back. */
    payout: integer('payout'),
    /** What the pot was decided by, stored when it closed: the bracket's correct picks and
     * tiebreaker distance (null: none given, or the pot was refunded). */
    correct: smallint('correct'),
    tiebreakerDistance: smallint('tiebreaker_distance'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      columns: [t.leagueId, t.tournamentId, t.userId],
      name: 'league_pot_entries_pkey',
    }),
    foreignKey({
      columns: [t.leagueId, t.tournamentId],
      foreignColumns: [leaguePots.leagueId, leaguePots.tournamentId],
      name: 'league_pot_entries_pot_fk',
    }),
    // A fan's own pots (the league page's "joined", a leaving member's stakes).
    index('league_pot_entries_user_idx').on(t.userId, t.tournamentId),
    check('league_pot_entries_payout_non_negative', sql`${t.payout} IS NULL OR ${t.payout} >= 0`),
  ],
)
