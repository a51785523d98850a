// The betting side of the money invariants (docs/product.md "Money"), on top of expectWalletInvariants
// (balance = ledger, balance ≥ 0, one bonus, a wallet per user): one bet per user and
// tournament, every bet debited exactly once by its own bet_placed row of −amount, and every
// bet with its prediction row. Call after tests that place bets.
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Database } from '#server/db/client'
import { expectWalletInvariants } from './wallet-invariants'

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers answer { rows }; the common Database type cannot say so.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

export async function expectBetInvariants(db: Database): Promise<void> {
  await expectWalletInvariants(db)

  const doubled = await rows<{ user_id: string }>(
    db,
    sql`select user_id, tournament_id, contest from bets
        group by user_id, tournament_id, contest having count(*) > 1`,
  )
  expect(doubled, 'at most one bet per user, tournament and contest').toEqual([])

  const badDebits = await rows<{ id: string }>(
    db,
    sql`select b.id from bets b
        left join wallet_transactions t on t.related_bet_id = b.id and t.type = 'bet_placed'
        group by b.id, b.amount
        having count(t.id) <> 1 or coalesce(sum(t.amount), 0) <> -b.amount`,
  )
  expect(badDebits, 'every bet debited once by −amount').toEqual([])

  // The prediction is stored with the bet (decision 081).
  const withoutPrediction = await rows<{ id: string }>(
    db,
    sql`select b.id from bets b where b.picks is null or b.mvp_player_id is null`,
  )
  expect(withoutPrediction, 'every bet has its prediction').toEqual([])
}
