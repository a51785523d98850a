import { eq, sql } from 'drizzle-orm'
import { displayNameOf } from '#shared/schemas/auth'
import type { Me } from '#shared/schemas/me'
import type {
  TransactionPage,
  TransactionSource,
  TransactionsQuery,
} from '#shared/schemas/transaction'
import type { SessionUser } from '#server/app-env'
import type { Database } from '#server/db/client'
import { wallets } from '#server/db/schema'
import type { TransactionType } from '#domain/wallet/transactions'
import { ADJUSTMENT_KEY_PREFIX, TOP_UP_KEY_PREFIX } from '#server/ledger/ledger'
import { prizeTierOf } from '#server/ledger/prize-tier'

const POT_TYPES = ['league_stake', 'league_pot_win', 'league_stake_refund'] as const

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

/** One row of the history as the database answers it (both drivers). */
interface HistoryRow {
  id: string
  type: TransactionType
  amount: number
  description: string
  related_bet_id: string | null
  tournament_name: string | null
  source: TransactionSource | null
  league_name: string | null
  created_at: string
}

/**
 * The wallet's ledger, newest first, one page at a time — with each lost bet that has no
 * bet_lost row (settled since decision 078: a loss moves no coins and is recorded on the bet
 * alone) shown as the row it used to be: type bet_lost, 0 coins, at the time the bet was settled,
 * its id the bet's. A loss settled before keeps its own row and is not shown twice.
 */
export async function listMyTransactions(
  db: Database,
  userId: string,
  { page, pageSize }: TransactionsQuery,
): Promise<TransactionPage> {
  const lostBets = sql`
    select b.id, 'bet_lost'::text as type, 0 as amount,
           'No prize: ' || t.name
             || case when b.contest = 'main' then '' else ' (second chance)' end as description,
           b.id as related_bet_id,
           t.name as tournament_name, null::text as key, b.updated_at as created_at
      from bets b join tournaments t on t.id = b.tournament_id
     where b.user_id = ${userId} and b.status = 'lost'
       and not exists (select 1 from wallet_transactions l
                        where l.related_bet_id = b.id and l.type = 'bet_lost')`
  const ledgerRows = sql`
    select l.id, l.type::text, l.amount, l.description, l.related_bet_id,
           t.name as tournament_name, l.idempotency_key as key, l.created_at
      from wallets w join wallet_transactions l on l.wallet_id = w.id
      left join bets b on b.id = l.related_bet_id
      left join tournaments t on t.id = b.tournament_id
     where w.user_id = ${userId}`
  // Times as ISO text, the
  // same from both drivers, with the milliseconds the API shows.
  const [rows, totals] = await Promise.all([
    // The page first; then, for its rows alone, where each came from (its ledger key's
    // namespace, ledger.ts) and a pot row's league and tournament (named in its key). The text
    // an admin typed for an adjustment is theirs, not the fan's (docs/decisions/165): left out.
    db.execute(sql`
      select h.id::text, h.type, h.amount,
             case when h.key like ${`${ADJUSTMENT_KEY_PREFIX}%`} then '' else h.description end
               as description,
             h.related_bet_id::text, coalesce(h.tournament_name, pot_t.name) as tournament_name,
             case when h.key like ${`${ADJUSTMENT_KEY_PREFIX}%`} then 'adjustment'
                  when h.key like ${`${TOP_UP_KEY_PREFIX}%`} then 'top_up'
                  when h.type in (${sql.join(
                    POT_TYPES.map((type) => sql`${type}`),
                    sql`, `,
                  )})
                    then 'league_pot'
             end as source,
             pot_l.name as league_name,
             to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from (
          select * from (${ledgerRows} union all ${lostBets}) as history
           order by history.created_at desc, history.id desc
           limit ${pageSize} offset ${(page - 1) * pageSize}
        ) h
        left join leagues pot_l on pot_l.id = case
          when h.type in (${sql.join(
            POT_TYPES.map((type) => sql`${type}`),
            sql`, `,
          )})
            then split_part(h.key, ':', 2)::uuid end
        left join tournaments pot_t on pot_t.id = case
          when h.type in (${sql.join(
            POT_TYPES.map((type) => sql`${type}`),
            sql`, `,
          )})
            then split_part(h.key, ':', 3)::uuid end
       order by h.created_at desc, h.id desc`) as unknown as Promise<{
      rows: HistoryRow[]
    }>,
    db.execute(sql`
      select ((select count(*) from (${ledgerRows}) as ledger)
            + (select count(*) from (${lostBets}) as lost))::integer as total`) as unknown as Promise<{
      rows: { total: number }[]
    }>,
  ])
  return {
    items: rows.rows.map((row) => ({
      id: row.id,
      type: row.type,
      amount: row.amount,
      description: row.description,
      relatedBetId: row.related_bet_id,
      tournamentName: row.tournament_name,
      tier: prizeTierOf(row.type, row.description),
      source: row.source,
      leagueName: row.league_name,
      createdAt: row.created_at,
    })),
    page,
    pageSize,
    total: totals.rows[0]?.total ?? 0,
  }
}
