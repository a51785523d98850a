// Every way coins move (docs/product.md "Money", docs/decisions/077). Each movement writes its ledger
// row and the wallet's balance in one database transaction, and nothing else in the server writes
// wallet_transactions or wallets.balance. The movements, by the ledger types they write:
//
//   welcome bonus  welcome_bonus  the trigger create_wallet_for_new_user (drizzle/0005), in the
//                                 user insert's transaction: one per wallet (unique index).
//   bet            bet_placed     the SQL function place_bets (src/server/db/sql/place-bets.sql;
//                                 place_bet is a batch of one): per bet a conditional debit, the
//                                 bet and its row, a batch in one call (docs/decisions/080).
//   payout         bet_won        payPrizes: a winning bet → won, its prize credited.
//   refund         bet_refund     refundBets: a cancelled tournament's active bets → refunded.
//   adjustment     deposit /      recordAdjustment: an admin's deposit or withdrawal, once per
//                  withdrawal     idempotency key.
//   daily top-up   deposit        recordTopUp: a fan's daily claim, once per top-up number.
//   league stake   league_stake   recordLeagueStake (pot-movements.ts): a member joins a league's
//                                 pot, a conditional debit, once per member and pot (its key).
//   pot payout     league_pot_win payLeaguePot (pot-movements.ts): a settled tournament's pot to
//                                 its winner(s), once per winner and pot (its key).
//   stake refund   league_stake_  payLeaguePot (pot-movements.ts): every stake back, when fewer
//                  refund         than two joined or the tournament was cancelled.
//
// Each bet names its contest (bets.contest: the main bracket or the second chance, docs/product.md
// §19, decision 110), and so does every bet_placed, bet_won and bet_refund row through the bet it
// references; their descriptions name it too (contestLabel, and place_bets' own text).
//
// A losing bet moves no coins: settlement records the loss on the bet alone (status lost) and
// writes no row (docs/decisions/078). bet_lost rows written before that stay (the ledger is
// append-only) and nothing writes new ones.
//
// Invariants kept here and by the database (docs/product.md "Money"):
//   1. balance = sum of the wallet's rows: every function below changes both in one statement
//      or one transaction, never one without the other.
//   2. balance ≥ 0: debits are conditional (balance >= amount in the UPDATE's WHERE), and the
//      CHECK wallets_balance_non_negative refuses anything that slips by.
//   3. signs by type (CHECK wallet_transactions_amount_sign, domain signedAmount).
//   4. one row per bet and type (unique index): a payout or a refund re-run pays nothing twice.
//   5. rows are never updated or deleted (append-only triggers, drizzle/0001).
//   6. lock order: the tournament row (by the caller), then wallets in id order, so two money
//      paths crediting overlapping wallets cannot deadlock.
import { inArray, sql, type SQL } from 'drizzle-orm'
import { signedAmount, type TransactionType } from '#domain/wallet/transactions'
import type { Contest } from '#shared/schemas/contest'
import { rowsOf, type Transaction, type Executor } from '#server/db/client'
import { bets, walletTransactions } from '#server/db/schema'

/** Where each movement is written: the index of this file, checked against the domain's types. */
export const COIN_MOVEMENTS = [
  { movement: 'welcome bonus', types: ['welcome_bonus'], writer: 'create_wallet_for_new_user' },
  { movement: 'bet', types: ['bet_placed'], writer: 'place_bets' },
  { movement: 'payout', types: ['bet_won'], writer: 'payPrizes' },
  { movement: 'refund', types: ['bet_refund'], writer: 'refundBets' },
  { movement: 'adjustment', types: ['deposit', 'withdrawal'], writer: 'recordAdjustment' },
  { movement: 'daily top-up', types: ['deposit'], writer: 'recordTopUp' },
  { movement: 'league stake', types: ['league_stake'], writer: 'recordLeagueStake' },
  { movement: 'pot payout', types: ['league_pot_win'], writer: 'payLeaguePot' },
  { movement: 'stake refund', types: ['league_stake_refund'], writer: 'payLeaguePot' },
] as const satisfies readonly {
  movement: string
  types: readonly TransactionType[]
  writer: string
}[]

/** Ledger types that no movement writes any more: their old rows stay and are read as written. */
export const RETIRED_TRANSACTION_TYPES = ['bet_lost'] as const satisfies readonly TransactionType[]

