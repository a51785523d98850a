// Counting a tournament into its season, and taking it back out (docs/decisions/135, 136). A
// tournament counts once its settlement has started — the start records every loss and fixes
// every winner's tier and prize, so each bracket's score is final — and leaves its season again
// when it is cancelled (only a stopped settlement can be: decision 068), which leaves 0 points
// for everyone. Each is one transaction under the season row's lock: the tournament's points per
// fan (season_points), the totals of the fans who played it (season_fans) and the step's levels
// (season-ranking.ts). A crash loses the whole count, and the next look counts it again.
import { eq, sql } from 'drizzle-orm'
import { summarizePayouts, type TierCounts } from '#domain/prize/payouts'
import type { TierResult } from '#domain/prize/tiers'
import { mainPointsByCorrect } from '#domain/season/season-points'
import type { Contest } from '#shared/schemas/contest'
import type { Database, Transaction } from '#server/db/client'
import { tournaments } from '#server/db/schema'
import {
  correctPicksSql,
  betCodesLateralSql,
  loadSqlScoring,
  payoutsByCorrect,
} from '#server/game/scoring-sql'
import { findSettlement, loadScoring, type TournamentRow } from '#server/game/scoring'
import { addStepToTable, rankStepFromPoints, rankStepFromTotals } from './season-ranking'

type Rows<T> = { rows: T[] }

/** A tournament whose place in its season disagrees with its settlement: to count or to take out. */
export interface SeasonChange {
  seasonId: string
  tournamentId: string
  /** Counted now (its step), or null: to be counted. */
  step: number | null
}

/**
 * Whether a season's tournament should count: its main settlement has started (or finished) and
 * it is not cancelled. In SQL over `t` (tournaments), for the look and the recheck under the lock.
 */
const shouldCountSql = sql`(t.status <> 'cancelled' and exists (
  select 1 from tournament_settlements s
   where s.tournament_id = t.id and s.contest = 'main' and s.state in ('in_progress', 'completed')))`

/** Every season tournament to count or take out, the earliest settlement first. */
export async function findSeasonChanges(db: Database | Transaction): Promise<SeasonChange[]> {
  const answer = (await db.execute(sql`
    select st.season_id as "seasonId", st.tournament_id as "tournamentId", st.step
      from season_tournaments st
      join tournaments t on t.id = st.tournament_id
      left join tournament_settlements s on s.tournament_id = t.id and s.contest = 'main'
     where (st.step is null) = ${shouldCountSql}
     order by s.created_at nulls last, st.tournament_id`)) as unknown as Rows<SeasonChange>
  return answer.rows.map((row) => ({ ...row, step: row.step === null ? null : Number(row.step) }))
}

/**
 * Counts or takes out one tournament, if it still needs it (another process may have done it).
 * Answers whether anything changed.
 */
export async function applySeasonChange(db: Database, change: SeasonChange): Promise<boolean> {
  const isApplied = await db.transaction(async (tx) => {
    // One change per season at a time, whichever process: they all take the season row.
    const [season] = (
      (await tx.execute(
        sql`select steps from seasons where id = ${change.seasonId}::uuid for update`,
      )) as unknown as Rows<{ steps: number }>
    ).rows
    if (!season) return false
    const [current] = (
      (await tx.execute(sql`
        select st.step, ${shouldCountSql} as should_count
          from season_tournaments st join tournaments t on t.id = st.tournament_id
         where st.tournament_id = ${change.tournamentId}::uuid
           and st.season_id = ${change.seasonId}::uuid`)) as unknown as Rows<{
        step: number | null
        should_count: boolean
      }>
    ).rows
    if (!current || (current.step === null) !== current.should_count) return false
    await tx.execute(sql`set local statement_timeout = '5min'`)
    // The aggregates and joins over a tournament's entrants stay in memory (as the standings
    // rebuild's sorts).
    await tx.execute(sql`set local work_mem = '256MB'`)
    const steps = Number(season.steps)
    if (current.step === null) {
      await countTournament(tx, change.seasonId, change.tournamentId, steps + 1)
    } else {
      await uncountTournament(tx, change.seasonId, change.tournamentId, Number(current.step), steps)
    }
    return true
  })
  if (isApplied) await tidySeasonTables(db)
  return isApplied
}

/**
 * After a count: a count rewrites every entrant's season_fans row (at 400k entrants, 400k dead
 * row versions and index entries), and the next count and the pages' index-only scans read
 * faster without them; the planner also learns the tables' new sizes. season_points only grows
 * (autovacuum's insert threshold covers it). The count is already committed and shown: a
 * failure here only leaves the work to autovacuum.
 */
async function tidySeasonTables(db: Database): Promise<void> {
  try {
    await db.execute(sql`vacuum (analyze) season_fans, season_levels`)
  } catch {
    // Nothing to undo; the tables are as correct as before.
  }
}

