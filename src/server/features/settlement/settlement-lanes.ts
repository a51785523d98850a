// A settlement's lanes (docs/decisions/064): where each lane of a contest's winners ends, and how
// many lanes a started settlement has.
import { and, eq, sql } from 'drizzle-orm'
import type { Contest } from '#shared/schemas/contest'
import { tournamentSettlements } from '#server/db/schema'
import { rowsOf, type Executor } from '#server/db/client'

/**
 * The last bet of each lane but the last, as two SQL arrays: the active bets in payment order
 * (created_at, id) — after the losses, the winners — cut into laneCount runs of about equal
 * length. One index walk per cut; the time travels as text, which keeps its microseconds.
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
