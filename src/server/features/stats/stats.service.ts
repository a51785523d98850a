import { eq } from 'drizzle-orm'
import type { PublicStats } from '#shared/schemas/stats'
import type { Database } from '#server/db/client'
import { bets, tournaments, user } from '#server/db/schema'

/**
 * Landing-page figures: players are accounts with a confirmed e-mail (abandoned sign-ups do not
 * count), predictions are bets. Counted here; the route answers a count for STATS_KEPT_MS.
 */
export async function getPublicStats(db: Database): Promise<PublicStats> {
  const [players, tournamentCount, predictions] = await Promise.all([
    db.$count(user, eq(user.emailVerified, true)),
    db.$count(tournaments),
    db.$count(bets),
  ])
  return { players, tournaments: tournamentCount, predictions }
}
