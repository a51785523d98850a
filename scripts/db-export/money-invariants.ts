// The money invariants of docs/product.md "Money" that can be checked on a whole database with plain SQL, and a
// fingerprint of every balance, so an export can prove that no coin appeared or vanished.
import type { RunQuery } from './table-order'

export async function findMoneyProblems(query: RunQuery): Promise<string[]> {
  const rows = await query<{ problem: string }>(
    `select format('wallet %s: balance %s but its ledger sums to %s', w.id, w.balance,
                   coalesce(sum(t.amount), 0)) as problem
       from wallets w left join wallet_transactions t on t.wallet_id = w.id
      group by w.id having w.balance <> coalesce(sum(t.amount), 0)
     union all
     select format('wallet %s: negative balance %s', id, balance) from wallets where balance < 0
     union all
     select format('wallet %s: %s welcome bonuses', wallet_id, count(*)) from wallet_transactions
      where type = 'welcome_bonus' group by wallet_id having count(*) > 1
     union all
     select format('user %s has no wallet', u.id) from "user" u
      where not exists (select 1 from wallets w where w.user_id = u.id)`,
  )
  return rows.map((row) => row.problem)
}

/** md5 over every wallet's id and balance, and the total; equal on both sides after a copy. */
export async function fingerprintBalances(
  query: RunQuery,
): Promise<{ wallets: number; total: string; digest: string }> {
  const [row] = await query<{ wallets: number; total: string; digest: string | null }>(
    `select count(*)::int as wallets, coalesce(sum(balance), 0)::text as total,
            md5(string_agg(id::text || ':' || balance::text, ',' order by id)) as digest
       from wallets`,
  )
  return { wallets: row?.wallets ?? 0, total: row?.total ?? '0', digest: row?.digest ?? '' }
}
