import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  betBody,
  completeBracket,
  insertAccount,
  insertBracketTournament,
  playOut,
} from '#tests/game-factories'
import { defaultPrizePoolConfig, insertUser } from '#tests/factories'
import { testDatabaseKinds, useTestDatabase } from '#tests/test-database'
import { cancelTournament } from '#server/features/settlement/cancel.service'
import { settleTournament } from '#server/features/settlement/settle.service'
import { adjustWallet } from '#server/features/admin/admin-wallets.service'
import { placeBet } from '#server/features/bets/place-bet.service'
import type { Database } from './client'
import { auditLedger } from './ledger-audit'
import { wallets } from './schema'
import { rowsOf } from '#server/db/client'

/** Every money path once: bonuses, adjustments both ways, bets, a settlement, a cancellation. */
async function moveCoinsEveryWay(db: Database) {
  const admin = await insertUser(db, { role: 'admin' })
  const fans = await Promise.all([1, 2, 3, 4].map(() => insertAccount(db, { balance: 800 })))
  await adjustWallet(db, {
    actorId: admin.id,
    userId: fans[0]!.userId,
    input: { type: 'deposit', amount: 250, reason: 'prize draw', idempotencyKey: randomUUID() },
  })
  await adjustWallet(db, {
    actorId: admin.id,
    userId: fans[1]!.userId,
    input: { type: 'withdrawal', amount: 40, reason: 'correction', idempotencyKey: randomUUID() },
  })
  const settled = await insertBracketTournament(db)
  const cancelled = await insertBracketTournament(db)
  const perfect = completeBracket(settled)
  await placeBet(db, { userId: fans[0]!.userId, tournamentId: settled.tournament.id, ...perfect })
  await placeBet(db, {
    userId: fans[1]!.userId,
    tournamentId: settled.tournament.id,
    ...betBody(settled, (match) => match.team2Id),
  })
  for (const fan of fans.slice(2)) {
    await placeBet(db, {
      userId: fan.userId,
      tournamentId: cancelled.tournament.id,
      ...betBody(cancelled),
    })
  }
  await playOut(db, settled)
  await settleTournament(db, { actorId: admin.id, tournamentId: settled.tournament.id })
  await cancelTournament(db, { actorId: admin.id, tournamentId: cancelled.tournament.id })
  return { fans, settled }
}

/** Runs `tamper` and the audit in one transaction that is always rolled back. */
async function auditAfter(db: Database, tamper: (tx: Database) => Promise<unknown>) {
  const rollback = new Error('rollback')
  let problems: string[] = []
  await db
    .transaction(async (tx) => {
      await tamper(tx as unknown as Database)
      problems = (await auditLedger(tx)).problems
      throw rollback
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error
    })
  return problems
}

