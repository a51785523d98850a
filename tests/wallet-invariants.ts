// The money invariants (docs/product.md "Money") checked against the whole database. Call
// `await expectWalletInvariants(db)` at the end of every test that creates accounts or moves coins.
import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Database } from '#server/db/client'
import { user, walletTransactions, wallets } from '#server/db/schema'

export interface WalletInvariantOptions {
  /** Require exactly one welcome bonus per wallet (true when WELCOME_BONUS > 0 throughout). */
  everyWalletHasBonus?: boolean
}

export async function expectWalletInvariants(
  db: Database,
  { everyWalletHasBonus = false }: WalletInvariantOptions = {},
): Promise<void> {
  const perWallet = await db
    .select({
      walletId: wallets.id,
      userId: wallets.userId,
      balance: wallets.balance,
      // A balance is 64-bit (decision 068); pg answers bigint as text.
      ledgerSum: sql<number>`coalesce(sum(${walletTransactions.amount}), 0)::bigint`.mapWith(
        Number,
      ),
      bonuses: sql<number>`(count(*) filter (where ${walletTransactions.type} = 'welcome_bonus'))::int`,
    })
    .from(wallets)
    .leftJoin(walletTransactions, eq(walletTransactions.walletId, wallets.id))
    .groupBy(wallets.id)

  const broken = perWallet.flatMap((wallet) => {
    const problems: string[] = []
    if (wallet.balance !== wallet.ledgerSum) {
      problems.push(`balance ${wallet.balance} ≠ sum of transactions ${wallet.ledgerSum}`)
    }
    if (wallet.balance < 0) problems.push(`balance ${wallet.balance} < 0`)
    if (wallet.bonuses > 1) problems.push(`${wallet.bonuses} welcome bonuses`)
    if (everyWalletHasBonus && wallet.bonuses !== 1) problems.push('no welcome bonus')
    return problems.map((problem) => `wallet ${wallet.walletId} of ${wallet.userId}: ${problem}`)
  })

  // Every account has exactly one wallet (wallets.user_id is unique; the trigger creates it).
  const usersWithoutWallet = await db
    .select({ id: user.id })
    .from(user)
    .leftJoin(wallets, eq(wallets.userId, user.id))
    .where(sql`${wallets.id} is null`)
  for (const { id } of usersWithoutWallet) broken.push(`user ${id} has no wallet`)

  expect(broken, 'wallet invariants').toEqual([])
}
