// The leaderboard's rank table and totals, rebuilt set-based (docs/decisions/043): by the
// refresher every few seconds (leaderboard-refresher.ts) and on demand by a read that finds the
// snapshot missing or stale (leaderboard.service.ts).
import { sql } from 'drizzle-orm'
import { rowsOf, type Database } from '#server/db/client'
import { leaderboardRanks, leaderboardSnapshot, user, wallets } from '#server/db/schema'

// Any fixed number: one process at a time rebuilds the ranks; the others skip that round.
const REFRESH_LOCK_KEY = 7_461_921_043

export interface RefreshResult {
  /** False when another process was rebuilding at the same moment (this call did nothing). */
  refreshed: boolean
}

const inFlight = new WeakMap<Database, Promise<RefreshResult>>()

/**
 * Rebuilds the rank table and the totals in one statement, in one REPEATABLE READ transaction so
 * both describe the same moment. One pass groups the ranked fans' wallets by balance; the
 * rank table gets one row per distinct balance (competition rank = 1 + players with more coins),
 * so what is written is bounded by the number of distinct balances, not of users, and only rows
 * whose position or count changed are written. Concurrent calls in this process share one run;
 * across processes an advisory lock lets one rebuild and the others skip.
 */
export function refreshLeaderboardRanks(db: Database): Promise<RefreshResult> {
  const running = inFlight.get(db)
  if (running) return running
  const run = rebuild(db).finally(() => inFlight.delete(db))
  inFlight.set(db, run)
  return run
}

async function rebuild(db: Database): Promise<RefreshResult> {
  return db.transaction(
    async (tx) => {
      const lock = rowsOf<{ acquired: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK_KEY}) as acquired`),
      )
      if (!lock[0]?.acquired) return { refreshed: false }
      // On a busy machine a rebuild at millions of wallets may outlast the pool's statement
      // timeout; it blocks no request meanwhile (requests read the committed rows).
      await tx.execute(sql`set local statement_timeout = '5min'`)

      // Players per balance = every wallet with a bet per balance (an index-only scan of the
      // partial wallets_leaderboard_order_idx, no join) minus those of unconfirmed users and
      // administrators (few): at 1M wallets a third of the time of joining every wallet with its
      // user (bench/README.md). Every wallet has its user (foreign key). The data-modifying CTEs
      // touch disjoint rows (vanished balances, current balances) and read one grouping pass
      // ("levels" is materialised once).
      await tx.execute(sql`
        with everyone as (
          select balance, count(*) as players from ${wallets} where has_bet group by balance
        ), unconfirmed as (
          select w.balance, count(*) as players
          from ${user} u join ${wallets} w on w.user_id = u.id
          where (not u.email_verified or u.role = 'admin') and w.has_bet
          group by w.balance
        ), levels as (
          select e.balance, (e.players - coalesce(x.players, 0))::integer as players
          from everyone e left join unconfirmed x on x.balance = e.balance
          where e.players > coalesce(x.players, 0)
        ), ranked as (
          select balance, players,
            (sum(players) over (order by balance desc) - players + 1)::integer as rank_position
          from levels
        ), vanished as (
          delete from ${leaderboardRanks} r
          where not exists (select 1 from levels l where l.balance = r.total_coins)
        ), upserted as (
          insert into ${leaderboardRanks} (total_coins, rank_position, players)
          select balance, rank_position, players from ranked
          on conflict (total_coins) do update
            set rank_position = excluded.rank_position, players = excluded.players
            where ${leaderboardRanks}.rank_position <> excluded.rank_position
               or ${leaderboardRanks}.players <> excluded.players
        )
        insert into ${leaderboardSnapshot} (id, refreshed_at, total_players, total_coins, top_score)
        select 1, clock_timestamp(), coalesce(sum(players), 0),
          coalesce(sum(balance::bigint * players), 0), coalesce(max(balance), 0)
        from levels
        on conflict (id) do update
          set refreshed_at = excluded.refreshed_at,
              total_players = excluded.total_players,
              total_coins = excluded.total_coins,
              top_score = excluded.top_score`)
      return { refreshed: true }
    },
    { isolationLevel: 'repeatable read' },
  )
}
