// The seasons as fans see them (docs/product.md "Seasons"): the list with the current one named, and
// one season with its tournaments and the points rule.
import { SEASON_TIER_BONUS } from '#domain/season/season-points'
import { TIER_KEYS } from '#domain/prize/tiers'
import type { SeasonDetail, SeasonList } from '#shared/schemas/season'
import type { Database } from '#server/db/client'
import { catchUpSeasons } from './season-freshness'
import { findSummary } from './my-season.service'
import { seasonSummaries, tournamentsOfSeasons } from './season-reads'
import { seasonNotFound } from './season-standings.service'
import { isUuid } from '#server/game/ids'

export async function listSeasons(db: Database, now = new Date()): Promise<SeasonList> {
  await catchUpSeasons(db)
  const seasons = await seasonSummaries(db, now)
  return { seasons, currentId: seasons.find((season) => season.isCurrent)?.id ?? null }
}

export async function getSeasonDetail(
  db: Database,
  seasonId: string,
  now = new Date(),
): Promise<SeasonDetail> {
  if (!isUuid(seasonId)) throw seasonNotFound()
  await catchUpSeasons(db)
  const season = await findSummary(db, seasonId, now)
  const lists = await tournamentsOfSeasons(db, [seasonId])
  return {
    ...season,
    tournamentList: lists.get(seasonId) ?? [],
    bonuses: TIER_KEYS.map((tier) => ({ tier, bonus: SEASON_TIER_BONUS[tier] })),
  }
}
