// The ledger auditor: every money invariant of docs/product.md "Money" checked against the whole database in
// read-only queries, plus the conservation of coins. Reliability tests call it after every
// scenario, the benchmarks after their runs, and operators with `npm run db:audit`.
// Each check reads its facts from a different place than the code that wrote them (bets for the
// fees, settlements for the winnings), so a money path that writes one side and not the other
// shows up here.
import { sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Database } from './client'
import type { Check } from './ledger-audit-check'
import { LEAGUE_POT_CHECKS } from './ledger-audit-pots'

export interface LedgerTotals {
  wallets: number
  bets: number
  ledgerRows: number
  /** Sum of every wallet's balance. */
  balances: number
  bonuses: number
  deposits: number
  withdrawals: number
  /** Entry fees: the amounts of every bet ever placed (from bets, not from the ledger). */
  fees: number
  /** Refunds: the amounts of every refunded bet (from bets). */
  refunds: number
  /** Winnings: what settlements say they paid (from tournament_settlements). */
  winnings: number
  /** League pot stakes: every pot entry's stake (from league_pot_entries). */
  stakes: number
  /** What closed league pots paid back out, shares and refunds (from league_pot_entries). */
  potPayouts: number
}

export interface LedgerAudit {
  /** One line per broken invariant and offending row (at most a few rows per check). */
  problems: string[]
  /**
   * Settlements that stopped on an error and have not finished (decision 068): no invariant is
   * broken, but their unpaid winners wait until an admin resumes or cancels them.
   */
  stoppedSettlements: string[]
  totals: LedgerTotals
}

/** Anything that runs SQL: the database, or a transaction (to audit a consistent snapshot). */
type Reader = Pick<Database, 'execute'>

const SAMPLE_ROWS = 5

