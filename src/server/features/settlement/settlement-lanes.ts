// A settlement's lanes (docs/decisions/064, 170): what the start counts before it cuts them, where
// each lane of a contest's bets ends, and how many lanes a started settlement has.
import { and, eq, sql } from 'drizzle-orm'
import { NO_TIER, tierFor, type TierKey } from '#domain/prize/tiers'
import type { Contest } from '#shared/schemas/contest'
import { tournamentSettlements } from '#server/db/schema'
import { rowsOf, type Executor } from '#server/db/client'
import type { Scoring } from '#server/game/scoring'
import { betCodesLateralSql, correctPicksSql, loadSqlScoring } from '#server/game/scoring-sql'

/**
 * Winners per tier over every active bet, and how many active bets there are: one grouped,
 * read-only pass (no row written, no wallet locked). The lanes then record the losses and pay
 * the winners.
 */
export async function countBetsAndTiers(
  tx: Executor,
  tournamentId: string,
  scoring: Scoring,
  contest: Contest,
): Promise<{ counts: Partial<Record<TierKey, number>>; bets: number }> {
  const sqlScoring = await loadSqlScoring(
    tx,
    scoring.results,
    scoring.mvpPlayerId,
    scoring.firstRound,
  )
  // Seconds at a million bets on a busy machine: past the pool's statement timeout. Compiling
  // the scoring (JIT) costs more CPU than it saves here (bench/HISTORY.md, settlement).
  await tx.execute(sql`set local statement_timeout = '5min'`)
  await tx.execute(sql`set local jit = off`)
  const answer = rowsOf<{ correct: number; bets: number }>(
    await tx.execute(sql`
    select ${correctPicksSql(sqlScoring, sql`codes.pick_codes`)} as correct,
           count(*)::integer as bets
      from bets b cross join ${betCodesLateralSql}
     where b.tournament_id = ${tournamentId}::uuid and b.contest = ${contest}::contest
       and b.status = 'active'
     group by 1`),
  )
  const counts: Partial<Record<TierKey, number>> = {}
  let bets = 0
  for (const row of answer) {
    bets += row.bets
    const tier = tierFor(row.correct, sqlScoring.total, scoring.tiers)
    if (tier !== NO_TIER) counts[tier] = (counts[tier] ?? 0) + row.bets
  }
  return { counts, bets }
}

/**
 * The last bet of each lane but the last, as two SQL arrays: the active bets in payment order
 * (created_at, id), winners and losers, cut into laneCount runs of about equal length. One index walk per cut; the time travels as text, which keeps its microseconds.
 */
export async function laneEndsSql(
  tx: Executor,
  tournamentId: string,
  contest: Contest,
  bets: number,
  laneCount: number,
) {
  const ends: { created_at: string; id: string }[] = []
  for (let lane = 1; lane < laneCount; lane += 1) {
    const position = Math.floor((bets * lane) / laneCount)
    const answer = rowsOf<{ created_at: string; id: string }>(
      await tx.execute(sql`
      select created_at::text, id::text from bets
       where tournament_id = ${tournamentId}::uuid and contest = ${contest}::contest
         and status = 'active'
       order by created_at, id offset ${position - 1} limit 1`),
    )
    ends.push(answer[0]!)
  }
  const list = (values: string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )
  return {
    createdAt: sql`array[${list(ends.map((end) => end.created_at))}]::timestamptz[]`,
    betId: sql`array[${list(ends.map((end) => end.id))}]::uuid[]`,
  }
}

/** The lanes of a contest's settlement row; 0 when the contest has none (nothing to pay). */
export async function countLanes(
  tx: Executor,
  tournamentId: string,
  contest: Contest,
): Promise<number> {
  const [row] = await tx
    .select({ lanes: sql<number>`cardinality(${tournamentSettlements.laneCursorBetId})` })
    .from(tournamentSettlements)
    .where(
      and(
        eq(tournamentSettlements.tournamentId, tournamentId),
        eq(tournamentSettlements.contest, contest),
      ),
    )
  return row ? Number(row.lanes) : 0
}