// Idempotency keys: each movement that carries one has its own namespace of the unique key.
export const ADJUSTMENT_KEY_PREFIX = 'admin-adjustment:'
export const TOP_UP_KEY_PREFIX = 'daily-top-up:'
export const TOP_UP_DESCRIPTION = 'Daily top-up'

/** The ledger key of an admin adjustment sent with `idempotencyKey`. */
export function adjustmentKey(idempotencyKey: string): string {
  return `${ADJUSTMENT_KEY_PREFIX}${idempotencyKey}`
}

/**
 * The tournament as a ledger row names it for a contest: its name for the main bracket, and
 * "<name> (second chance)" for the second chance, so the fan's history tells the two apart.
 */
export function contestLabel(tournamentName: string, contest: Contest): string {
  return contest === 'main' ? tournamentName : `${tournamentName} (second chance)`
}

/**
 * A prize row's text (payPrizes writes the same in SQL); the fan's history reads the tier back
 * from it (PRIZE_DESCRIPTION), so rows written long ago carry it too.
 */
export function prizeDescription(tier: string, tournamentName: string): string {
  return `Prize (${tier}): ${tournamentName}`
}
export const PRIZE_DESCRIPTION = /^Prize \(([a-z0-9_]+)\):/

export function refundDescription(tournamentName: string): string {
  return `Refund: ${tournamentName} was cancelled`
}

export interface Movement {
  /** The wallet's row, locked by the caller (SELECT … FOR UPDATE) when it read the balance. */
  walletId: string
  type: 'deposit' | 'withdrawal' | 'league_stake'
  /** Coins moved, > 0; the sign comes from the type. */
  coins: number
  description: string
  idempotencyKey: string
}

export interface Moved {
  transactionId: string
  /** The signed amount written. */
  amount: number
  balance: number
  createdAt: Date
}

/**
 * One wallet's credit or conditional debit and its row; null (and nothing written) when a debit
 * would take the balance below 0. A reused key is refused by the unique index (the caller's
 * transaction fails; see recordAdjustment's callers for the replay). For this folder's modules.
 */
export async function moveCoins(tx: Executor, movement: Movement): Promise<Moved | null> {
  const amount = signedAmount(movement.type, movement.coins)
  const answer = rowsOf<{ id: string; balance: number | string; created_at: Date | string }>(
    await tx.execute(sql`
    with credited as (
      update wallets set balance = balance + ${amount}::integer, updated_at = now()
       where id = ${movement.walletId}::uuid and balance + ${amount}::integer >= 0
      returning id, balance
    ),
    ledger as (
      insert into wallet_transactions (wallet_id, type, amount, description, idempotency_key)
      select credited.id, ${movement.type}::transaction_type, ${amount}::integer,
             ${movement.description}, ${movement.idempotencyKey}
        from credited
      returning id, created_at
    )
    select ledger.id::text as id, credited.balance, ledger.created_at
      from ledger cross join credited`),
  )
  const [row] = answer
  if (!row) return null
  return {
    transactionId: row.id,
    amount,
    balance: Number(row.balance),
    createdAt: new Date(row.created_at),
  }
}

/** An admin's deposit or withdrawal (docs/decisions/055); null: a withdrawal beyond the balance. */
export function recordAdjustment(
  tx: Transaction,
  adjustment: Omit<Movement, 'idempotencyKey'> & { idempotencyKey: string },
): Promise<Moved | null> {
  return moveCoins(tx, { ...adjustment, idempotencyKey: adjustmentKey(adjustment.idempotencyKey) })
}

/** The daily top-up (docs/decisions/076), its key numbered by the wallet's earlier top-ups. */
export async function recordTopUp(
  tx: Transaction,
  { walletId, coins, earlierTopUps }: { walletId: string; coins: number; earlierTopUps: number },
): Promise<Moved> {
  const moved = await moveCoins(tx, {
    walletId,
    type: 'deposit',
    coins,
    description: TOP_UP_DESCRIPTION,
    idempotencyKey: `${TOP_UP_KEY_PREFIX}${walletId}:${earlierTopUps}`,
  })
  // A credit is never refused by the balance condition; only a missing wallet could be.
  if (!moved) throw new Error(`top-up: wallet ${walletId} not found`)
  return moved
}

/** Rows per refund statement: a few thousand, so no statement carries a million parameters. */
const REFUND_BATCH = 4000