async function countTournament(
  tx: Transaction,
  seasonId: string,
  tournamentId: string,
  step: number,
): Promise<void> {
  const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId))
  if (!tournament) return
  const main = await contestTable(tx, tournament, 'main')
  const secondChance = await contestTable(tx, tournament, 'second_chance')
  // Counted means its main settlement has started: the main table is there.
  if (!main) return
  const points = `{${main.points.join(',')}}`
  const tiers = `{${main.tiers.join(',')}}`
  const mainCoins = `{${main.coins.join(',')}}`
  const secondCoins = `{${(secondChance?.coins ?? [0]).join(',')}}`
  const secondCorrect = secondChance?.correct ?? sql`0`
  // What the tournament gave each fan, kept as its season_points rows; then those fans (and only
  // they) move in the table (season-ranking.ts).
  await tx.execute(sql`
    with scored as (
      select b.user_id, b.contest,
        case when b.contest = 'main' then ${main.correct} else ${secondCorrect} end as correct
      from bets b cross join ${betCodesLateralSql}
      where b.tournament_id = ${tournamentId}::uuid and b.status <> 'refunded'
    ), per_fan as (
      select user_id,
        sum(case when contest = 'main' then (${points}::integer[])[correct + 1]
                 else correct end)::integer as points,
        max(correct) filter (where contest = 'main') as correct,
        max(correct) filter (where contest = 'second_chance') as second_chance_correct,
        max((${tiers}::text[])[correct + 1]) filter (where contest = 'main') as tier,
        coalesce(sum(case when contest = 'main' then (${mainCoins}::integer[])[correct + 1]
                          else (${secondCoins}::integer[])[correct + 1] end), 0)::integer
          as coins_won
      from scored group by user_id
    )
    insert into season_points (season_id, user_id, tournament_id, step, points, correct,
                               second_chance_correct, tier, coins_won)
    select ${seasonId}::uuid, user_id, ${tournamentId}::uuid, ${step}::integer, points,
      correct, second_chance_correct, tier, coins_won
    from per_fan`)
  const { entrants, fans } = await addStepToTable(tx, seasonId, step)
  await tx.execute(sql`
    update season_tournaments set step = ${step}::integer, counted_at = now(),
           entrants = ${entrants}::integer, fans_after = ${fans}::integer
     where tournament_id = ${tournamentId}::uuid`)
  await tx.execute(sql`
    update seasons set steps = ${step}::integer, fans = ${fans}::integer, built_at = now(),
           updated_at = now()
     where id = ${seasonId}::uuid`)
}

/** What a contest's brackets earn per correct picks: SQL to count them and the tables by count. */
async function contestTable(tx: Transaction, tournament: TournamentRow, contest: Contest) {
  const settlement = await findSettlement(tx, tournament.id, contest)
  if (!settlement) return null
  const scoring = await loadScoring(tx, tournament, contest)
  const sqlScoring = await loadSqlScoring(
    tx,
    scoring.results,
    scoring.mvpPlayerId,
    scoring.firstRound,
  )
  // The prizes as the settlement pays them: its pool and winners per tier (pay-chunk.ts).
  const summary = summarizePayouts(
    settlement.prizePool,
    settlement.tierCounts as TierCounts,
    scoring.tiers,
  )
  const prizeOf = new Map<TierResult, number>(
    summary.tiers.map((row) => [row.tierKey, row.prizeEach]),
  )
  const payouts = payoutsByCorrect(
    sqlScoring.total,
    scoring.tiers,
    (tier) => prizeOf.get(tier) ?? 0,
  )
  return {
    correct: correctPicksSql(sqlScoring, sql`codes.pick_codes`),
    points: mainPointsByCorrect(sqlScoring.total, scoring.tiers),
    tiers: payouts.map((payout) => payout.tier),
    coins: payouts.map((payout) => payout.amount),
  }
}

async function uncountTournament(
  tx: Transaction,
  seasonId: string,
  tournamentId: string,
  step: number,
  steps: number,
): Promise<void> {
  await tx.execute(sql`
    with removed as (
      delete from season_points where season_id = ${seasonId}::uuid and step = ${step}::integer
      returning user_id, points, coins_won,
        coalesce(correct, 0) + coalesce(second_chance_correct, 0) as correct
    )
    update season_fans f
       set points = f.points - removed.points, tournaments = f.tournaments - 1,
           coins_won = f.coins_won - removed.coins_won, correct = f.correct - removed.correct
      from removed
     where f.season_id = ${seasonId}::uuid and f.user_id = removed.user_id`)
  await tx.execute(
    sql`delete from season_fans where season_id = ${seasonId}::uuid and tournaments = 0`,
  )
  await tx.execute(sql`
    update season_tournaments set step = null, counted_at = null, entrants = 0, fans_after = 0
     where tournament_id = ${tournamentId}::uuid`)
  // The later tournaments move up one step; through negative numbers, as the unique index on
  // (season, step) is checked row by row.
  await tx.execute(sql`
    update season_tournaments set step = -(step - 1)
     where season_id = ${seasonId}::uuid and step > ${step}::integer`)
  await tx.execute(sql`
    update season_tournaments set step = -step where season_id = ${seasonId}::uuid and step < 0`)
  await tx.execute(sql`
    update season_points set step = step - 1
     where season_id = ${seasonId}::uuid and step > ${step}::integer`)
  // Every step from the one taken out is ranked again, the last one (which is then the season's
  // current table) included.
  const last = steps - 1
  await tx.execute(sql`
    delete from season_levels
     where season_id = ${seasonId}::uuid and step >= ${Math.min(step, last)}::integer`)
  for (let earlier = step; earlier < last; earlier += 1) {
    await setFansAfter(tx, seasonId, earlier, await rankStepFromPoints(tx, seasonId, earlier))
  }
  // With nothing counted any more, step 0 ranks the empty table: no levels.
  const fans = await rankStepFromTotals(tx, seasonId, last)
  await setFansAfter(tx, seasonId, last, fans)
  await tx.execute(sql`
    update seasons set steps = ${last}::integer, fans = ${fans}::integer, built_at = now(),
           updated_at = now()
     where id = ${seasonId}::uuid`)
}

async function setFansAfter(tx: Transaction, seasonId: string, step: number, fans: number) {
  await tx.execute(sql`
    update season_tournaments set fans_after = ${fans}::integer
     where season_id = ${seasonId}::uuid and step = ${step}::integer`)
}
