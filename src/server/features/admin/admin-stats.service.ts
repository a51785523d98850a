// The admin dashboard's figures.
import { count, eq } from 'drizzle-orm'
import type { AdminStats } from '#shared/schemas/admin'
import type { Database } from '#server/db/client'
import { bets, tournaments, user } from '#server/db/schema'
import { poolFigures } from '#server/game/tournament-figures'
import { participantCountSql } from './admin-tournaments.service'
import { getWorkQueue } from './admin-work-queue.service'

/** The admin dashboard: counts, the sum of current pools and the work queue. */
export async function getAdminStats(db: Database): Promise<AdminStats> {
  const [betCount] = await db.select({ n: count() }).from(bets).where(eq(bets.status, 'active'))
  const [userCount] = await db.select({ n: count() }).from(user)
  const pools = await db
    .select({
      status: tournaments.status,
      config: tournaments.prizePoolConfig,
      participants: participantCountSql,
    })
    .from(tournaments)
  const workQueue = await getWorkQueue(db, new Date())
  return {
    activeBets: betCount?.n ?? 0,
    tournaments: pools.length,
    activeTournaments: pools.filter((t) => t.status === 'active').length,
    users: userCount?.n ?? 0,
    totalPrizePools: pools.reduce(
      (sum, t) => sum + poolFigures(t.config, t.participants).currentPrizePool,
      0,
    ),
    workQueue,
  }
}
