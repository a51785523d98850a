// The admin home's work queue: the tournaments that wait for an admin, and for what.
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { WorkItem } from '#shared/schemas/admin'
import type { Executor } from '#server/db/client'
import { matches, tournamentSettlements, tournaments } from '#server/db/schema'
import { iso } from './admin-common'

// Qualified by hand, as in admin-tournaments.service: inside the subquery an unqualified id would
// be the inner table's.
const openMatchesSql = sql<number>`(
  select count(*) from ${matches} m
  where m.tournament_id = "tournaments"."id" and m.winner_team_id is null
)`.mapWith(Number)
const matchCountSql = sql<number>`(
  select count(*) from ${matches} m where m.tournament_id = "tournaments"."id"
)`.mapWith(Number)

/**
 * - awaiting_results: betting has closed (or the tournament is completed) and matches still lack
 *   a winner, or there is no bracket at all;
 * - missing_mvp: completed, not settled, no MVP (settlement refuses to run without one);
 * - ready_to_settle: completed with its MVP, every match decided, not settled yet.
 * A settlement already running is on the tournaments page with its progress, not here.
 */
export async function getWorkQueue(db: Executor, now: Date): Promise<WorkItem[]> {
  const rows = await db
    .select({
      id: tournaments.id,
      name: tournaments.name,
      status: tournaments.status,
      bettingDeadline: tournaments.bettingDeadline,
      mvpPlayerId: tournaments.mvpPlayerId,
      openMatches: openMatchesSql,
      matchCount: matchCountSql,
    })
    .from(tournaments)
    .leftJoin(
      tournamentSettlements,
      and(
        eq(tournamentSettlements.tournamentId, tournaments.id),
        eq(tournamentSettlements.contest, 'main'),
      ),
    )
    .where(
      and(
        isNull(tournamentSettlements.tournamentId),
        inArray(tournaments.status, ['upcoming', 'active', 'completed']),
        // Open tournaments wait for nobody until their deadline passes.
        or(eq(tournaments.status, 'completed'), lt(tournaments.bettingDeadline, now)),
      ),
    )
    .orderBy(asc(tournaments.bettingDeadline), asc(tournaments.id))

  const items: WorkItem[] = []
  for (const row of rows) {
    const item = (kind: WorkItem['kind']): WorkItem => ({
      kind,
      tournamentId: row.id,
      name: row.name,
      bettingDeadline: iso(row.bettingDeadline),
      openMatches: row.openMatches,
    })
    if (row.openMatches > 0 || row.matchCount === 0) items.push(item('awaiting_results'))
    else if (row.status !== 'completed') continue
    else if (row.mvpPlayerId === null) items.push(item('missing_mvp'))
    else items.push(item('ready_to_settle'))
  }
  return items
}