describe.each(testDatabaseKinds)('auditLedger on %s', (kind) => {
  const getHandle = useTestDatabase(kind)

  it('finds nothing wrong after every money path, and the coins add up', async () => {
    const { db } = getHandle()
    await moveCoinsEveryWay(db)
    const { problems, totals } = await auditLedger(db)
    expect(problems).toEqual([])
    expect(totals.bets).toBe(4)
    expect(totals.deposits).toBeGreaterThanOrEqual(250)
    expect(totals.withdrawals).toBeGreaterThanOrEqual(40)
    expect(totals.refunds).toBe(2 * defaultPrizePoolConfig.entry_fee)
    expect(totals.winnings).toBeGreaterThan(0)
    expect(totals.balances).toBe(
      totals.bonuses +
        totals.deposits +
        totals.refunds +
        totals.winnings -
        totals.withdrawals -
        totals.fees,
    )
  })

  it('reports a balance changed without a ledger row, and the coins no longer add up', async () => {
    const { db } = getHandle()
    const fan = await insertAccount(db, { balance: 300 })
    const problems = await auditAfter(db, (tx) =>
      tx.update(wallets).set({ balance: 301 }).where(eq(wallets.id, fan.walletId)),
    )
    expect(problems.some((p) => p.startsWith('balance = sum') && p.includes(fan.walletId))).toBe(
      true,
    )
    expect(problems.some((p) => p.startsWith('coins are conserved'))).toBe(true)
  })

  it('reports a bet without its debit and a second welcome bonus', async () => {
    const { db } = getHandle()
    const fan = await insertAccount(db, { balance: 300 })
    const bracket = await insertBracketTournament(db)
    const problems = await auditAfter(db, async (tx) => {
      await tx.execute(sql`drop index wallet_transactions_one_welcome_bonus`)
      await tx.execute(sql`insert into wallet_transactions (wallet_id, type, amount)
        values (${fan.walletId}, 'welcome_bonus', 5)`)
      await tx.execute(sql`update wallets set balance = balance + 5 where id = ${fan.walletId}`)
      await tx.execute(sql`insert into bets (user_id, tournament_id, amount)
        values (${fan.userId}, ${bracket.tournament.id}, 100)`)
    })
    expect(problems.some((p) => p.startsWith('at most one welcome bonus'))).toBe(true)
    expect(problems.some((p) => p.startsWith('every bet is debited exactly once'))).toBe(true)
  })

  it('reports a settlement total that disagrees with its payouts, and a disabled append-only trigger', async () => {
    const { db } = getHandle()
    const { settled } = await moveCoinsEveryWay(db)
    const problems = await auditAfter(db, async (tx) => {
      await tx.execute(
        sql`alter table wallet_transactions disable trigger wallet_transactions_no_update_or_delete`,
      )
      await tx.execute(sql`update tournament_settlements set total_paid = total_paid - 1
        where tournament_id = ${settled.tournament.id}`)
    })
    expect(problems.some((p) => p.startsWith('a settlement’s total paid'))).toBe(true)
    expect(problems.some((p) => p.includes('wallet_transactions_no_update_or_delete'))).toBe(true)
  })

  it('accepts a loss on the bet alone and an old bet_lost row, but not a second one or a prize', async () => {
    const { db } = getHandle()
    const { fans, settled } = await moveCoinsEveryWay(db)
    const lost = rowsOf<{ id: string; wallet_id: string }>(
      await db.execute(sql`select b.id, w.id as wallet_id from bets b
        join wallets w on w.user_id = b.user_id
        where b.tournament_id = ${settled.tournament.id} and b.user_id = ${fans[1]!.userId}`),
    )[0]!
    const outcomeRows = await db.execute(sql`select count(*)::integer as n from wallet_transactions
      where related_bet_id = ${lost.id} and type in ('bet_won', 'bet_lost')`)
    expect(rowsOf<{ n: number }>(outcomeRows)[0]!.n).toBe(0)
    const oldLoss = (tx: Database) =>
      tx.execute(sql`insert into wallet_transactions (wallet_id, type, amount, related_bet_id)
        values (${lost.wallet_id}, 'bet_lost', 0, ${lost.id})`)
    expect(await auditAfter(db, oldLoss)).toEqual([])
    const secondLoss = await auditAfter(db, async (tx) => {
      await oldLoss(tx)
      await tx.execute(sql`drop index wallet_transactions_one_per_bet_and_type`)
      await oldLoss(tx)
    })
    expect(secondLoss.some((p) => p.startsWith('a bet’s outcome rows match its status'))).toBe(true)
    const prizeOnLoss = await auditAfter(db, async (tx) => {
      await tx.execute(sql`insert into wallet_transactions (wallet_id, type, amount, related_bet_id)
        values (${lost.wallet_id}, 'bet_won', 5, ${lost.id})`)
      await tx.execute(sql`update wallets set balance = balance + 5 where id = ${lost.wallet_id}`)
    })
    expect(prizeOnLoss.some((p) => p.startsWith('a bet’s outcome rows match its status'))).toBe(
      true,
    )
  })
})
