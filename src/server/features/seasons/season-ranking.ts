// The season table's levels (docs/decisions/136): after each counted tournament (step), each
// (points, tournaments, coins won) level with its competition rank and its fans. A count adds
// its tournament's points to the fans who played it and moves only those fans between levels,
// so its cost follows the tournament's entrants, not the season's fans; a take-out (rare)
// ranks again from the totals. The order within a level (the fan's id in byte order) is read
// from season_fans' order index at read time (season-rows.ts), never stored.
import { sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Transaction } from '#server/db/client'

/** The season order over rows with points, tournaments and coins_won (docs/decisions/135). */
const SEASON_ORDER = sql.raw('points desc, tournaments desc, coins_won desc')

/**
 * Stores the CTE `levels` (points, tournaments, coins_won, fans) as the levels of `step`, each
 * ranked one more than the fans above it (1, 1, 3). The levels are few (distinct totals), so
 * this sort is small whatever the fans.
 */
function storeLevelsSql(seasonId: string, step: number) {
  return sql`insert into season_levels (season_id, step, points, tournaments, coins_won, rank, fans)
    select ${seasonId}::uuid, ${step}::integer, points, tournaments, coins_won,
      (sum(fans) over (order by ${SEASON_ORDER} rows unbounded preceding) - fans + 1)::integer,
      fans
    from levels`
}

export interface StepAdded {
  /** Fans the step's tournament gave points (0 or more). */
  entrants: number
  /** Fans in the table after it. */
  fans: number
}

/**
 * Adds the season_points rows of `step` (one tournament's, just inserted) to the fans' totals and
 * stores the step's levels: the previous step's, with each entrant moved from their old level
 * to their new one. Needs the levels of `step - 1` to be those of season_fans before it, which
 * every count and take-out leaves behind.
 */
export async function addStepToTable(
  tx: Transaction,
  seasonId: string,
  step: number,
): Promise<StepAdded> {
  // Every part of one statement reads the table as it was before the statement: `moved` sees
  // each entrant's old totals while `summed` writes the new ones.
  const [answer] = rowsOf<StepAdded>(
    await tx.execute(sql`
    with moved as (
      select p.user_id, p.points as gained, p.coins_won as won,
        coalesce(p.correct, 0) + coalesce(p.second_chance_correct, 0) as correct,
        f.points as old_points, f.tournaments as old_tournaments, f.coins_won as old_coins_won
      from season_points p
      left join season_fans f on f.season_id = p.season_id and f.user_id = p.user_id
      where p.season_id = ${seasonId}::uuid and p.step = ${step}::integer
    ), summed as (
      insert into season_fans as f (season_id, user_id, points, tournaments, coins_won, correct)
      select ${seasonId}::uuid, user_id, gained, 1, won, correct from moved
      on conflict (season_id, user_id) do update
        set points = f.points + excluded.points, tournaments = f.tournaments + 1,
            coins_won = f.coins_won + excluded.coins_won, correct = f.correct + excluded.correct
    ), changes as (
      select points, tournaments, coins_won, fans from season_levels
       where season_id = ${seasonId}::uuid and step = ${step - 1}::integer
      union all
      select coalesce(old_points, 0) + gained, coalesce(old_tournaments, 0) + 1,
        coalesce(old_coins_won, 0) + won, 1
      from moved
      union all
      select old_points, old_tournaments, old_coins_won, -1 from moved
       where old_tournaments is not null
    ), levels as (
      select points, tournaments, coins_won, sum(fans)::integer as fans from changes
      group by points, tournaments, coins_won having sum(fans) > 0
    ), stored as (${storeLevelsSql(seasonId, step)})
    select (select count(*)::integer from moved) as entrants,
      (select coalesce(sum(fans), 0)::integer from levels) as fans`),
  )
  return { entrants: Number(answer?.entrants ?? 0), fans: Number(answer?.fans ?? 0) }
}

/**
 * The levels of `step` from the fans' totals as they stand (after a tournament is taken back
 * out); answers the fans ranked. Reads season_fans' order index, already grouped by level.
 */
export function rankStepFromTotals(tx: Transaction, seasonId: string, step: number) {
  return rankStepFrom(
    tx,
    seasonId,
    step,
    sql`select points, tournaments, coins_won from season_fans where season_id = ${seasonId}::uuid`,
  )
}

/**
 * The levels of an earlier step recomputed from the points rows counted up to it (after a
 * tournament is taken back out, every later step's ranks change); answers the fans ranked then.
 */
export function rankStepFromPoints(tx: Transaction, seasonId: string, step: number) {
  return rankStepFrom(
    tx,
    seasonId,
    step,
    sql`select sum(points)::integer as points, count(*)::integer as tournaments,
        sum(coins_won)::bigint as coins_won
      from season_points where season_id = ${seasonId}::uuid and step <= ${step}::integer
      group by user_id`,
  )
}

/** Stores the levels of `step` from `fanTotals` (one row per fan); answers the fans ranked. */
async function rankStepFrom(
  tx: Transaction,
  seasonId: string,
  step: number,
  fanTotals: SQL,
): Promise<number> {
  const answer = rowsOf<{ fans: number }>(
    await tx.execute(sql`
    with levels as (
      select points, tournaments, coins_won, count(*)::integer as fans
      from (${fanTotals}) totals
      group by points, tournaments, coins_won
    ), stored as (${storeLevelsSql(seasonId, step)})
    select coalesce(sum(fans), 0)::integer as fans from levels`),
  )
  return Number(answer[0]?.fans ?? 0)
}