const CHECKS: Check[] = [
  {
    invariant: 'balance = sum of the wallet’s transactions',
    query: sql`select w.id as subject, w.balance || ' vs ' || coalesce(t.total, 0) as detail
      from wallets w
      left join (select wallet_id, sum(amount) as total from wallet_transactions group by wallet_id) t
        on t.wallet_id = w.id
      where w.balance <> coalesce(t.total, 0)`,
  },
  {
    invariant: 'balance ≥ 0',
    query: sql`select id as subject, balance::text as detail from wallets where balance < 0`,
  },
  {
    invariant: 'every user has a wallet',
    query: sql`select u.id as subject, '' as detail from "user" u
      left join wallets w on w.user_id = u.id where w.id is null`,
  },
  {
    invariant: 'at most one bet per user, tournament and contest',
    query: sql`select user_id || '/' || tournament_id || '/' || contest as subject,
        count(*)::text as detail
      from bets group by user_id, tournament_id, contest having count(*) > 1`,
  },
  {
    // Decision 110: a second-chance bet only where one was opened, at its fee.
    invariant: 'every second-chance bet is on an opened second chance, at its fee',
    query: sql`select b.id as subject, b.amount || ' paid, fee ' || coalesce(c.entry_fee::text, 'none') as detail
      from bets b
      left join tournament_contests c
        on c.tournament_id = b.tournament_id and c.contest = b.contest
      where b.contest <> 'main' and (c.tournament_id is null or c.entry_fee <> b.amount)`,
  },
  {
    invariant: 'at most one welcome bonus per user',
    query: sql`select wallet_id as subject, count(*)::text as detail from wallet_transactions
      where type = 'welcome_bonus' group by wallet_id having count(*) > 1`,
  },
  {
    invariant: 'every ledger amount has the sign of its type',
    query: sql`select id as subject, type || ' ' || amount as detail from wallet_transactions
      where not ((type::text in ('deposit', 'welcome_bonus', 'bet_won', 'bet_refund',
                                 'league_pot_win', 'league_stake_refund') and amount > 0)
        or (type::text in ('bet_placed', 'withdrawal', 'league_stake') and amount < 0)
        or (type = 'bet_lost' and amount = 0))`,
  },
  ...LEAGUE_POT_CHECKS,
  {
    invariant: 'every bet is debited exactly once, by its amount, from its owner’s wallet',
    query: sql`select b.id as subject, count(t.id) || ' rows, ' || coalesce(sum(t.amount), 0) as detail
      from bets b
      join wallets w on w.user_id = b.user_id
      left join wallet_transactions t
        on t.related_bet_id = b.id and t.type = 'bet_placed' and t.wallet_id = w.id
      group by b.id, b.amount
      having count(t.id) <> 1 or coalesce(sum(t.amount), 0) <> -b.amount`,
  },
  {
    invariant: 'every ledger row of a bet is in the wallet of the bet’s owner',
    query: sql`select t.id as subject, t.type::text as detail from wallet_transactions t
      join bets b on b.id = t.related_bet_id
      join wallets w on w.id = t.wallet_id
      where w.user_id <> b.user_id`,
  },
  {
    // A loss moves no coins: since decision 078 it is recorded on the bet alone, so a lost bet
    // has no outcome row, or the 0-coin bet_lost row settlements wrote before (append-only).
    invariant: 'a bet’s outcome rows match its status',
    query: sql`select b.id as subject, b.status || ': ' ||
        count(*) filter (where t.type = 'bet_won') || ' won, ' ||
        count(*) filter (where t.type = 'bet_lost') || ' lost, ' ||
        count(*) filter (where t.type = 'bet_refund') || ' refunds' as detail
      from bets b
      left join wallet_transactions t
        on t.related_bet_id = b.id and t.type in ('bet_won', 'bet_lost', 'bet_refund')
      group by b.id, b.status, b.amount
      having count(t.id) <> case b.status when 'active' then 0 when 'lost' then
               count(*) filter (where t.type = 'bet_lost') else 1 end
        or (b.status = 'won' and count(*) filter (where t.type = 'bet_won') <> 1)
        or (b.status = 'lost' and count(*) filter (where t.type = 'bet_lost') > 1)
        or (b.status = 'refunded' and coalesce(sum(t.amount) filter (where t.type = 'bet_refund'), 0) <> b.amount)`,
  },
  {
    invariant: 'only a settled contest has won or lost bets',
    query: sql`select b.tournament_id || '/' || b.contest as subject, count(*)::text as detail
      from bets b
      left join tournament_settlements s
        on s.tournament_id = b.tournament_id and s.contest = b.contest
      where b.status in ('won', 'lost') and s.tournament_id is null
      group by b.tournament_id, b.contest`,
  },
  {
    // Per contest (decision 110): each pays from its own pool.
    invariant: 'a settlement’s total paid is the sum of its bet_won rows and within the pool',
    query: sql`select s.tournament_id || '/' || s.contest as subject,
        s.total_paid || ' recorded, ' || coalesce(p.paid, 0) || ' paid, pool ' || s.prize_pool as detail
      from tournament_settlements s
      left join (
        select b.tournament_id, b.contest, sum(t.amount) as paid from wallet_transactions t
        join bets b on b.id = t.related_bet_id
        where t.type = 'bet_won' group by b.tournament_id, b.contest
      ) p on p.tournament_id = s.tournament_id and p.contest = s.contest
      where s.total_paid <> coalesce(p.paid, 0) or coalesce(p.paid, 0) > s.prize_pool`,
  },
  {
    invariant: 'a completed settlement leaves no active bet',
    query: sql`select s.tournament_id || '/' || s.contest as subject, count(*)::text as detail
      from tournament_settlements s
      join bets b on b.tournament_id = s.tournament_id and b.contest = s.contest
      where s.state = 'completed' and b.status = 'active'
      group by s.tournament_id, s.contest`,
  },
  {
    invariant: 'a cancelled tournament has no active bet',
    query: sql`select t.id as subject, count(*)::text as detail
      from tournaments t join bets b on b.tournament_id = t.id
      where t.status = 'cancelled' and b.status = 'active'
      group by t.id`,
  },
  {
    invariant: 'the ledger and the audit log refuse updates and deletes (append-only triggers)',
    query: sql`select required.name as subject, 'missing or disabled' as detail
      from (values ('wallet_transactions_no_update_or_delete'), ('wallet_transactions_no_truncate'),
                   ('audit_log_no_update_or_delete'), ('audit_log_no_truncate')) as required(name)
      left join pg_trigger tg on tg.tgname = required.name and tg.tgenabled <> 'D'
      where tg.oid is null`,
  },
]

