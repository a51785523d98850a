// The rows a season table shows (docs/decisions/136): a page is the levels of the season's latest
// step that its positions span and, in each, its fans in the order of their id; fans' own rows
// (the caller, a league's members) are their totals probed with their level's rank. Each fan's
// name is joined by primary key. The statements are prepared once per connection: season, step
// and range are parameters, so their text never changes.
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { builtOncePer } from '#server/db/per-database'
import { user } from '#server/db/schema'
import { usernameSql } from '#server/game/usernames'

export interface StoredSeasonRow {
  userId: string
  username: string
  rank: number
  points: number
  tournaments: number
  coinsWon: number
}

const rowColumns = {
  userId: sql<string>`f.user_id`,
  username: usernameSql,
  rank: sql<number>`l.rank`,
  points: sql<number>`f.points`,
  tournaments: sql<number>`f.tournaments`,
  coinsWon: sql<number>`f.coins_won`.mapWith(Number),
}

// A fan's totals `f` with their level's rank at the asked step and their name. The level is
// probed by its primary key for each fan, kept apart (lateral, offset 0): joined plainly, the
// planner may loop over every level of the step and probe all the fans for each, which grows
// with the levels (bench/README.md, seasons: 2,325 probes for a page of 25 at 93 levels).
const rankedAndNamed = sql`cross join lateral (
    select l.rank from season_levels l
     where l.season_id = f.season_id and l.step = ${sql.placeholder('step')}::integer
       and l.points = f.points and l.tournaments = f.tournaments and l.coins_won = f.coins_won
    offset 0) as l
  join ${user} on ${user.id} = f.user_id`

// A page is positions from … to of the season order: the level holding `from` (the last whose
// rank is at most `from`, by the index on the step's ranks) and the levels starting inside the
// page, at most a page of them; then each level's fans in byte order of their id from
// season_fans' order index (an index-only scan), skipping into the first level. So a page reads
// O(page size) index entries, plus the fans it skips in the level it starts in. Each part is kept
// apart (a lateral subquery, limit or offset 0), so a generic plan never reads every level.
const pageRows = builtOncePer((db) =>
  db
    .select({
      userId: sql<string>`r.user_id`,
      username: usernameSql,
      rank: sql<number>`l.rank`,
      points: sql<number>`l.points`,
      tournaments: sql<number>`l.tournaments`,
      coinsWon: sql<number>`l.coins_won`.mapWith(Number),
    })
    .from(
      sql`(select ${sql.placeholder('seasonId')}::uuid as season_id,
                  ${sql.placeholder('step')}::integer as step,
                  ${sql.placeholder('from')}::integer as first_position,
                  ${sql.placeholder('to')}::integer as last_position) p
          cross join lateral (
            (select l.points, l.tournaments, l.coins_won, l.rank from season_levels l
              where l.season_id = p.season_id and l.step = p.step and l.rank <= p.first_position
              order by l.rank desc limit 1)
            union all
            (select l.points, l.tournaments, l.coins_won, l.rank from season_levels l
              where l.season_id = p.season_id and l.step = p.step
                and l.rank > p.first_position and l.rank <= p.last_position
              order by l.rank limit p.last_position - p.first_position)
          ) as l
          cross join lateral (
            select f.user_id from season_fans f
             where f.season_id = p.season_id and f.points = l.points
               and f.tournaments = l.tournaments and f.coins_won = l.coins_won
             order by f.user_id collate "C"
             offset greatest(p.first_position - l.rank, 0)
             limit p.last_position - greatest(l.rank, p.first_position) + 1) as r
          join ${user} on ${user.id} = r.user_id`,
    )
    .orderBy(sql`l.rank, r.user_id collate "C"`)
    .prepare('season_pages'),
)

const rowsOfFans = builtOncePer((db) =>
  db
    .select(rowColumns)
    .from(sql`season_fans f ${rankedAndNamed}`)
    .where(
      sql`f.season_id = ${sql.placeholder('seasonId')}::uuid
          and f.user_id = any(${sql.placeholder('userIds')}::text[])`,
    )
    .prepare('season_fan_rows'),
)

/** Positions first + 1 … first + size of the season's order, in order. */
export async function readSeasonPage(
  db: Database,
  { seasonId, step, first, size }: { seasonId: string; step: number; first: number; size: number },
): Promise<StoredSeasonRow[]> {
  return pageRows(db).execute({ seasonId, step, from: first + 1, to: first + size })
}

/** The fans' own rows (the caller's, a league's members'), in no order; none without points. */
export async function readSeasonRowsOf(
  db: Database,
  { seasonId, step, userIds }: { seasonId: string; step: number; userIds: readonly string[] },
): Promise<StoredSeasonRow[]> {
  if (userIds.length === 0) return []
  return rowsOfFans(db).execute({ seasonId, step, userIds: [...userIds] })
}
