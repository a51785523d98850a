import { and, count, desc, eq } from 'drizzle-orm'
import { displayNameOf } from '../../../shared/schemas/auth'
import type { Me } from '../../../shared/schemas/me'
import type { TransactionPage, TransactionsQuery } from '../../../shared/schemas/transaction'
import type { SessionUser } from '../../app-env'
import type { Database } from '../../db/client'
import { bets, tournaments, walletTransactions, wallets } from '../../db/schema'
import { prizeTierOf } from './ledger-context'

/** The signed-in user as the web shows them, with the wallet's balance. */
export async function getMe(db: Database, user: SessionUser): Promise<Me> {
  const [wallet] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, user.id))
  return {
    user: {
      id: user.id,
      username: displayNameOf(user),
      email: user.email,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
    },
    // Every account has a wallet from its first moment (trigger); 0 only guards the impossible.
    balance: wallet?.balance ?? 0,
  }
}

/** The wallet's ledger, newest first, one page at a time. */
export async function listMyTransactions(
  db: Database,
  userId: string,
  { page, pageSize }: TransactionsQuery,
): Promise<TransactionPage> {
  const ofUser = and(eq(wallets.userId, userId), eq(walletTransactions.walletId, wallets.id))
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: walletTransactions.id,
        type: walletTransactions.type,
        amount: walletTransactions.amount,
        description: walletTransactions.description,
        relatedBetId: walletTransactions.relatedBetId,
        tournamentName: tournaments.name,
        createdAt: walletTransactions.createdAt,
      })
      .from(walletTransactions)
      .innerJoin(wallets, ofUser)
      .leftJoin(bets, eq(bets.id, walletTransactions.relatedBetId))
      .leftJoin(tournaments, eq(tournaments.id, bets.tournamentId))
      .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(walletTransactions).innerJoin(wallets, ofUser),
  ])
  return {
    items: rows.map((row) => ({
      ...row,
      tier: prizeTierOf(row.type, row.description),
      createdAt: row.createdAt.toISOString(),
    })),
    page,
    pageSize,
    total: totals?.total ?? 0,
  }
}