async function readRows<T>(db: Reader, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query))
}

async function readTotals(db: Reader): Promise<LedgerTotals> {
  const [row] = await readRows<Record<keyof LedgerTotals, string | number | null>>(
    db,
    sql`select
      (select count(*) from wallets) as wallets,
      (select count(*) from bets) as bets,
      (select count(*) from wallet_transactions) as "ledgerRows",
      (select coalesce(sum(balance), 0) from wallets) as balances,
      (select coalesce(sum(amount), 0) from wallet_transactions where type = 'welcome_bonus') as bonuses,
      (select coalesce(sum(amount), 0) from wallet_transactions where type = 'deposit') as deposits,
      (select coalesce(-sum(amount), 0) from wallet_transactions where type = 'withdrawal') as withdrawals,
      (select coalesce(sum(amount), 0) from bets) as fees,
      (select coalesce(sum(amount), 0) from bets where status = 'refunded') as refunds,
      (select coalesce(sum(total_paid), 0) from tournament_settlements) as winnings,
      (select coalesce(sum(stake), 0) from league_pot_entries) as stakes,
      (select coalesce(sum(payout), 0) from league_pot_entries) as "potPayouts"`,
  )
  // Sums arrive as strings from pg (bigint/numeric) and as numbers from PGlite.
  const totals = {} as LedgerTotals
  for (const [key, value] of Object.entries(row ?? {})) {
    totals[key as keyof LedgerTotals] = Number(value ?? 0)
  }
  return totals
}

function conservationProblem(totals: LedgerTotals): string | undefined {
  const expected =
    totals.bonuses +
    totals.deposits +
    totals.refunds +
    totals.winnings +
    totals.potPayouts -
    totals.withdrawals -
    totals.fees -
    totals.stakes
  if (totals.balances === expected) return undefined
  return (
    `coins are conserved: balances ${totals.balances} ≠ bonuses ${totals.bonuses} + deposits ` +
    `${totals.deposits} + refunds ${totals.refunds} + winnings ${totals.winnings} + pot payouts ` +
    `${totals.potPayouts} − withdrawals ${totals.withdrawals} − fees ${totals.fees} − stakes ` +
    `${totals.stakes} = ${expected}`
  )
}

/**
 * Checks every money invariant. Run it on a quiet database (no money path mid-flight) or inside
 * a repeatable-read transaction: it reads with several statements.
 */
export async function auditLedger(db: Reader): Promise<LedgerAudit> {
  const problems: string[] = []
  for (const check of CHECKS) {
    const rows = await readRows<{ subject: string; detail: string }>(
      db,
      sql`${check.query} limit ${SAMPLE_ROWS}`,
    )
    for (const row of rows) {
      problems.push(`${check.invariant}: ${row.subject}${row.detail ? ` (${row.detail})` : ''}`)
    }
  }
  const totals = await readTotals(db)
  const conservation = conservationProblem(totals)
  if (conservation) problems.push(conservation)
  const stopped = await readRows<{ subject: string; detail: string }>(
    db,
    sql`select tournament_id as subject, coalesce(stop_reason, '') as detail
      from tournament_settlements where state = 'in_progress' and stopped_at is not null`,
  )
  const stoppedSettlements = stopped.map(
    (row) =>
      `a settlement stopped on an error and has not finished: ${row.subject} (${row.detail})`,
  )
  return { problems, stoppedSettlements, totals }
}
