// The tables of the app (docs/product.md §3). The account tables (user, session, account,
// verification, rate_limit) are better-auth's, in auth-schema.ts, re-exported here so Drizzle and
// drizzle-kit see one schema. Money rules behind the constraints: docs/product.md §10.
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { user } from './auth-schema'

export * from './auth-schema'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())
const counter = (name: string) => integer(name).notNull().default(0)
// An account with money or bets is never deleted (the ledger is append-only): ban it instead.
const userReference = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'restrict' })

export const tournamentStatus = pgEnum('tournament_status', [
  'upcoming',
  'active',
  'completed',
  'cancelled',
])
export const matchRound = pgEnum('match_round', ['round16', 'quarterfinal', 'semifinal', 'final'])
export const betStatus = pgEnum('bet_status', ['active', 'won', 'lost', 'refunded'])
export const transactionType = pgEnum('transaction_type', [
  'deposit',
  'welcome_bonus',
  'bet_placed',
  'bet_won',
  'bet_lost',
  'bet_refund',
  'withdrawal',
])
// 'cancelled': the tournament was cancelled after its settlement stopped (decision 068).
export const settlementState = pgEnum('settlement_state', ['in_progress', 'completed', 'cancelled'])

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

/** One bracket pick inside predictions.picks. */
export interface StoredPick {
  match_id: string
  team1_id: string
  team2_id: string
  predicted_winner_id: string
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin form's own rules (docs/product.md §5), kept here too so no other path can break them.
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
    uniqueIndex('matches_tournament_round_number_unique').on(
      t.tournamentId,
      t.round,
      t.matchNumber,
    ),
  ],
)

/**
 * A UUID whose first 48 bits are its creation time in milliseconds (version 7, made by the
 * uuid_v7() function of drizzle/0016; decision 065), for the tables that grow with every bet: new
 * rows land at the right edge of the primary key index instead of on a random page of it, which
 * at a million rows costs a page image in the write-ahead log per insert after each checkpoint.
 */
function timeOrderedId() {
  return uuid('id')
    .primaryKey()
    .default(sql`uuid_v7()`)
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
    status: betStatus('status').notNull().default('active'),
    // The prediction in compact form, written by place_bet (drizzle/0008 and 0010, decision 061):
    // one 64-bit code per pick (match id + predicted winner) and one for the MVP, so settlement
    // scores a million bets from this row alone. Null for a bet written without place_bet:
    // settlement then derives the codes from its prediction.
    pickCodes: bigint('pick_codes', { mode: 'bigint' }).array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bets_amount_positive', sql`${t.amount} > 0`),
    // Invariant 3: at most one bet per user per tournament.
    uniqueIndex('bets_user_tournament_unique').on(t.userId, t.tournamentId),
    // Participant count and pool are derived by counting bets (docs/product.md §10), never stored per bet:
    // the tournament list counts a tournament's bets and their latest time from this index alone
    // (docs/decisions/041); settlement pays them in its order. No predicate on the status and no
    // other index on it, so settling a bet (status → won/lost) is a HOT update that writes no
    // index entry (drizzle/0011, decision 061): only a cancelled tournament has refunded bets,
    // and the list counts none for it. Its leading column serves lookups by tournament.
    index('bets_tournament_live_idx').on(t.tournamentId, t.createdAt),
  ],
)

export const predictions = pgTable(
  'predictions',
  {
    id: timeOrderedId(),
    betId: uuid('bet_id')
      .notNull()
      .unique('predictions_bet_id_unique')
      .references(() => bets.id, { onDelete: 'cascade' }),
    userId: userReference(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id),
    picks: jsonb('picks').$type<StoredPick[]>().notNull(),
    mvpPlayerId: uuid('mvp_player_id')
      .notNull()
      .references(() => players.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('predictions_picks_is_array', sql`jsonb_typeof(${t.picks}) = 'array'`),
    uniqueIndex('predictions_user_tournament_unique').on(t.userId, t.tournamentId),
    index('predictions_tournament_id_idx').on(t.tournamentId),
  ],
)

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
    // Signs by type (docs/product.md §10): credits > 0, debits < 0, bet_lost records the outcome with 0.
    check(
      'wallet_transactions_amount_sign',
      sql`(${t.type} IN ('deposit', 'welcome_bonus', 'bet_won', 'bet_refund') AND ${t.amount} > 0)
        OR (${t.type} IN ('bet_placed', 'withdrawal') AND ${t.amount} < 0)
        OR (${t.type} = 'bet_lost' AND ${t.amount} = 0)`,
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
    // The primary key is the tournament: invariant 5, a tournament is settled at most once.
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => tournaments.id),
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
    primaryKey({ columns: [t.tournamentId], name: 'tournament_settlements_pkey' }),
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

/**
 * The one row of settings the database itself reads: the welcome-bonus trigger takes its amount
 * from here. Written at start-up from WELCOME_BONUS (applyRuntimeSettings).
 */
export const appSettings = pgTable(
  'app_settings',
  {
    id: smallint('id').primaryKey().default(1),
    welcomeBonus: integer('welcome_bonus').notNull().default(1000),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('app_settings_single_row', sql`${t.id} = 1`),
    check('app_settings_welcome_bonus_non_negative', sql`${t.welcomeBonus} >= 0`),
  ],
)

/** The local mailbox (no SMTP_URL): every outgoing message, readable at GET /api/dev/mailbox. */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mailbox_messages_created_at_idx').on(t.createdAt.desc())],
)

/**
 * Failed sign-ins per account (the e-mail as typed, lower-cased), for the per-account throttle
 * (decision 033). Rows older than an hour are pruned.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountKey: text('account_key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sign_in_failures_account_failed_idx').on(t.accountKey, t.failedAt.desc()),
    index('sign_in_failures_failed_at_idx').on(t.failedAt),
  ],
)

/**
 * Account mails (confirmation, password reset) sent per address, for the hourly cap per address
 * (decision 067). Rows older than an hour are pruned.
 */
export const accountMailSends = pgTable(
  'account_mail_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    addressKey: text('address_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('account_mail_sends_address_sent_idx').on(t.addressKey, t.sentAt.desc()),
    index('account_mail_sends_sent_at_idx').on(t.sentAt),
  ],
)

/**
 * Every admin write, in the same transaction as the write itself (docs/decisions/052):
 * who, when, what, and the entity before and after. Append-only like the ledger.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at.desc()),
  ],
)

export * from './session-revocation-schema'
