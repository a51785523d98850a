// A fan's own season (docs/product.md "Seasons", "My season"): every counted tournament with the points
// it gave them and their rank once it was counted, read from the fan's season_points rows (at
// most one per tournament) and, per step, the level their running totals reached then.
import { asc, eq, and, sql } from 'drizzle-orm'
import { isTierKey, NO_TIER, type TierResult } from '#domain/prize/tiers'
import type { MySeason, MySeasonTournament, SeasonSummary } from '#shared/schemas/season'
import { rowsOf, type Database } from '#server/db/client'
import { seasonPoints, seasonTournaments, tournaments } from '#server/db/schema'
import { isSeasonWrappedUpSql } from './season-recap'
import { readSeasonRowsOf } from './season-rows'
import { seasonSummaries } from './season-reads'
import { readSeasonContext, seasonNotFound } from './season-standings.service'

export interface MySeasonOptions {
  userId: string
  now?: Date
  /** The card's share id for this fan and season (season-share-ids.ts). */
  shareIdOf: (seasonId: string, userId: string) => string
}

export async function getMySeason(
  db: Database,
  seasonId: string,
  { userId, now = new Date(), shareIdOf }: MySeasonOptions,
): Promise<MySeason> {
  const context = await readSeasonContext(db, seasonId, { userId })
  const season = await findSummary(db, context.id, now)
  const [counted, mine, [me], isRecap] = await Promise.all([
    db
      .select({
        tournamentId: seasonTournaments.tournamentId,
        name: tournaments.name,
        step: seasonTournaments.step,
        fansAfter: seasonTournaments.fansAfter,
      })
      .from(seasonTournaments)
      .innerJoin(tournaments, eq(tournaments.id, seasonTournaments.tournamentId))
      .where(
        and(eq(seasonTournaments.seasonId, context.id), sql`${seasonTournaments.step} is not null`),
      )
      .orderBy(asc(seasonTournaments.step)),
    db
      .select()
      .from(seasonPoints)
      .where(and(eq(seasonPoints.seasonId, context.id), eq(seasonPoints.userId, userId))),
    context.steps === 0
      ? []
      : readSeasonRowsOf(db, { seasonId: context.id, step: context.steps, userIds: [userId] }),
    isSeasonWrappedUp(db, context.id),
  ])
  const byTournament = new Map(mine.map((row) => [row.tournamentId, row]))
  // The fan's running totals after each step: the key of the level they were on.
  let totals = { points: 0, tournaments: 0, coinsWon: 0 }
  const keys: { step: number; points: number; tournaments: number; coinsWon: number }[] = []
  for (const { tournamentId, step } of counted) {
    const row = byTournament.get(tournamentId)
    if (row) {
      totals = {
        points: totals.points + row.points,
        tournaments: totals.tournaments + 1,
        coinsWon: totals.coinsWon + row.coinsWon,
      }
    }
    if (totals.tournaments > 0) keys.push({ step: step!, ...totals })
  }
  const ranks = await ranksAt(db, context.id, keys)
  const list: MySeasonTournament[] = counted.map(({ tournamentId, name, step, fansAfter }) => {
    const row = byTournament.get(tournamentId)
    return {
      tournamentId,
      name,
      step: step!,
      played: row !== undefined,
      points: row?.points ?? 0,
      correct: row?.correct ?? null,
      secondChanceCorrect: row?.secondChanceCorrect ?? null,
      tier: row?.tier === null || row?.tier === undefined ? null : tierOf(row.tier),
      coinsWon: row?.coinsWon ?? 0,
      rankAfter: ranks.get(step!) ?? null,
      fansAfter,
    }
  })
  const best = list
    .filter((row) => row.played)
    .reduce<MySeasonTournament | null>(
      (top, row) => (top === null || row.points > top.points ? row : top),
      null,
    )
  const correct = mine.reduce(
    (sum, row) => sum + (row.correct ?? 0) + (row.secondChanceCorrect ?? 0),
    0,
  )
  return {
    season,
    me: me
      ? {
          rank: me.rank,
          username: me.username,
          points: me.points,
          tournaments: me.tournaments,
          coinsWon: me.coinsWon,
          isMe: true,
        }
      : null,
    fans: context.fans,
    tournaments: list,
    correct,
    bestTournamentId: best?.tournamentId ?? null,
    shareId: me ? shareIdOf(context.id, userId) : null,
    isRecap,
  }
}

export async function findSummary(
  db: Database,
  seasonId: string,
  now: Date,
): Promise<SeasonSummary> {
  const season = (await seasonSummaries(db, now)).find((row) => row.id === seasonId)
  if (!season) throw seasonNotFound()
  return season
}

/**
 * The rank of each (step, totals) level, in one query: each probed by primary key (a lateral
 * subquery kept apart, offset 0), never a join the planner could turn into a scan of every
 * step's levels.
 */
async function ranksAt(
  db: Database,
  seasonId: string,
  keys: readonly { step: number; points: number; tournaments: number; coinsWon: number }[],
): Promise<Map<number, number>> {
  if (keys.length === 0) return new Map()
  const values = sql.join(
    keys.map(
      (key) =>
        sql`(${key.step}::integer, ${key.points}::integer, ${key.tournaments}::integer, ${key.coinsWon}::bigint)`,
    ),
    sql`, `,
  )
  const answer = rowsOf<{ step: number; rank: number }>(
    await db.execute(sql`
    select k.step, l.rank from (values ${values}) as k(step, points, tournaments, coins_won)
      cross join lateral (
        select l.rank from season_levels l
         where l.season_id = ${seasonId}::uuid and l.step = k.step and l.points = k.points
           and l.tournaments = k.tournaments and l.coins_won = k.coins_won
        offset 0) as l`),
  )
  return new Map(answer.map((row) => [Number(row.step), Number(row.rank)]))
}

function tierOf(stored: string): TierResult {
  return isTierKey(stored) ? stored : NO_TIER
}

/** Whether the season's figures are final: the page and the card are its recap. */
async function isSeasonWrappedUp(db: Database, seasonId: string): Promise<boolean> {
  const [row] = rowsOf<{ wrapped: boolean }>(
    await db.execute(
      sql`select ${isSeasonWrappedUpSql()} as wrapped from seasons s where s.id = ${seasonId}::uuid`,
    ),
  )
  return row?.wrapped === true
}
