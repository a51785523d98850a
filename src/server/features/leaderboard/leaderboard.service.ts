// Leaderboard (docs/decisions/043):
// - only fans are ranked: a confirmed e-mail, at least one bet (wallets.has_bet, set by a trigger
//   on bets), never an administrator — the welcome bonus alone ranks nobody;
// - the top N is read live from the partial index on the wallets of fans who have bet;
// - "my position" is the user's live balance ranked against leaderboard_ranks (one row per
//   distinct balance), the totals come from leaderboard_snapshot; both are rebuilt set-based by
//   refreshLeaderboardRanks every few seconds (leaderboard-refresher.ts), and on demand when the
//   snapshot is older than STALE_AFTER_MS and no refresher runs (e.g. in tests).
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm'
import type {
  Leaderboard,
  LeaderboardEntry,
  LeaderboardPosition,
} from '#shared/schemas/leaderboard'
import type { Database } from '#server/db/client'
import { batchedPer, builtOncePer } from '#server/db/per-database'
import { leaderboardRanks, leaderboardSnapshot, user, wallets } from '#server/db/schema'
import { AppError } from '#server/errors'
import { usernameSql } from '#server/game/usernames'
import { refreshLeaderboardRanks } from './leaderboard-rebuild'

export { refreshLeaderboardRanks, type RefreshResult } from './leaderboard-rebuild'

/** A snapshot older than this is rebuilt before it is used (the refresher runs every 5 s). */
export const STALE_AFTER_MS = 15_000

/** A user who may be ranked once they have bet: confirmed, and not an administrator. */
const isRankedUser = sql<boolean>`(${user.emailVerified} and ${user.role} <> 'admin')`

// Databases whose snapshot a background refresher keeps fresh (leaderboard-refresher.ts).
const refreshedInBackground = new WeakSet<Database>()

/**
 * Tells getFreshSnapshot that a refresher keeps this database's snapshot fresh, so a request
 * never waits for a rebuild (seconds at a million wallets): it answers the snapshot it finds.
 */
export function setRefreshedInBackground(db: Database, isRefreshed: boolean): void {
  if (isRefreshed) refreshedInBackground.add(db)
  else refreshedInBackground.delete(db)
}

interface Snapshot {
  refreshedAt: Date
  totalPlayers: number
  totalCoins: number
  topScore: number
}

// The snapshot row's columns, for reading it alongside another query (one round trip).
const snapshotColumns = {
  refreshedAt: leaderboardSnapshot.refreshedAt,
  totalPlayers: leaderboardSnapshot.totalPlayers,
  totalCoins: leaderboardSnapshot.totalCoins,
  topScore: leaderboardSnapshot.topScore,
  // Compared on the database clock, the one that wrote refreshed_at.
  isStale: sql<boolean>`${leaderboardSnapshot.refreshedAt} < clock_timestamp() - ${`${STALE_AFTER_MS} milliseconds`}::interval`,
}

type SnapshotRow = Snapshot & { isStale: boolean }

/** The snapshot from a row that selected snapshotColumns through a left join; null if none. */
function snapshotOf(row: {
  [K in keyof SnapshotRow]: SnapshotRow[K] | null
}): SnapshotRow | null {
  const { refreshedAt, totalPlayers, totalCoins, topScore, isStale } = row
  if (refreshedAt === null || totalPlayers === null || totalCoins === null || topScore === null) {
    return null
  }
  return { refreshedAt, totalPlayers, totalCoins, topScore, isStale: isStale === true }
}

/** A snapshot that may be answered as it is: present, and fresh or kept fresh by a refresher. */
function isUsable(db: Database, snapshot: SnapshotRow | null): snapshot is SnapshotRow {
  return snapshot !== null && (!snapshot.isStale || refreshedInBackground.has(db))
}

async function readSnapshot(db: Database): Promise<SnapshotRow | null> {
  const [row] = await db
    .select(snapshotColumns)
    .from(leaderboardSnapshot)
    .where(eq(leaderboardSnapshot.id, 1))
  return row ?? null
}

/**
 * The snapshot, rebuilt first when missing, or when older than STALE_AFTER_MS and no refresher
 * keeps it fresh (a refresher spaces its rebuilds out at scale; see leaderboard-refresher.ts).
 */
export async function getFreshSnapshot(db: Database): Promise<Snapshot> {
  const current = await readSnapshot(db)
  if (isUsable(db, current)) return current
  await refreshLeaderboardRanks(db)
  const rebuilt = await readSnapshot(db)
  // Another process held the lock and has not committed yet: use what exists.
  return (
    rebuilt ?? current ?? { refreshedAt: new Date(), totalPlayers: 0, totalCoins: 0, topScore: 0 }
  )
}

/**
 * The top `limit` ranked fans by balance (ties: the older wallet first), with competition ranks.
 * Ranks computed over this prefix are the global ranks: every higher balance is in the prefix.
 */
