// Leaderboard (DESIGN §3 "How the money paths stay fast"; docs/decisions/043):
// - only players with a confirmed e-mail are ranked (a sign-up never confirmed is no player);
// - the top N is read live from the index on wallets.balance;
// - "my position" and the totals come from leaderboard_ranks / leaderboard_snapshot, rebuilt
//   set-based by refreshLeaderboardRanks every few seconds (leaderboard-refresher.ts), and on
//   demand when the snapshot is older than STALE_AFTER_MS (no refresher running, e.g. in tests).
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm'
import type {
  Leaderboard,
  LeaderboardEntry,
  LeaderboardPosition,
} from '../../../shared/schemas/leaderboard'
import type { Database } from '../../db/client'
import { leaderboardRanks, leaderboardSnapshot, user, wallets } from '../../db/schema'
import { AppError } from '../../errors'

/** A snapshot older than this is rebuilt before it is used (the refresher runs every 5 s). */
export const STALE_AFTER_MS = 15_000

// Any fixed number: one process at a time rebuilds the ranks; the others skip that round.
const REFRESH_LOCK_KEY = 7_461_921_043

/** username, else the e-mail before the at sign, else 'User' (spec §3). */
const usernameSql = sql<string>`coalesce(
  nullif(${user.displayUsername}, ''),
  nullif(${user.username}, ''),
  nullif(split_part(${user.email}, '@', 1), ''),
  'User'
)`

export interface RefreshResult {
  /** False when another process was rebuilding at the same moment (this call did nothing). */
  refreshed: boolean
}

const inFlight = new WeakMap<Database, Promise<RefreshResult>>()

/**
 * Rebuilds every position in one set-based statement (competition ranks by balance, ties
 * shared) and the totals, in one REPEATABLE READ transaction so both describe the same moment.
 * Only rows whose position or coins changed are written. Concurrent calls in this process share
 * one run; across processes an advisory lock lets one rebuild and the others skip.
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
      // Both drivers answer { rows }; the common Database type cannot say so.
      const lock = (await tx.execute(
        sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK_KEY}) as acquired`,
      )) as unknown as { rows: { acquired: boolean }[] }
      if (!lock.rows[0]?.acquired) return { refreshed: false }

      await tx.execute(sql`
        insert into ${leaderboardRanks} (user_id, rank_position, total_coins)
        select w.user_id, rank() over (order by w.balance desc), w.balance
        from ${wallets} w join ${user} u on u.id = w.user_id and u.email_verified
        on conflict (user_id) do update
          set rank_position = excluded.rank_position, total_coins = excluded.total_coins
          where ${leaderboardRanks}.rank_position <> excluded.rank_position
             or ${leaderboardRanks}.total_coins <> excluded.total_coins`)
      await tx.execute(sql`
        delete from ${leaderboardRanks} r
        where not exists (
          select 1 from ${wallets} w join ${user} u on u.id = w.user_id and u.email_verified
          where w.user_id = r.user_id)`)
      await tx.execute(sql`
        insert into ${leaderboardSnapshot} (id, refreshed_at, total_players, total_coins, top_score)
        select 1, clock_timestamp(), count(*), coalesce(sum(w.balance), 0),
          coalesce(max(w.balance), 0)
        from ${wallets} w join ${user} u on u.id = w.user_id and u.email_verified
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

interface Snapshot {
  refreshedAt: Date
  totalPlayers: number
  totalCoins: number
  topScore: number
}

async function readSnapshot(db: Database): Promise<(Snapshot & { isStale: boolean }) | null> {
  const [row] = await db
    .select({
      refreshedAt: leaderboardSnapshot.refreshedAt,
      totalPlayers: leaderboardSnapshot.totalPlayers,
      totalCoins: leaderboardSnapshot.totalCoins,
      topScore: leaderboardSnapshot.topScore,
      // Compared on the database clock, the one that wrote refreshed_at.
      isStale: sql<boolean>`${leaderboardSnapshot.refreshedAt} < clock_timestamp() - ${`${STALE_AFTER_MS} milliseconds`}::interval`,
    })
    .from(leaderboardSnapshot)
    .where(eq(leaderboardSnapshot.id, 1))
  return row ?? null
}

/** The snapshot, rebuilt first when missing or older than STALE_AFTER_MS. */
export async function getFreshSnapshot(db: Database): Promise<Snapshot> {
  const current = await readSnapshot(db)
  if (current && !current.isStale) return current
  await refreshLeaderboardRanks(db)
  const rebuilt = await readSnapshot(db)
  // Another process held the lock and has not committed yet: use what exists.
  return (
    rebuilt ?? current ?? { refreshedAt: new Date(), totalPlayers: 0, totalCoins: 0, topScore: 0 }
  )
}

/**
 * The top `limit` wallets by balance (ties: the older wallet first), with competition ranks.
 * Ranks computed over this prefix are the global ranks: every higher balance is in the prefix.
 */
export async function getLeaderboard(
  db: Database,
  { limit, userId }: { limit: number; userId: string | null },
): Promise<Leaderboard> {
  const rows = await db
    .select({ userId: wallets.userId, balance: wallets.balance, username: usernameSql })
    .from(wallets)
    .innerJoin(user, and(eq(user.id, wallets.userId), eq(user.emailVerified, true)))
    .orderBy(desc(wallets.balance), asc(wallets.createdAt), asc(wallets.userId))
    .limit(limit)

  const entries: LeaderboardEntry[] = []
  for (const [index, row] of rows.entries()) {
    const previous = entries[index - 1]
    entries.push({
      rank_position:
        previous && previous.total_coins === row.balance ? previous.rank_position : index + 1,
      username: row.username,
      total_coins: row.balance,
      is_current_user: userId !== null && row.userId === userId,
    })
  }

  const snapshot = await getFreshSnapshot(db)
  return {
    entries,
    totals: {
      total_players: snapshot.totalPlayers,
      // Live, like the entries (the first entry is the top balance).
      top_score: entries[0]?.total_coins ?? 0,
      average_coins:
        snapshot.totalPlayers > 0 ? Math.round(snapshot.totalCoins / snapshot.totalPlayers) : 0,
    },
  }
}

/**
 * The user's position from the rank table (seconds old at most). A wallet newer than the last
 * rebuild is ranked live once, by counting higher balances through the balance index.
 */
export async function getMyLeaderboardPosition(
  db: Database,
  { userId }: { userId: string },
): Promise<LeaderboardPosition> {
  const snapshot = await getFreshSnapshot(db)
  const [ranked] = await db
    .select({
      rankPosition: leaderboardRanks.rankPosition,
      totalCoins: leaderboardRanks.totalCoins,
    })
    .from(leaderboardRanks)
    .where(eq(leaderboardRanks.userId, userId))
  if (ranked) {
    return {
      rank_position: ranked.rankPosition,
      total_coins: ranked.totalCoins,
      total_players: snapshot.totalPlayers,
      refreshed_at: snapshot.refreshedAt.toISOString(),
    }
  }

  const [wallet] = await db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId))
  if (!wallet) throw new AppError('NOT_FOUND', 'No wallet for this user.')
  const [{ higher } = { higher: 0 }] = await db
    .select({ higher: count() })
    .from(wallets)
    .innerJoin(user, and(eq(user.id, wallets.userId), eq(user.emailVerified, true)))
    .where(gt(wallets.balance, wallet.balance))
  return {
    rank_position: higher + 1,
    total_coins: wallet.balance,
    total_players: Math.max(snapshot.totalPlayers, higher + 1),
    refreshed_at: snapshot.refreshedAt.toISOString(),
  }
}
