// Wallets for the admin, and manual adjustments (deposit / withdrawal) that never go below 0 and
// apply at most once per idempotency key (docs/decisions/055). The coins move through the ledger
// module (recordAdjustment).
import { asc, count, eq, type SQL } from 'drizzle-orm'
import {
  ADMIN_WALLETS_PAGE_SIZE,
  type AdminWalletList,
  type WalletAdjustmentInput,
  type WalletAdjustmentResult,
  type WalletListQuery,
} from '#shared/schemas/admin'
import { type Database, type Executor } from '#server/db/client'
import { user, walletTransactions, wallets } from '#server/db/schema'
import { getPgError, PG_ERROR } from '#server/db/pg-errors'
import { AppError, appErrorBecause } from '#server/errors'
import { adjustmentKey, recordAdjustment } from '#server/ledger/ledger'
import { iso, userSearchFilter } from './admin-common'
import { usernameSql } from '#server/game/usernames'
import { writeAudit } from '#server/game/audit'

/**
 * A page of wallets by e-mail, the owner's username beside it; `search` keeps the accounts whose
 * e-mail or username contains it, as the users' list does.
 */
export async function listWallets(
  db: Database,
  { search, page }: WalletListQuery,
): Promise<AdminWalletList> {
  const filter = userSearchFilter(search)
  const rows = await db
    .select({ wallet: wallets, email: user.email, username: usernameSql })
    .from(wallets)
    .innerJoin(user, eq(user.id, wallets.userId))
    .where(filter)
    .orderBy(asc(user.email), asc(wallets.id))
    .limit(ADMIN_WALLETS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_WALLETS_PAGE_SIZE)
  const countWallets = (where: SQL | undefined) =>
    db
      .select({ n: count() })
      .from(wallets)
      .innerJoin(user, eq(user.id, wallets.userId))
      .where(where)
  const [total] = await countWallets(undefined)
  const [matched] = filter ? await countWallets(filter) : [total]
  return {
    wallets: rows.map(({ wallet, email, username }) => ({
      id: wallet.id,
      userId: wallet.userId,
      username,
      email,
      balance: wallet.balance,
      createdAt: iso(wallet.createdAt),
      updatedAt: iso(wallet.updatedAt),
    })),
    page,
    pageSize: ADMIN_WALLETS_PAGE_SIZE,
    total: total?.n ?? 0,
    matched: matched?.n ?? 0,
  }
}

async function findApplied(
  db: Executor,
  userId: string,
  key: string,
): Promise<WalletAdjustmentResult | null> {
  const [row] = await db
    .select({ tx: walletTransactions, userId: wallets.userId, balance: wallets.balance })
    .from(walletTransactions)
    .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
    .where(eq(walletTransactions.idempotencyKey, key))
  if (!row) return null
  if (row.userId !== userId) {
    throw appErrorBecause('CONFLICT', 'IDEMPOTENCY_KEY_REUSED')
  }
  return {
    transactionId: row.tx.id,
    userId,
    type: row.tx.type === 'withdrawal' ? 'withdrawal' : 'deposit',
    amount: row.tx.amount,
    balance: row.balance,
    isReplay: true,
  }
}

/**
 * POST /api/admin/wallets/:userId/adjustments. A withdrawal larger than the balance is 402
 * INSUFFICIENT_FUNDS and changes nothing. A key that was applied before answers that
 * adjustment (isReplay, with the current balance) and moves no coins, even when two requests
 * with the same key race: the ledger's unique key lets one commit and the other replays.
 */
export async function adjustWallet(
  db: Database,
  { actorId, userId, input }: { actorId: string; userId: string; input: WalletAdjustmentInput },
): Promise<WalletAdjustmentResult> {
  const key = adjustmentKey(input.idempotencyKey)
  const applied = await findApplied(db, userId, key)
  if (applied) return applied
  try {
    return await db.transaction(async (tx) => {
      const [wallet] = await tx
        .select()
        .from(wallets)
        .where(eq(wallets.userId, userId))
        .for('update')
      if (!wallet) throw new AppError('NOT_FOUND', 'User not found.')
      const again = await findApplied(tx, userId, key)
      if (again) return again
      const moved = await recordAdjustment(tx, {
        walletId: wallet.id,
        type: input.type,
        coins: input.amount,
        description: input.reason,
        idempotencyKey: input.idempotencyKey,
      })
      if (!moved) throw new AppError('INSUFFICIENT_FUNDS', undefined, { balance: wallet.balance })
      const result: WalletAdjustmentResult = {
        transactionId: moved.transactionId,
        userId,
        type: input.type,
        amount: moved.amount,
        balance: moved.balance,
        isReplay: false,
      }
      await writeAudit(tx, {
        actorId,
        action: input.type,
        entity: 'wallet',
        entityId: wallet.id,
        before: { balance: wallet.balance },
        after: { ...result, reason: input.reason },
      })
      return result
    })
  } catch (error) {
    const pg = getPgError(error)
    if (pg?.code === PG_ERROR.UNIQUE_VIOLATION) {
      const replay = await findApplied(db, userId, key)
      if (replay) return replay
    }
    throw error
  }
}