/**
 * Refunds bets of a cancelled tournament: each bet → refunded, its bet_refund row, its coins
 * back to its wallet. The caller holds the tournament row, so no bet is refunded twice; the
 * one-row-per-bet-and-type index would refuse it anyway.
 */
export async function refundBets(
  tx: Transaction,
  refunds: readonly { betId: string; walletId: string; amount: number }[],
  description: string,
): Promise<void> {
  for (let start = 0; start < refunds.length; start += REFUND_BATCH) {
    const part = refunds.slice(start, start + REFUND_BATCH)
    await tx
      .update(bets)
      .set({ status: 'refunded' })
      .where(
        inArray(
          bets.id,
          part.map((row) => row.betId),
        ),
      )
    await tx.insert(walletTransactions).values(
      part.map((row) => ({
        walletId: row.walletId,
        type: 'bet_refund' as const,
        amount: row.amount,
        description,
        relatedBetId: row.betId,
      })),
    )
    await creditWallets(tx, part)
  }
}

/** Adds each amount to its wallet, the rows locked first in id order; one row per wallet. */
async function creditWallets(
  tx: Transaction,
  credits: readonly { walletId: string; amount: number }[],
): Promise<void> {
  const values = sql.join(
    credits.map((row) => sql`(${row.walletId}::uuid, ${row.amount}::integer)`),
    sql`, `,
  )
  await tx.execute(sql`
    with credits(wallet_id, amount) as (values ${values}),
    locked as materialized (
      select w.id, credits.amount from credits join wallets w on w.id = credits.wallet_id
       order by w.id for no key update of w
    )
    update wallets w set balance = w.balance + locked.amount, updated_at = now()
      from locked where w.id = locked.id`)
}

export interface PaidChunk {
  /** Coins credited by this chunk. */
  paid: number
  /** Bets this chunk settled (won, or lost on a prize that floored to 0). */
  bets: number
  /** The chunk's last bet in payment order, null when the chunk was empty. */
  last: { betId: string; createdAt: string } | null
}

/**
 * Pays one settlement chunk in one statement. `chunk` yields bet_id, created_at (payment order),
 * wallet_id, amount and tier. A bet with an amount > 0 becomes won with its bet_won row and the
 * credit; one whose prize floored to 0 becomes lost with no row (a loss moves no coins).
 * Winners' wallets are locked in id order before the credit touches them — the credit reads that
 * list, so it only reaches rows it has already locked. NO KEY UPDATE is the lock the credit
 * takes anyway; it leaves other ledger inserts' foreign-key checks unblocked.
 */
export async function payPrizes(
  tx: Transaction,
  chunk: SQL,
  tournamentName: string,
): Promise<PaidChunk> {
  const written = rowsOf<{ paid: number; bets: number; bet_id: string; created_at: string }>(
    await tx.execute(sql`
    with chunk as materialized (${chunk}),
    locked_wallets as materialized (
      select w.id, chunk.amount from chunk
        join wallets w on w.id = chunk.wallet_id
       where chunk.amount > 0
       order by w.id
         for no key update of w
    ),
    settled_bets as (
      update bets b
         set status = (case when chunk.amount > 0 then 'won' else 'lost' end)::bet_status,
             updated_at = now()
        from chunk
       where b.id = chunk.bet_id
    ),
    ledger as (
      insert into wallet_transactions (wallet_id, type, amount, description, related_bet_id)
      select chunk.wallet_id, 'bet_won'::transaction_type, chunk.amount,
             'Prize (' || chunk.tier || '): ' || ${tournamentName}::text, chunk.bet_id
        from chunk where chunk.amount > 0
    ),
    credited as (
      update wallets w
         set balance = w.balance + locked_wallets.amount, updated_at = now()
        from locked_wallets
       where w.id = locked_wallets.id
      returning locked_wallets.amount
    ),
    last_bet as (
      select chunk.bet_id, chunk.created_at from chunk
       order by chunk.created_at desc, chunk.bet_id desc
       limit 1
    )
    select (select coalesce(sum(amount), 0) from credited)::integer as paid,
           (select count(*) from chunk)::integer as bets,
           last_bet.bet_id, last_bet.created_at::text as created_at
      from last_bet`),
  )
  const [row] = written
  if (!row) return { paid: 0, bets: 0, last: null }
  return {
    paid: row.paid,
    bets: row.bets,
    last: { betId: row.bet_id, createdAt: row.created_at },
  }
}
