import { asc, count, desc, eq } from 'drizzle-orm'
import type { AdminTransaction, AdminUser } from '#shared/schemas/admin'
import type { Database } from '#server/db/client'
import { bets, tournaments, user, walletTransactions, wallets } from '#server/db/schema'
import { AppError } from '#server/errors'
import { TOP_UP_KEY_PREFIX } from '#server/ledger/ledger'
import { prizeTierOf } from '#server/ledger/prize-tier'
import { ADMIN_LIST_MAX_ROWS, iso, userSearchFilter } from './admin-common'

/** Spec §3: the username, else the part of the e-mail before the at sign, else 'User'. */
function usernameOf(row: {
  displayUsername: string | null
  username: string | null
  email: string
}) {
  return row.displayUsername ?? row.username ?? (row.email.split('@')[0] || 'User')
}

/**
 * Newest first, at most 1,000 rows, with role and balance. `search` keeps the accounts whose
 * e-mail or username contains it, any case; `total` counts every account, `matched` the search's.
 */
export async function listUsers(
  db: Database,
  { search }: { search?: string | undefined } = {},
): Promise<{ users: AdminUser[]; total: number; matched: number }> {
  const filter = userSearchFilter(search)
  const rows = await db
    .select({ user, balance: wallets.balance })
    .from(user)
    .leftJoin(wallets, eq(wallets.userId, user.id))
    .where(filter)
    .orderBy(desc(user.createdAt), asc(user.id))
    .limit(ADMIN_LIST_MAX_ROWS)
  const [total] = await db.select({ n: count() }).from(user)
  const [matched] = filter ? await db.select({ n: count() }).from(user).where(filter) : [total]
  return {
    users: rows.map(({ user: row, balance }) => ({
      id: row.id,
      username: usernameOf(row),
      email: row.email,
      role: row.role === 'admin' ? 'admin' : 'user',
      balance: balance ?? 0,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    })),
    total: total?.n ?? 0,
    matched: matched?.n ?? 0,
  }
}

/** A user's ledger, newest first (at most 1,000 rows). 404 for an unknown user. */
export async function listUserTransactions(
  db: Database,
  userId: string,
): Promise<{ transactions: AdminTransaction[] }> {
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId))
  if (!owner) throw new AppError('NOT_FOUND', 'User not found.')
  const rows = await db
    .select({ tx: walletTransactions, tournamentName: tournaments.name })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .leftJoin(bets, eq(bets.id, walletTransactions.relatedBetId))
    .leftJoin(tournaments, eq(tournaments.id, bets.tournamentId))
    .where(eq(wallets.userId, userId))
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(ADMIN_LIST_MAX_ROWS)
  return {
    transactions: rows.map(({ tx, tournamentName }) => ({
      id: tx.id,
      type: tx.type,
      amount: tx.amount,
      description: tx.description,
      relatedBetId: tx.relatedBetId,
      tournamentName,
      tier: prizeTierOf(tx.type, tx.description),
      // The admin reads the stored description (an adjustment's reason included) as written.
      source: tx.idempotencyKey?.startsWith(TOP_UP_KEY_PREFIX) ? ('top_up' as const) : null,
      leagueName: null,
      createdAt: iso(tx.createdAt),
    })),
  }
}