export async function getLeaderboard(
  db: Database,
  { limit, userId }: { limit: number; userId: string | null },
): Promise<Leaderboard> {
  const rows = await topWalletsBatch(db).load(limit)

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

  const joined = rows[0] ? snapshotOf(rows[0]) : null
  const snapshot = isUsable(db, joined) ? joined : await getFreshSnapshot(db)
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
 * The user's position; rank_position null (with the reason) for a user the leaderboard does not
 * rank: no bet yet, or an administrator. Otherwise their current balance (one read by the unique user id) ranked against
 * the rank table (seconds old at most) in the same indexed query, through the greatest balance
 * ranked at the last rebuild that is not above it. A balance the table has not seen (changed or
 * new since the rebuild) gets the position it would have had then: 1 + the players who had more
 * coins; below every ranked balance that is total_players + 1. The user's own balance at the
 * rebuild still counts among the others until the next one (after a fall: one place lower).
 */
export async function getMyLeaderboardPosition(
  db: Database,
  { userId }: { userId: string },
): Promise<LeaderboardPosition> {
  let wallet = await readPosition(db, userId)
  if (!wallet) throw new AppError('NOT_FOUND', 'No wallet for this user.')
  const joined = snapshotOf(wallet)
  let snapshot: Snapshot
  if (isUsable(db, joined)) {
    snapshot = joined
  } else {
    // Rebuilt first, so the position is read again against the new ranks.
    snapshot = await getFreshSnapshot(db)
    wallet = (await readPosition(db, userId)) ?? wallet
  }
  const refreshedAt = snapshot.refreshedAt.toISOString()
  if (!wallet.isRanked) {
    return {
      rank_position: null,
      total_coins: wallet.balance,
      total_players: snapshot.totalPlayers,
      refreshed_at: refreshedAt,
      unranked_reason: wallet.isAdmin ? 'admin' : 'no_bet',
    }
  }
  const position = wallet.rankPosition ?? snapshot.totalPlayers + 1
  return {
    rank_position: position,
    total_coins: wallet.balance,
    total_players: Math.max(snapshot.totalPlayers, position),
    refreshed_at: refreshedAt,
    unranked_reason: null,
  }
}

// The top wallets by balance; the snapshot comes along with every row, so one round trip answers
// the board when the snapshot is usable.
const topWallets = builtOncePer((db) =>
  db
    .select({
      userId: wallets.userId,
      balance: wallets.balance,
      username: usernameSql,
      ...snapshotColumns,
    })
    .from(wallets)
    .innerJoin(user, and(eq(user.id, wallets.userId), isRankedUser))
    .leftJoin(leaderboardSnapshot, eq(leaderboardSnapshot.id, 1))
    // The partial index's own predicate, so the planner reads it in order.
    .where(sql`${wallets.hasBet}`)
    .orderBy(desc(wallets.balance), asc(wallets.createdAt), asc(wallets.userId))
    .limit(sql.placeholder('limit'))
    .prepare('leaderboard_top_wallets'),
)

// One query for the longest board asked for in the batch; each request gets its prefix.
const topWalletsBatch = batchedPer(async (db, limits: readonly number[]) => {
  const rows = await topWallets(db).execute({ limit: Math.max(...limits) })
  return limits.map((limit) => rows.slice(0, limit))
})

// The users' balances and their rank positions, with the snapshot, in one round trip.
const walletPositions = builtOncePer((db) => {
  const rankPosition = db
    .select({ rankPosition: leaderboardRanks.rankPosition })
    .from(leaderboardRanks)
    .where(lte(leaderboardRanks.totalCoins, wallets.balance))
    .orderBy(desc(leaderboardRanks.totalCoins))
    .limit(1)
  return db
    .select({
      userId: wallets.userId,
      balance: wallets.balance,
      rankPosition: sql<number | null>`(${rankPosition})`,
      isRanked: sql<boolean>`${wallets.hasBet} and ${isRankedUser}`,
      isAdmin: sql<boolean>`${user.role} = 'admin'`,
      ...snapshotColumns,
    })
    .from(wallets)
    .innerJoin(user, eq(user.id, wallets.userId))
    .leftJoin(leaderboardSnapshot, eq(leaderboardSnapshot.id, 1))
    .where(sql`${wallets.userId} = any(${sql.placeholder('userIds')}::text[])`)
    .prepare('leaderboard_wallet_positions')
})

const positionsBatch = batchedPer(async (db, userIds: readonly string[]) => {
  const rows = await walletPositions(db).execute({ userIds: [...new Set(userIds)] })
  const byUser = new Map(rows.map((row) => [row.userId, row]))
  return userIds.map((userId) => byUser.get(userId))
})

function readPosition(db: Database, userId: string) {
  return positionsBatch(db).load(userId)
}
