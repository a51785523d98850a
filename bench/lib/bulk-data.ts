// Data at the scale of the leaderboard and settlement benchmarks (a million users, a million
// bets), written by SQL in batches of set-based statements: through the API it would take hours.
// Everything goes through the same tables, triggers and constraints as the app's own writes:
// - users go into "user" (tests/bulk-users.ts), whose trigger gives each a wallet and bonus;
// - a deposit per user (ledger row + balance together) spreads the balances for the leaderboard;
// - a bet is written as place_bet writes it (drizzle/0010): bet with its pick codes, prediction
//   with its picks, bet_placed ledger row and the debit, so balance = sum(ledger) holds.
import type pg from 'pg'
import { wrapPostgresPool } from '#server/db/client'
import { insertUserRange } from '#tests/bulk-users'

const BATCH_SIZE = 50_000

export interface BulkUsers {
  /** User ids are `<prefix><n>` for n in first…first + count - 1 (first: 1 unless given). */
  prefix: string
  count: number
  first?: number
}

/** One bracket as place_bet stores it (p_picks, p_mvp_player_id). */
export interface StoredBracket {
  picksJson: string
  mvpPlayerId: string
}

async function inBatches(
  { first = 1, count }: Pick<BulkUsers, 'first' | 'count'>,
  run: (from: number, to: number) => Promise<unknown>,
): Promise<void> {
  const last = first + count - 1
  for (let from = first; from <= last; from += BATCH_SIZE) {
    await run(from, Math.min(last, from + BATCH_SIZE - 1))
  }
}

/**
 * `count` confirmed users with wallets (tests/bulk-users.ts), each balance the welcome bonus plus
 * a deposit of 1 to 100,000 coins (the same for the same id on every run), so the leaderboard has
 * few ties.
 */
export async function insertBulkUsers(pool: pg.Pool, users: BulkUsers): Promise<void> {
  const { prefix } = users
  // Without the app pool's statement timeout, which a batch at this scale could exceed.
  const { db } = wrapPostgresPool(pool)
  await inBatches(users, async (from, to) => {
    await insertUserRange(db, { prefix, from, to })
    await depositIntoWallets(pool, { prefix, from, to })
  })
}

/**
 * A deposit into the wallets of users `<prefix>from…<prefix>to`, ledger row and balance together:
 * 1 to 100,000 coins by a hash of the user id and `salt` (another salt, other amounts).
 */
export async function depositIntoWallets(
  pool: pg.Pool,
  { prefix, from, to, salt = '' }: { prefix: string; from: number; to: number; salt?: string },
): Promise<void> {
  await pool.query(
    `with deposits as (
       insert into wallet_transactions (wallet_id, type, amount, description)
       select w.id, 'deposit', 1 + abs(hashtext(w.user_id || $4)) % 100000, 'Bench deposit'
         from generate_series($2::integer, $3::integer) g
         join wallets w on w.user_id = $1 || g
       returning wallet_id, amount)
     update wallets w set balance = w.balance + d.amount, updated_at = now()
       from deposits d where w.id = d.wallet_id`,
    [prefix, from, to, salt],
  )
}

/**
 * A bet of `fee` on the tournament for every user of `users`, with the brackets taken in turn
 * from `brackets`. Bets get distinct creation times a millisecond apart, as bets placed one by
 * one would. `withPicks: false` leaves out the picks' JSON and keeps their codes
 * (decision 081), which is all that scoring, settling, notifying and counting a season read: the
 * JSON is about 3.4 KB of TOAST per bet, 34 GB for the seasons benchmark's 10M bets.
 */
export async function insertBulkBets(
  pool: pg.Pool,
  {
    users,
    tournamentId,
    fee,
    brackets,
    withPicks = true,
  }: {
    users: BulkUsers
    tournamentId: string
    fee: number
    brackets: readonly StoredBracket[]
    withPicks?: boolean
  },
): Promise<void> {
  const variants = JSON.stringify(
    brackets.map((bracket) => ({
      picks: JSON.parse(bracket.picksJson) as unknown,
      mvp: bracket.mvpPlayerId,
    })),
  )
  await inBatches(users, async (from, to) => {
    await pool.query(
      `with variant as (
         select v.position - 1 as position, v.bracket -> 'picks' as picks,
                (v.bracket ->> 'mvp')::uuid as mvp_player_id,
                pick_codes_of(v.bracket -> 'picks', (v.bracket ->> 'mvp')::uuid) as pick_codes
           from jsonb_array_elements($5::jsonb) with ordinality as v(bracket, position)
       ), chosen as (
         select $1 || g as user_id, g, v.picks, v.mvp_player_id, v.pick_codes
           from generate_series($2::integer, $3::integer) g
           join variant v on v.position = g % jsonb_array_length($5::jsonb)
       ), placed as (
         insert into bets (user_id, tournament_id, amount, pick_codes, picks, mvp_player_id,
                           created_at, updated_at)
         select c.user_id, $4::uuid, $6::integer, c.pick_codes,
                case when $7::boolean then c.picks end, c.mvp_player_id,
                now() - interval '30 days' + c.g * interval '1 millisecond', now()
           from chosen c
         returning id, user_id
       ), debited as (
         update wallets w set balance = w.balance - $6::integer, updated_at = now()
           from placed p where w.user_id = p.user_id
         returning w.id as wallet_id, p.id as bet_id
       )
       insert into wallet_transactions (wallet_id, type, amount, description, related_bet_id)
       select d.wallet_id, 'bet_placed', -$6::integer,
              'Entry fee: ' || (select name from tournaments where id = $4::uuid), d.bet_id
         from debited d`,
      [users.prefix, from, to, tournamentId, variants, fee, withPicks],
    )
  })
  await markReceiptsMailed(pool)
}

/**
 * Bets loaded in bulk stand for bets placed long ago, whose receipts (decision 102) were mailed
 * then: the receipts feed starts after them. Otherwise a server started on the data writes a
 * receipt per loaded bet and keeps retrying them against the benchmarks' absent mail server
 * while requests are measured (100k receipts for the standings benchmarks).
 */
export async function markReceiptsMailed(pool: pg.Pool): Promise<void> {
  await pool.query(
    `update mail_feeds
        set after_id = (select id from wallet_transactions order by id desc limit 1)
      where name = 'receipts'
        and exists (select 1 from wallet_transactions)`,
  )
}

/**
 * VACUUM ANALYZE, as autovacuum would have done long before a real tournament is settled; then a
 * CHECKPOINT, so that a checkpoint the load's own writes started (a million rows fill
 * `max_wal_size`) does not land in the measurement that follows. One full run measured the top 10
 * with every player tied at p99 68 ms right after rewriting every wallet, and 6.2 ms when run
 * again (bench/README.md).
 */
export async function vacuumAndCheckpoint(pool: pg.Pool): Promise<void> {
  await pool.query('vacuum analyze')
  await pool.query('checkpoint')
}
