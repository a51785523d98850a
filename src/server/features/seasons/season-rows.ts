// The rows a season table shows (docs/decisions/136): a page is the chunk(s) of the stored order
// it spans, each fan joined by primary key to their totals, their name and their level's rank at
// the season's latest step; fans' own rows (the caller, a league's members) are the same from
// their totals. The statements are prepared once per connection: season, step and range are
// parameters, so their text never changes.
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { builtOncePer } from '#server/db/per-database'
import { user } from '#server/db/schema'
import { usernameSql } from '#server/game/usernames'
import { SEASON_CHUNK_SIZE } from './season-ranking'

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

const chunkSize = sql.raw(String(SEASON_CHUNK_SIZE))

// The chunks a page spans are a lateral subquery kept apart (offset 0), as the standings' are
// (decision 093): joined plainly, a generic plan may scan every chunk of the season.
const pageRows = builtOncePer((db) =>
  db
    .select(rowColumns)
    .from(
      sql`(select ${sql.placeholder('seasonId')}::uuid as season_id) s
          cross join lateral (
            select c.chunk, c.user_ids from season_chunks c
             where c.season_id = s.season_id
               and c.chunk between (${sql.placeholder('from')}::integer - 1) / ${chunkSize}
                               and (${sql.placeholder('to')}::integer - 1) / ${chunkSize}
            offset 0) as c
          cross join lateral unnest(c.user_ids[
            greatest(${sql.placeholder('from')}::integer - c.chunk * ${chunkSize}, 1) :
            least(${sql.placeholder('to')}::integer - c.chunk * ${chunkSize}, ${chunkSize})
          ]) with ordinality as r(user_id, i)
          join season_fans f on f.season_id = s.season_id and f.user_id = r.user_id
          ${rankedAndNamed}`,
    )
    .orderBy(sql`c.chunk, r.i`)
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
