// Players, tournaments, their pairs and matches, and the stored prize configuration.
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, updatedAt, counter } from './columns'
import { tournamentStatus, matchRound } from './enums'

/** One prize tier as stored in prize_pool_config.tiers (keys tier_100 … tier_60). */
export interface StoredPrizeTier {
  min_accuracy: number
  prize_percentage: number
  description: string
}

/** prize_pool_config as the spec stores it; validated by the admin input schema before saving. */
export interface StoredPrizePoolConfig {
  base_pool: number
  entry_fee: number
  multiplier: number
  tiers: Record<string, StoredPrizeTier>
  calculation_method: string
  max_participants: number
  min_participants: number
}

export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // The bracket cards' name ("Di Nenno"); null: derived from the name (src/domain/player).
    shortName: text('short_name'),
    country: text('country').notNull(),
    ranking: counter('ranking'),
    wins: counter('wins'),
    losses: counter('losses'),
    titlesWon: counter('titles_won'),
    // The tour's own id for the player (a draw file's player1_id/player2_id): a re-imported draw
    // finds the player by it before trying name and country (docs/decisions/140).
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('players_external_id_unique')
      .on(t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    check(
      'players_counts_non_negative',
      sql`${t.ranking} >= 0 AND ${t.wins} >= 0 AND ${t.losses} >= 0 AND ${t.titlesWon} >= 0`,
    ),
    index('players_name_idx').on(t.name),
  ],
)

export const tournaments = pgTable(
  'tournaments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    status: tournamentStatus('status').notNull().default('upcoming'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    bettingDeadline: timestamp('betting_deadline', { withTimezone: true }).notNull(),
    prizePoolConfig: jsonb('prize_pool_config').$type<StoredPrizePoolConfig>().notNull(),
    mvpPlayerId: uuid('mvp_player_id').references(() => players.id),
    // Moved on by a trigger whenever the tournament's matches or pairs change (drizzle/0013,
    // decision 062): a server process may keep the bracket it validates bets against, and
    // place_bet refuses a bet checked against another version.
    bracketVersion: integer('bracket_version').notNull().default(0),
    // Whether a fan may change their bracket, for free, until the deadline (docs/product.md "Changing a bracket and quick fill",
    // decision 108). Off by default: the seed's rule is that a submitted bet is final.
    bracketsChangeable: boolean('brackets_changeable').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin form's own rules (docs/product.md "Validation"), kept here too so no other path can break them.
    check('tournaments_end_after_start', sql`${t.endDate} > ${t.startDate}`),
    check('tournaments_deadline_not_after_start', sql`${t.bettingDeadline} <= ${t.startDate}`),
    check('tournaments_config_is_object', sql`jsonb_typeof(${t.prizePoolConfig}) = 'object'`),
    index('tournaments_start_date_idx').on(t.startDate),
  ],
)

export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    player1Id: uuid('player1_id')
      .notNull()
      .references(() => players.id),
    player2Id: uuid('player2_id')
      .notNull()
      .references(() => players.id),
    ranking: counter('ranking'),
    // Position in the bracket draw (1..16); null until the draw is made.
    seed: smallint('seed'),
    wins: counter('wins'),
    losses: counter('losses'),
    titlesWon: counter('titles_won'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('teams_distinct_players', sql`${t.player1Id} <> ${t.player2Id}`),
    check('teams_seed_range', sql`${t.seed} IS NULL OR ${t.seed} BETWEEN 1 AND 16`),
    check(
      'teams_counts_non_negative',
      sql`${t.ranking} >= 0 AND ${t.wins} >= 0 AND ${t.losses} >= 0 AND ${t.titlesWon} >= 0`,
    ),
    index('teams_tournament_id_idx').on(t.tournamentId),
    uniqueIndex('teams_tournament_seed_unique').on(t.tournamentId, t.seed),
  ],
)

export const matches = pgTable(
  'matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    team1Id: uuid('team1_id').references(() => teams.id),
    team2Id: uuid('team2_id').references(() => teams.id),
    round: matchRound('round').notNull(),
    matchNumber: integer('match_number').notNull(),
    winnerTeamId: uuid('winner_team_id').references(() => teams.id),
    // The set scores, pair 1's games first ([[6,4],[3,6],[10,8]]), checked against padel's rules
    // and the winner by the domain (src/domain/padel/set-scores.ts) before they are written; null
    // until an admin enters them. The final's total games order ties in the standings.
    sets: jsonb('sets').$type<[number, number][]>(),
    // The order of play (docs/decisions/141): when and where the match is due to start; null
    // until the organiser says. A change of either never moves the bracket version (drizzle/0061).
    startsAt: timestamp('starts_at', { withTimezone: true }),
    court: text('court'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('matches_match_number_positive', sql`${t.matchNumber} >= 1`),
    check(
      'matches_distinct_teams',
      sql`${t.team1Id} IS NULL OR ${t.team2Id} IS NULL OR ${t.team1Id} <> ${t.team2Id}`,
    ),
    check(
      'matches_winner_is_a_team',
      sql`${t.winnerTeamId} IS NULL OR ${t.winnerTeamId} = ${t.team1Id} OR ${t.winnerTeamId} = ${t.team2Id}`,
    ),
    check('matches_sets_is_array', sql`jsonb_typeof(${t.sets}) = 'array'`),
    uniqueIndex('matches_tournament_round_number_unique').on(
      t.tournamentId,
      t.round,
      t.matchNumber,
    ),
  ],
)
