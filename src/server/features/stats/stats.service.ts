import { and, eq, exists, sql } from 'drizzle-orm'
import type { PublicStats } from '#shared/schemas/stats'
import type { Database } from '#server/db/client'
import { bets, tournaments, user } from '#server/db/schema'

/**
 * Landing-page figures: players are fans who played, accounts with the role of a fan and a main
 * bracket in any tournament (an admin, a sign-up that never played, or a second-chance entry alone
 * do not count); predictions are bets. Counted here; the route answers a count for STATS_KEPT_MS.
 */
export async function getPublicStats(db: Database): Promise<PublicStats> {
  const [players, tournamentCount, predictions] = await Promise.all([
    // One probe per fan into the bets' (user, tournament, contest) unique index.
    db.$count(
      user,
      and(
        eq(user.role, 'user'),
        exists(
          db
            .select({ one: sql`1` })
            .from(bets)
            .where(and(eq(bets.userId, user.id), eq(bets.contest, 'main'))),
        ),
      ),
    ),
    db.$count(tournaments),
    db.$count(bets),
  ])
  return { players, tournaments: tournamentCount, predictions }
}
