// In-app notifications and the mail jobs' cursors (docs/decisions/102).
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { NOTIFICATION_KINDS } from '#shared/schemas/notification'
import { betWalkColumns, createdAt, timeOrderedId, updatedAt } from './columns'
import { contest } from './enums'

/**
 * One row per thing a fan is told, written set-based: a refund in the cancel's transaction, a
 * settlement's payouts and results by a follow-up job after it (settlement-notifications.ts), a
 * batch of thousands at a time. No foreign key (a key check locks its parent row, per row):
 * every kind so far is about a bet, whose own keys hold its fan and tournament, and an account
 * with bets is never deleted. The figures are typed columns, null where a kind has none; the web
 * writes the text from them.
 */
export const notifications = pgTable(
  'notifications',
  {
    // Time-ordered (decision 065): new rows land at the index's right edge.
    id: timeOrderedId(),
    userId: text('user_id').notNull(),
    // No database check on the list: later issues add kinds in src/shared alone.
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    tournamentId: uuid('tournament_id'),
    /** Coins received: a prize, a refunded entry fee. */
    coins: integer('coins'),
    /** The tier a payout reached. */
    tier: text('tier'),
    correct: smallint('correct'),
    total: smallint('total'),
    /** A payout whose tier prizes were scaled down to fit the pool. */
    prizesScaled: boolean('prizes_scaled'),
    /** The bet a settlement notification is about; null for the other kinds. */
    betId: uuid('bet_id'),
    /** The league it is about (league_joined, league_nudge); no key, like the others. */
    leagueId: uuid('league_id'),
    /** The fan who caused it: who joined (league_joined), who won a league pot. */
    actorUserId: text('actor_user_id'),
    /** The season it is about (season_recap); no key, like the others. */
    seasonId: uuid('season_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The list, the unread count and the results mail's lookup: one fan's rows, newest first.
    index('notifications_user_newest_idx').on(t.userId, t.id.desc()),
    // A bet is told its settlement once: the follow-up job's batch re-run writes nothing.
    uniqueIndex('notifications_bet_kind_unique')
      .on(t.betId, t.kind)
      .where(sql`${t.betId} is not null`),
  ],
)

/**
 * Where a mail feed that follows a growing table has got to (decision 102): the id (time-ordered)
 * of the last ledger row it has handled. The row is locked while a process works the feed.
 */
export const mailFeeds = pgTable('mail_feeds', {
  name: text('name').primaryKey(),
  afterId: uuid('after_id').notNull(),
  updatedAt: updatedAt(),
})

/**
 * A completed settlement's results mails: how far through its bets (in the order of
 * bets_tournament_live_idx) they have been written; doneAt once all have. Each contest's
 * settlement mails its own entrants (docs/product.md "Second chance").
 */
export const resultsMailProgress = pgTable(
  'results_mail_progress',
  {
    tournamentId: uuid('tournament_id').notNull(),
    contest: contest('contest').notNull().default('main'),
    ...betWalkColumns(),
  },
  (t) => [
    primaryKey({
      columns: [t.tournamentId, t.contest],
      name: 'results_mail_progress_tournament_contest_pk',
    }),
  ],
)

/**
 * A completed (or stopped and cancelled) settlement's notifications: how far through its bets, in
 * the order of bets_tournament_live_idx, they have been written; doneAt once all have. The
 * results mails of a settlement start after its notifications are done (they read them).
 */
export const settlementNotificationProgress = pgTable(
  'settlement_notification_progress',
  {
    tournamentId: uuid('tournament_id').notNull(),
    // Each contest's settlement has its own notifications and cursor (docs/product.md "Second chance").
    contest: contest('contest').notNull().default('main'),
    ...betWalkColumns(),
  },
  (t) => [
    primaryKey({
      columns: [t.tournamentId, t.contest],
      name: 'settlement_notification_progress_pkey',
    }),
  ],
)

/**
 * An opened second chance's announcement (docs/product.md "Second chance"): how far
 * through the tournament's main bets (in the order of bets_tournament_live_idx) the "second chance
 * is open" notification and mail have been written; doneAt once every entrant has had theirs.
 */
export const secondChanceAnnouncements = pgTable('second_chance_announcements', {
  tournamentId: uuid('tournament_id').primaryKey(),
  ...betWalkColumns(),
})
