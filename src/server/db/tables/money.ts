// Wallets, the append-only ledger and settlements (docs/product.md "Money").
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { bets } from './bets'
import { createdAt, updatedAt, counter, userReference, timeOrderedId } from './columns'
import { contest, transactionType, settlementState } from './enums'
import { tournaments } from './tournaments'

export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // One wallet per user, created with the user by a trigger (drizzle/0003, decision 031).
    userId: userReference().unique('wallets_user_id_unique'),
    // 64-bit: a balance sums the wallet's whole history, which no input bound limits (decision
    // 068); every single amount stays 32-bit.
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    // Set by a trigger on bets from the user's first bet on, never unset (drizzle/0022): only
    // fans who have played are ranked on the leaderboard (decision 043).
    hasBet: boolean('has_bet').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Invariant 2, the last line of defence behind the conditional debit.
    check('wallets_balance_non_negative', sql`${t.balance} >= 0`),
    // JavaScript counts every coin up to 2^53 − 1; past it a balance would be rounded.
    check('wallets_balance_safe_integer', sql`${t.balance} <= 9007199254740991`),
    // Leaderboard top N reads this index in its own order (ties: the older wallet first) instead
    // of sorting: with balance alone, a million wallets still at the welcome bonus were a
    // million-row sort per request (drizzle/0014). The rank rebuild groups by its first column.
    // Partial: only the wallets of fans who have bet are ranked, and none of the others (the
    // welcome bonus alone, often most accounts) is ever scanned past.
    index('wallets_leaderboard_order_idx')
      .on(t.balance.desc().nullsFirst(), t.createdAt, t.userId)
      .where(sql`${t.hasBet}`),
  ],
)

export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: timeOrderedId(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    type: transactionType('type').notNull(),
    amount: integer('amount').notNull(),
    description: text('description').notNull().default(''),
    relatedBetId: uuid('related_bet_id').references(() => bets.id),
    // Lets a retried request (same key) find the movement it already made instead of repeating it.
    // Unique where set (index below): only admin adjustments carry a key.
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    // Append-only ledger (trigger in a custom migration): updated_at always equals created_at.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Signs by type (docs/product.md "Money"): credits > 0, debits < 0, bet_lost records the outcome
    // with 0. Compared as text: a migration that adds an enum value may not use it as one.
    check(
      'wallet_transactions_amount_sign',
      sql`(${t.type}::text IN ('deposit', 'welcome_bonus', 'bet_won', 'bet_refund', 'league_pot_win', 'league_stake_refund') AND ${t.amount} > 0)
        OR (${t.type}::text IN ('bet_placed', 'withdrawal', 'league_stake') AND ${t.amount} < 0)
        OR (${t.type}::text = 'bet_lost' AND ${t.amount} = 0)`,
    ),
    // A pot movement names its pot entry by its key (src/server/ledger/ledger.ts): at most once each.
    check(
      'wallet_transactions_pot_types_have_key',
      sql`${t.type}::text NOT IN ('league_stake', 'league_pot_win', 'league_stake_refund') OR ${t.idempotencyKey} IS NOT NULL`,
    ),
    check(
      'wallet_transactions_bet_types_have_bet',
      sql`${t.type} NOT IN ('bet_placed', 'bet_won', 'bet_lost', 'bet_refund') OR ${t.relatedBetId} IS NOT NULL`,
    ),
    // Invariant 4: one welcome bonus per wallet (and so per user).
    uniqueIndex('wallet_transactions_one_welcome_bonus')
      .on(t.walletId)
      .where(sql`${t.type} = 'welcome_bonus'`),
    // A bet is debited, paid, lost or refunded at most once each: settlement and cancellation
    // can be re-run without paying twice.
    uniqueIndex('wallet_transactions_one_per_bet_and_type')
      .on(t.relatedBetId, t.type)
      .where(sql`${t.relatedBetId} IS NOT NULL`),
    index('wallet_transactions_wallet_created_idx').on(t.walletId, t.createdAt.desc()),
    // Partial: the rows without a key (every bet movement) add no entry to it (drizzle/0011).
    uniqueIndex('wallet_transactions_idempotency_key_unique')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
)

// A settlement's per-lane positions (below); by default one lane, not yet begun and without end.
const ONE_LANE = sql`'{NULL}'`
const laneTimes = (name: string) =>
  timestamp(name, { withTimezone: true }).array().notNull().default(ONE_LANE)
const laneBetIds = (name: string) => uuid(name).array().notNull().default(ONE_LANE)

export const tournamentSettlements = pgTable(
  'tournament_settlements',
  {
    // The primary key is the tournament and contest: invariant 5, each contest of a tournament
    // is settled at most once (decision 110).
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    contest: contest('contest').notNull().default('main'),
    state: settlementState('state').notNull().default('in_progress'),
    prizePool: integer('prize_pool').notNull(),
    participantCount: integer('participant_count').notNull(),
    totalWinners: counter('total_winners'),
    // Sum of bet_won amounts so far; the check is invariant 6 (payouts ≤ pool).
    totalPaid: counter('total_paid'),
    tierCounts: jsonb('tier_counts').$type<Record<string, number>>().notNull().default({}),
    // Lanes (decision 064): the active bets at the start, in the order chunks pay them
    // (created_at, id), cut into contiguous ranges that are paid side by side. Element n is lane
    // n's: its last bet paid (the next chunk starts after it, so a resumed settlement never
    // re-reads what it has paid, decision 061; 'infinity' once the lane is done; null before its
    // first chunk for lane 0) and its last bet (null: no end).
    laneCursorCreatedAt: laneTimes('lane_cursor_created_at'),
    laneCursorBetId: laneBetIds('lane_cursor_bet_id'),
    laneEndCreatedAt: laneTimes('lane_end_created_at'),
    laneEndBetId: laneBetIds('lane_end_bet_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    // Set when a run fails (decision 068), cleared by the next chunk that pays: a settlement
    // that stopped and has not moved since is one an admin must resume or cancel.
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stopReason: text('stop_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.contest], name: 'tournament_settlements_pkey' }),
    check(
      'tournament_settlements_figures_non_negative',
      sql`${t.prizePool} >= 0 AND ${t.participantCount} >= 0 AND ${t.totalWinners} >= 0 AND ${t.totalPaid} >= 0`,
    ),
    check('tournament_settlements_paid_within_pool', sql`${t.totalPaid} <= ${t.prizePool}`),
    check(
      'tournament_settlements_completed_has_time',
      sql`${t.state} <> 'completed' OR ${t.processedAt} IS NOT NULL`,
    ),
  ],
)
