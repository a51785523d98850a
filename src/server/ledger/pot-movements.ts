// The league pots' coin movements (docs/decisions/137, listed in ledger.ts): a member's stake,
// and the pot paid to its winners or given back. Each row carries the key of its pot entry, so the
// unique index on keys makes every movement happen at most once per member and pot, whatever
// races or re-runs try; the balance changes in the same statement or transaction as the row.
import { sql } from 'drizzle-orm'
import type { Transaction } from '#server/db/client'
import { moveCoins, type Moved } from './ledger'

export type PotCreditType = 'league_pot_win' | 'league_stake_refund'

/** The pot entry a movement belongs to: league, tournament and member. */
export interface PotEntryKey {
  leagueId: string
  tournamentId: string
  userId: string
}

const KEY_PREFIX = {
  league_stake: 'league-stake:',
  league_pot_win: 'league-pot-win:',
  league_stake_refund: 'league-stake-refund:',
} as const

/** The ledger key of a pot movement: one per type and entry. */
export function potMovementKey(
  type: keyof typeof KEY_PREFIX,
  { leagueId, tournamentId, userId }: PotEntryKey,
): string {
  return `${KEY_PREFIX[type]}${leagueId}:${tournamentId}:${userId}`
}

export function stakeDescription(leagueName: string, tournamentName: string): string {
  return `League pot stake: ${leagueName} (${tournamentName})`
}

export function potCreditDescription(
  type: PotCreditType,
  leagueName: string,
  tournamentName: string,
): string {
  return type === 'league_pot_win'
    ? `League pot won: ${leagueName} (${tournamentName})`
    : `League pot stake returned: ${leagueName} (${tournamentName})`
}

/**
 * A member's stake into a pot: a conditional debit of their wallet and its row; null (nothing
 * written) when the balance is short. The caller holds the pot row and has made the entry in
 * the same transaction, so a second join of the same member finds the entry and never gets here;
 * the key's unique index would refuse a second stake anyway.
 */
export function recordLeagueStake(
  tx: Transaction,
  {
    walletId,
    entry,
    stake,
    description,
  }: { walletId: string; entry: PotEntryKey; stake: number; description: string },
): Promise<Moved | null> {
  return moveCoins(tx, {
    walletId,
    type: 'league_stake',
    coins: stake,
    description,
    idempotencyKey: potMovementKey('league_stake', entry),
  })
}

export interface PotCredit {
  walletId: string
  entry: PotEntryKey
  coins: number
  type: PotCreditType
}

/**
 * Credits a closing pot: each share (> 0) its row and its coins, in one statement, the wallets
 * locked in id order first (the lock order of every writer of wallets). A pot has one entry per
 * member, so one credit per wallet. The caller holds the pot row and closes it in the same
 * transaction, so a pot is paid once; the keys would refuse a second payment of any entry.
 */
export async function payLeaguePot(
  tx: Transaction,
  credits: readonly PotCredit[],
  description: (type: PotCreditType) => string,
): Promise<void> {
  const paid = credits.filter((credit) => credit.coins > 0)
  if (paid.length === 0) return
  const values = sql.join(
    paid.map(
      (credit) =>
        sql`(${credit.walletId}::uuid, ${credit.type}::text, ${credit.coins}::integer,
             ${description(credit.type)}::text, ${potMovementKey(credit.type, credit.entry)}::text)`,
    ),
    sql`, `,
  )
  await tx.execute(sql`
    with credits(wallet_id, type, amount, description, idempotency_key) as (values ${values}),
    locked as materialized (
      select w.id, credits.amount from credits join wallets w on w.id = credits.wallet_id
       order by w.id for no key update of w
    ),
    ledger as (
      insert into wallet_transactions (wallet_id, type, amount, description, idempotency_key)
      select wallet_id, type::transaction_type, amount, description, idempotency_key from credits
    )
    update wallets w set balance = w.balance + locked.amount, updated_at = now()
      from locked where w.id = locked.id`)
}
