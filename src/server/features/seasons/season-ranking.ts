// The season table's order and levels, rebuilt set-based from the fans' totals (docs/decisions/136,
// after decision 093's standings): the order in chunks of positions, written only where it
// changed, and each (points, tournaments, coins won) level with its competition rank, kept per
// step so a fan's rank after any counted tournament can be read back.
import { sql } from 'drizzle-orm'
import { rowsOf, type Transaction } from '#server/db/client'

/** Positions per season_chunks row: a page of up to 100 reads one or two. */
export const SEASON_CHUNK_SIZE = 1_000

/**
 * The season order, in SQL over rows with points, tournaments and coins_won; the stored order
 * then breaks ties by the fan's id in byte order (collate "C"), as a league's ranking does.
 */
const SEASON_ORDER = sql.raw('points desc, tournaments desc, coins_won desc')

/**
 * Rewrites the order (chunks) from season_fans and stores the levels of `step`; answers the fans
 * ranked. Run in the transaction that changed the totals.
 */
export async function rankSeason(tx: Transaction, seasonId: string, step: number): Promise<number> {
  const answer = rowsOf<{ fans: number }>(
    await tx.execute(sql`
    with ordered as (
      select user_id, points, tournaments, coins_won,
        row_number() over (order by ${SEASON_ORDER}, user_id collate "C") as position
      from season_fans where season_id = ${seasonId}::uuid
    ), chunks as (
      select ((position - 1) / ${SEASON_CHUNK_SIZE})::integer as chunk,
        array_agg(user_id order by position) as user_ids
      from ordered group by 1
    ), written as (
      -- A chunk whose fans kept their places is not written again.
      insert into season_chunks as s (season_id, chunk, user_ids)
      select ${seasonId}::uuid, chunk, user_ids from chunks
      on conflict (season_id, chunk) do update set user_ids = excluded.user_ids
      where s.user_ids is distinct from excluded.user_ids
    ), levels as (
      select points, tournaments, coins_won, count(*)::integer as fans
      from ordered group by points, tournaments, coins_won
    ), stored as (
      insert into season_levels (season_id, step, points, tournaments, coins_won, rank, fans)
      select ${seasonId}::uuid, ${step}::integer, points, tournaments, coins_won,
        (sum(fans) over (order by ${SEASON_ORDER} rows unbounded preceding) - fans + 1)::integer,
        fans
      from levels
    )
    select count(*)::integer as fans from ordered`),
  )
  const fans = Number(answer[0]?.fans ?? 0)
  // Chunks past the end: fewer fans than before (a tournament taken back out).
  await tx.execute(sql`
    delete from season_chunks where season_id = ${seasonId}::uuid
      and chunk >= ${Math.ceil(fans / SEASON_CHUNK_SIZE)}::integer`)
  return fans
}

/**
 * The levels of an earlier step recomputed from the points rows counted up to it (after a
 * tournament is taken back out, every later step's ranks change); answers the fans ranked then.
 */
export async function rankStepFromPoints(
  tx: Transaction,
  seasonId: string,
  step: number,
): Promise<number> {
  const answer = rowsOf<{ fans: number }>(
    await tx.execute(sql`
    with totals as (
      select user_id, sum(points)::integer as points, count(*)::integer as tournaments,
        sum(coins_won)::bigint as coins_won
      from season_points where season_id = ${seasonId}::uuid and step <= ${step}::integer
      group by user_id
    ), levels as (
      select points, tournaments, coins_won, count(*)::integer as fans
      from totals group by points, tournaments, coins_won
    ), stored as (
      insert into season_levels (season_id, step, points, tournaments, coins_won, rank, fans)
      select ${seasonId}::uuid, ${step}::integer, points, tournaments, coins_won,
        (sum(fans) over (order by ${SEASON_ORDER} rows unbounded preceding) - fans + 1)::integer,
        fans
      from levels
    )
    select count(*)::integer as fans from totals`),
  )
  return Number(answer[0]?.fans ?? 0)
}
