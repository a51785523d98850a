// The demo world's season (docs/product.md "Seasons"): every demo tournament in one season named for
// the year, spanning their dates. Only the rows an admin's "create a season, put tournaments in
// it" would write: the season refresher of the running server counts the settled one.
import { inArray, max, min } from 'drizzle-orm'
import type { Transaction } from '#server/db/client'
import { seasons, seasonTournaments, tournaments } from '#server/db/schema'

export const DEMO_SEASON_NAME_PREFIX = 'Premier Padel'

function isoDay(value: Date): string {
  return value.toISOString().slice(0, 10)
}

export async function seedDemoSeason(
  tx: Transaction,
  tournamentIds: readonly string[],
): Promise<string | null> {
  if (tournamentIds.length === 0) return null
  const [span] = await tx
    .select({ first: min(tournaments.startDate), last: max(tournaments.endDate) })
    .from(tournaments)
    .where(inArray(tournaments.id, [...tournamentIds]))
  if (!span?.first || !span.last) return null
  const [season] = await tx
    .insert(seasons)
    .values({
      name: `${DEMO_SEASON_NAME_PREFIX} ${span.first.getUTCFullYear()}`,
      startsOn: isoDay(span.first),
      endsOn: isoDay(span.last),
    })
    .returning({ id: seasons.id })
  await tx
    .insert(seasonTournaments)
    .values(tournamentIds.map((tournamentId) => ({ tournamentId, seasonId: season!.id })))
  return season!.id
}
