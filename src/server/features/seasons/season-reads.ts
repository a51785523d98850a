// Reading seasons for the pages and the admin area (docs/product.md "Seasons"): the list with each
// season's figures, and each season's tournaments in date order.
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { currentSeason, isSeasonOver } from '#domain/season/season-calendar'
import type { SeasonSummary, SeasonTournament } from '#shared/schemas/season'
import { type Executor } from '#server/db/client'
import { seasons, seasonTournaments, tournaments } from '#server/db/schema'

/** Every season, the latest start first, with its figures and which one is current. */
export async function seasonSummaries(db: Executor, now: Date): Promise<SeasonSummary[]> {
  const rows = await db
    .select({
      id: seasons.id,
      name: seasons.name,
      startsOn: seasons.startsOn,
      endsOn: seasons.endsOn,
      counted: seasons.steps,
      fans: seasons.fans,
      tournaments: sql<number>`(select count(*)::integer from ${seasonTournaments}
        where ${seasonTournaments.seasonId} = ${seasons.id})`.mapWith(Number),
    })
    .from(seasons)
    .orderBy(sql`${seasons.startsOn} desc`, asc(seasons.id))
  const current = currentSeason(rows, now)
  return rows.map((row) => ({
    ...row,
    isCurrent: row.id === current?.id,
    isOver: isSeasonOver(row, now),
  }))
}

/** Each season's tournaments, by start date. */
export async function tournamentsOfSeasons(
  db: Executor,
  seasonIds: readonly string[],
): Promise<Map<string, SeasonTournament[]>> {
  const lists = new Map<string, SeasonTournament[]>()
  if (seasonIds.length === 0) return lists
  const rows = await db
    .select({
      seasonId: seasonTournaments.seasonId,
      tournamentId: tournaments.id,
      name: tournaments.name,
      status: tournaments.status,
      startDate: tournaments.startDate,
      step: seasonTournaments.step,
    })
    .from(seasonTournaments)
    .innerJoin(tournaments, eq(tournaments.id, seasonTournaments.tournamentId))
    .where(inArray(seasonTournaments.seasonId, [...seasonIds]))
    .orderBy(asc(tournaments.startDate), asc(tournaments.id))
  for (const { seasonId, startDate, ...row } of rows) {
    const list = lists.get(seasonId) ?? []
    list.push({ ...row, startDate: startDate.toISOString() })
    lists.set(seasonId, list)
  }
  return lists
}
