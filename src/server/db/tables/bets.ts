// Bets and their stored picks.
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, updatedAt, userReference, timeOrderedId } from './columns'
import { betStatus, contest } from './enums'
import { players, tournaments } from './tournaments'

/** One bracket pick inside bets.picks (docs/product.md "What is stored", the stored prediction). */
export interface StoredPick {
  match_id: string
  team1_id: string
  team2_id: string
  predicted_winner_id: string
}

export const bets = pgTable(
  'bets',
  {
    id: timeOrderedId(),
    userId: userReference(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    amount: integer('amount').notNull(),
    // Which of the tournament's contests the bet enters (docs/product.md "Second chance", decision 110); every
    // bet before the second chance is a main one.
    contest: contest('contest').notNull().default('main'),
    status: betStatus('status').notNull().default('active'),
    // The prediction in compact form, written by place_bet (drizzle/0008 and 0010, decision 061):
    // one 64-bit code per pick (match id + predicted winner) and one for the MVP, so settlement
    // scores a million bets from this row alone. Null for a bet written without place_bet:
    // settlement then derives the codes from its prediction.
    pickCodes: bigint('pick_codes', { mode: 'bigint' }).array(),
    // The prediction as the fan made it, kept on the bet itself (decision 081): a second table
    // cost a row, four index entries and four foreign-key checks per bet. Null only for a bet
    // written without one (tests, bulk loads). Stored out of line (STORAGE EXTERNAL, drizzle
    // migration of decision 081), so the row settlement scans and updates stays small. That it is
    // an array is checked by a trigger on insert and on an update of picks (drizzle/0081,
    // decision 175), not by a CHECK: a CHECK runs on every update and read all of picks back
    // from TOAST to mark a bet lost or won.
    picks: jsonb('picks').$type<StoredPick[]>(),
    mvpPlayerId: uuid('mvp_player_id').references(() => players.id),
    // The tiebreaker: the fan's guess of the final's total games (docs/product.md, standings).
    // Null for brackets placed before it was asked; they sort after those with one.
    finalTotalGames: smallint('final_total_games'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bets_amount_positive', sql`${t.amount} > 0`),
    check(
      'bets_final_total_games_range',
      sql`${t.finalTotalGames} IS NULL OR ${t.finalTotalGames} BETWEEN 12 AND 39`,
    ),
    // Invariant 3: at most one bet per user per tournament and contest (decision 110).
    uniqueIndex('bets_user_tournament_contest_unique').on(t.userId, t.tournamentId, t.contest),
    // Participant count and pool are derived by counting bets (docs/product.md "Money"), never stored per bet:
    // the tournament list counts a tournament's bets and their latest time from this index alone
    // (docs/decisions/041); settlement pays them in its order. No predicate on the status and no
    // other index on it, so settling a bet (status → won/lost) is a HOT update that writes no
    // index entry (drizzle/0011, decision 061): only a cancelled tournament has refunded bets,
    // and the list counts none for it. Its leading column serves lookups by tournament; the
    // contest second, so each contest's count and payment order are read from it alone.
    index('bets_tournament_live_idx').on(t.tournamentId, t.contest, t.createdAt),
  ],
)
