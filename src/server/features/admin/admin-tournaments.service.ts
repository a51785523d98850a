// Tournaments as the admin sees them: the table and one row, with the figures each needs. Saving
// is in admin-tournament-edits.service, the bracket draw in admin-bracket-draw.service.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import {
  secondChanceOpenProblem,
  type MatchWithResult,
  type SecondChanceOpenProblem,
} from '#domain/bracket/second-chance'
import type { AdminTournament } from '#shared/schemas/admin'
import { type Database, type Executor } from '#server/db/client'
import {
  bets,
  matches,
  players,
  teams,
  tournamentContests,
  tournamentSettlements,
  tournaments,
} from '#server/db/schema'
import { matchResultColumns } from '#server/db/match-results'
import { AppError } from '#server/errors'
import { completeConfig, poolFigures } from '#server/game/tournament-figures'
import { settlementStageOf } from '#server/game/scoring'
import { ADMIN_LIST_MAX_ROWS, iso } from './admin-common'
import { assertUuid } from '#server/game/ids'

// Qualified by hand: Drizzle leaves columns unqualified in a select without joins, and inside
// these subqueries an unqualified id would be the inner table's.
// The participant rule of the public list (game/tournament-reads.ts): only a cancelled tournament has
// refunded bets, all of them, so it counts none and the others count every bet from the index
// alone, without reading each bet's status.
export const participantCountSql = sql<number>`(
  select count(*) from ${bets} live
  where live.tournament_id = "tournaments"."id" and "tournaments"."status" <> 'cancelled'
)`.mapWith(Number)
const pairCountSql = sql<number>`(
  select count(*) from ${teams} pair where pair.tournament_id = "tournaments"."id"
)`.mapWith(Number)
const matchCountSql = sql<number>`(
  select count(*) from ${matches} m where m.tournament_id = "tournaments"."id"
)`.mapWith(Number)

function selectAdminTournaments(db: Executor) {
  return db
    .select({
      tournament: tournaments,
      mvpPlayerName: players.name,
      participantCount: participantCountSql,
      pairCount: pairCountSql,
      matchCount: matchCountSql,
      settledAt: tournamentSettlements.createdAt,
      settlementState: tournamentSettlements.state,
      settlementStoppedAt: tournamentSettlements.stoppedAt,
      settlementStopReason: tournamentSettlements.stopReason,
    })
    .from(tournaments)
    .leftJoin(players, eq(players.id, tournaments.mvpPlayerId))
    .leftJoin(
      tournamentSettlements,
      and(
        eq(tournamentSettlements.tournamentId, tournaments.id),
        eq(tournamentSettlements.contest, 'main'),
      ),
    )
}

type Row = Awaited<ReturnType<typeof selectAdminTournaments>>[number]

/**
 * Each tournament's reason not to open its second chance, by the rule the opening enforces: the
 * matches are read only where the rule gets that far (not cancelled, none opened yet).
 */
async function secondChanceProblems(
  db: Executor,
  rows: readonly Row[],
): Promise<Map<string, SecondChanceOpenProblem | null>> {
  const ids = rows.map((row) => row.tournament.id)
  const opened = new Set<string>()
  if (ids.length > 0) {
    const contests = await db
      .select({ tournamentId: tournamentContests.tournamentId })
      .from(tournamentContests)
      .where(
        and(
          inArray(tournamentContests.tournamentId, ids),
          eq(tournamentContests.contest, 'second_chance'),
        ),
      )
    for (const contest of contests) opened.add(contest.tournamentId)
  }
  const needMatches = rows
    .filter((row) => row.tournament.status !== 'cancelled' && !opened.has(row.tournament.id))
    .map((row) => row.tournament.id)
  const byTournament = new Map<string, MatchWithResult[]>()
  if (needMatches.length > 0) {
    const matchRows = await db
      .select({ tournamentId: matches.tournamentId, ...matchResultColumns })
      .from(matches)
      .where(inArray(matches.tournamentId, needMatches))
    for (const { tournamentId, ...match } of matchRows) {
      byTournament.set(tournamentId, [...(byTournament.get(tournamentId) ?? []), match])
    }
  }
  return new Map(
    rows.map(({ tournament }) => [
      tournament.id,
      secondChanceOpenProblem({
        status: tournament.status,
        hasSecondChance: opened.has(tournament.id),
        matches: byTournament.get(tournament.id) ?? [],
      }),
    ]),
  )
}

function toAdminTournament(
  row: Row,
  secondChanceProblem: SecondChanceOpenProblem | null,
): AdminTournament {
  const t = row.tournament
  const figures = poolFigures(t.prizePoolConfig, row.participantCount)
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    startDate: iso(t.startDate),
    endDate: iso(t.endDate),
    bettingDeadline: iso(t.bettingDeadline),
    prizePoolConfig: completeConfig(t.prizePoolConfig),
    basePool: figures.basePool,
    entryFee: figures.entryFee,
    multiplier: figures.multiplier,
    mvpPlayerId: t.mvpPlayerId,
    mvpPlayerName: row.mvpPlayerName,
    bracketsChangeable: t.bracketsChangeable,
    pairCount: row.pairCount,
    matchCount: row.matchCount,
    participantCount: row.participantCount,
    currentPrizePool: figures.currentPrizePool,
    isSettled: row.settledAt !== null,
    settlementState: row.settlementState,
    settlementStage: settlementStageOf(
      row.settlementState === null
        ? null
        : { state: row.settlementState, stoppedAt: row.settlementStoppedAt },
    ),
    settlementStopReason:
      row.settlementStoppedAt === null ? null : (row.settlementStopReason ?? null),
    secondChanceProblem,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  }
}

/** Newest start first (docs/product.md "What the app asks the server"), at most 1,000. */
export async function listAdminTournaments(
  db: Database,
): Promise<{ tournaments: AdminTournament[] }> {
  const rows = await selectAdminTournaments(db)
    .orderBy(desc(tournaments.startDate), asc(tournaments.id))
    .limit(ADMIN_LIST_MAX_ROWS)
  const problems = await secondChanceProblems(db, rows)
  return {
    tournaments: rows.map((row) => toAdminTournament(row, problems.get(row.tournament.id) ?? null)),
  }
}

export async function getAdminTournament(db: Executor, id: string): Promise<AdminTournament> {
  assertUuid(id, 'Tournament not found.')
  const [row] = await selectAdminTournaments(db).where(eq(tournaments.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Tournament not found.')
  const problems = await secondChanceProblems(db, [row])
  return toAdminTournament(row, problems.get(id) ?? null)
}
