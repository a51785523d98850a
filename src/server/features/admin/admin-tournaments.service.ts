// Tournaments for the admin: the table, create/update (prize_pool_config built on the server,
// docs/product.md §9), the dashboard figures, the bracket draw and the MVP.
import { and, asc, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm'
import {
  MATCHES_PER_ROUND,
  ROUND_ORDER,
  BRACKET_MATCH_COUNT,
} from '../../../domain/bracket/bracket'
import {
  DEFAULT_CALCULATION_METHOD,
  DEFAULT_MAX_PARTICIPANTS,
  DEFAULT_MIN_PARTICIPANTS,
} from '../../../domain/prize/prize-pool'
import { DEFAULT_TIERS } from '../../../domain/prize/tiers'
import { canSetMvp, statusChangeProblem } from '../../../domain/tournament/tournament'
import type {
  AdminStats,
  AdminTournament,
  GenerateBracketResult,
  TournamentInput,
} from '../../../shared/schemas/admin'
import type { Database } from '../../db/client'
import {
  bets,
  matches,
  players,
  teams,
  tournamentSettlements,
  tournaments,
  user,
  type StoredPrizePoolConfig,
} from '../../db/schema'
import { ROUND16_DRAW } from '../../../domain/bracket/bracket-structure'
import { AppError, appErrorBecause } from '../../errors'
import { completeConfig, isUuid, poolFigures } from '../tournaments/tournament-figures'
import {
  ADMIN_LIST_MAX_ROWS,
  assertUuid,
  invalidReference,
  iso,
  writeAudit,
  type Executor,
} from './admin-common'
import { toAdminMatches } from './admin-matches.service'
import { getWorkQueue } from './admin-work-queue.service'
import { settlementStageOf } from '../settlement/settlement-progress.service'

// Qualified by hand: Drizzle leaves columns unqualified in a select without joins, and inside
// these subqueries an unqualified id would be the inner table's.
// The participant rule of the public list (tournaments.service): only a cancelled tournament has
// refunded bets, all of them, so it counts none and the others count every bet from the index
// alone, without reading each bet's status.
const participantCountSql = sql<number>`(
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
    .leftJoin(tournamentSettlements, eq(tournamentSettlements.tournamentId, tournaments.id))
}

type Row = Awaited<ReturnType<typeof selectAdminTournaments>>[number]

function toAdminTournament(row: Row): AdminTournament {
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
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  }
}

/** Newest start first (docs/product.md §7), at most 1,000. */
export async function listAdminTournaments(
  db: Database,
): Promise<{ tournaments: AdminTournament[] }> {
  const rows = await selectAdminTournaments(db)
    .orderBy(desc(tournaments.startDate), asc(tournaments.id))
    .limit(ADMIN_LIST_MAX_ROWS)
  return { tournaments: rows.map(toAdminTournament) }
}

export async function getAdminTournament(db: Executor, id: string): Promise<AdminTournament> {
  assertUuid(id, 'Tournament not found.')
  const [row] = await selectAdminTournaments(db).where(eq(tournaments.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Tournament not found.')
  return toAdminTournament(row)
}

/** The config stored on save: the form's three numbers, the default tiers, the fixed values. */
function buildConfig(
  input: TournamentInput,
  previous?: StoredPrizePoolConfig,
): StoredPrizePoolConfig {
  return {
    base_pool: input.basePool,
    entry_fee: input.entryFee,
    multiplier: Math.round(input.multiplier * 10) / 10,
    tiers: previous?.tiers ?? storedTiers(),
    calculation_method: DEFAULT_CALCULATION_METHOD,
    max_participants: DEFAULT_MAX_PARTICIPANTS,
    min_participants: DEFAULT_MIN_PARTICIPANTS,
  }
}

function storedTiers(): StoredPrizePoolConfig['tiers'] {
  const tiers: StoredPrizePoolConfig['tiers'] = {}
  for (const tier of DEFAULT_TIERS) {
    tiers[tier.key] = {
      min_accuracy: tier.minAccuracy,
      prize_percentage: tier.prizePercentage,
      description: tier.description,
    }
  }
  return tiers
}

const CANCEL_BY_ROUTE =
  'A tournament is cancelled with POST /api/admin/tournaments/:id/cancel, which refunds its bets.'

export async function createTournament(
  db: Database,
  { actorId, input }: { actorId: string; input: TournamentInput },
): Promise<AdminTournament> {
  if (input.status === 'cancelled') throw invalidReference('status', CANCEL_BY_ROUTE)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tournaments)
      .values({
        name: input.name,
        status: input.status,
        startDate: new Date(input.startDate),
        endDate: new Date(input.endDate),
        bettingDeadline: new Date(input.bettingDeadline),
        prizePoolConfig: buildConfig(input),
      })
      .returning({ id: tournaments.id })
    const tournament = await getAdminTournament(tx, row!.id)
    await writeAudit(tx, {
      actorId,
      action: 'create',
      entity: 'tournament',
      entityId: tournament.id,
      after: tournament,
    })
    return tournament
  })
}

export async function updateTournament(
  db: Database,
  { actorId, id, input }: { actorId: string; id: string; input: TournamentInput },
): Promise<AdminTournament> {
  assertUuid(id, 'Tournament not found.')
  return db.transaction(async (tx) => {
    // Tournament row first (docs/architecture.md §3 lock order): bets in flight finish before the change.
    const [current] = await tx
      .select()
      .from(tournaments)
      .where(eq(tournaments.id, id))
      .for('update')
    if (!current) throw new AppError('NOT_FOUND', 'Tournament not found.')
    const before = await getAdminTournament(tx, id)
    if (before.isSettled) {
      throw appErrorBecause('CONFLICT', 'TOURNAMENT_SETTLED')
    }
    if (current.status === 'cancelled' && input.status !== 'cancelled') {
      throw appErrorBecause('CONFLICT', 'TOURNAMENT_CANCELLED')
    }
    if (current.status !== 'cancelled' && input.status === 'cancelled') {
      throw invalidReference('status', CANCEL_BY_ROUTE)
    }
    const [result] = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.tournamentId, id), isNotNull(matches.winnerTeamId)))
      .limit(1)
    const problem = statusChangeProblem({
      from: current.status,
      to: input.status,
      bettingDeadline: new Date(input.bettingDeadline),
      now: new Date(),
      hasResults: result !== undefined,
    })
    if (problem) {
      // Fans must never bet on a tournament whose results are public (decision 068).
      throw appErrorBecause('CONFLICT', 'RESULTS_EXIST', { reason: problem })
    }
    if (input.entryFee !== before.entryFee && before.participantCount > 0) {
      // Players paid the old fee; the pool formula would no longer match what they paid.
      throw appErrorBecause('CONFLICT', 'ENTRY_FEE_LOCKED')
    }
    await tx
      .update(tournaments)
      .set({
        name: input.name,
        status: input.status,
        startDate: new Date(input.startDate),
        endDate: new Date(input.endDate),
        bettingDeadline: new Date(input.bettingDeadline),
        prizePoolConfig: buildConfig(input, current.prizePoolConfig),
      })
      .where(eq(tournaments.id, id))
    const tournament = await getAdminTournament(tx, id)
    await writeAudit(tx, {
      actorId,
      action: 'update',
      entity: 'tournament',
      entityId: id,
      before,
      after: tournament,
    })
    return tournament
  })
}

/** The admin dashboard: counts, the sum of current pools and the work queue. */
export async function getAdminStats(db: Database): Promise<AdminStats> {
  const [betCount] = await db.select({ n: count() }).from(bets).where(eq(bets.status, 'active'))
  const [userCount] = await db.select({ n: count() }).from(user)
  const pools = await db
    .select({
      status: tournaments.status,
      config: tournaments.prizePoolConfig,
      participants: participantCountSql,
    })
    .from(tournaments)
  const workQueue = await getWorkQueue(db, new Date())
  return {
    activeBets: betCount?.n ?? 0,
    tournaments: pools.length,
    activeTournaments: pools.filter((t) => t.status === 'active').length,
    users: userCount?.n ?? 0,
    totalPrizePools: pools.reduce(
      (sum, t) => sum + poolFigures(t.config, t.participants).currentPrizePool,
      0,
    ),
    workQueue,
  }
}

/**
 * The 15 matches from exactly 16 pairs: seeds 1..16 by pair ranking (then creation), the round
 * of 16 drawn 1 v 16, 8 v 9, … (the domain's ROUND16_DRAW), later rounds empty.
 * 409 when the tournament already has matches or has not exactly 16 pairs.
 */
export async function generateBracket(
  db: Database,
  { actorId, tournamentId }: { actorId: string; tournamentId: string },
): Promise<GenerateBracketResult> {
  assertUuid(tournamentId, 'Tournament not found.')
  return db.transaction(async (tx) => {
    const [tournament] = await tx
      .select({ id: tournaments.id, name: tournaments.name })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId))
      .for('update')
    if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found.')
    const [existing] = await tx
      .select({ n: count() })
      .from(matches)
      .where(eq(matches.tournamentId, tournamentId))
    if ((existing?.n ?? 0) > 0) throw appErrorBecause('CONFLICT', 'TOURNAMENT_HAS_MATCHES')
    const pairs = await tx
      .select({ id: teams.id, ranking: teams.ranking })
      .from(teams)
      .where(eq(teams.tournamentId, tournamentId))
      .orderBy(sql`${teams.ranking} = 0`, asc(teams.ranking), asc(teams.createdAt), asc(teams.id))
    if (pairs.length !== 16) {
      throw appErrorBecause('CONFLICT', 'BRACKET_NEEDS_16_PAIRS', { pairs: pairs.length })
    }
    // Seeds are unique per tournament: clear them first so renumbering never collides.
    await tx.update(teams).set({ seed: null }).where(eq(teams.tournamentId, tournamentId))
    for (const [index, pair] of pairs.entries()) {
      await tx
        .update(teams)
        .set({ seed: index + 1 })
        .where(eq(teams.id, pair.id))
    }
    const bySeed = (seed: number) => pairs[seed - 1]!.id
    const rows = await tx
      .insert(matches)
      .values(
        ROUND_ORDER.flatMap((round) =>
          Array.from({ length: MATCHES_PER_ROUND[round] }, (_, i) => {
            const draw = round === 'round16' ? ROUND16_DRAW[i]! : null
            return {
              tournamentId,
              round,
              matchNumber: i + 1,
              team1Id: draw ? bySeed(draw[0]) : null,
              team2Id: draw ? bySeed(draw[1]) : null,
            }
          }),
        ),
      )
      .returning()
    if (rows.length !== BRACKET_MATCH_COUNT) throw new Error('bracket: wrong match count')
    rows.sort(
      (a, b) =>
        ROUND_ORDER.indexOf(a.round) - ROUND_ORDER.indexOf(b.round) ||
        a.matchNumber - b.matchNumber,
    )
    const result = await toAdminMatches(
      tx,
      rows.map((match) => ({ match, tournamentName: tournament.name })),
    )
    await writeAudit(tx, {
      actorId,
      action: 'generate_bracket',
      entity: 'tournament',
      entityId: tournamentId,
      after: { matchIds: rows.map((row) => row.id), seeds: pairs.map((pair) => pair.id) },
    })
    return { matches: result }
  })
}

/** The MVP of a completed, unsettled tournament: a player of one of its pairs. */
export async function setMvp(
  db: Database,
  { actorId, tournamentId, playerId }: { actorId: string; tournamentId: string; playerId: string },
): Promise<AdminTournament> {
  assertUuid(tournamentId, 'Tournament not found.')
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId))
      .for('update')
    if (!current) throw new AppError('NOT_FOUND', 'Tournament not found.')
    const before = await getAdminTournament(tx, tournamentId)
    if (!canSetMvp(current.status, before.settlementStage)) {
      throw appErrorBecause(
        'CONFLICT',
        current.status === 'completed' ? 'TOURNAMENT_SETTLED' : 'MVP_NEEDS_COMPLETED',
      )
    }
    if (!isUuid(playerId)) {
      throw invalidReference('playerId', 'The player is not in a pair of this tournament')
    }
    const [pair] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(
        and(
          eq(teams.tournamentId, tournamentId),
          or(eq(teams.player1Id, playerId), eq(teams.player2Id, playerId)),
        ),
      )
      .limit(1)
    if (!pair) throw invalidReference('playerId', 'The player is not in a pair of this tournament')
    await tx
      .update(tournaments)
      .set({ mvpPlayerId: playerId })
      .where(eq(tournaments.id, tournamentId))
    const tournament = await getAdminTournament(tx, tournamentId)
    await writeAudit(tx, {
      actorId,
      action: 'set_mvp',
      entity: 'tournament',
      entityId: tournamentId,
      before: { mvpPlayerId: before.mvpPlayerId },
      after: { mvpPlayerId: playerId },
    })
    return tournament
  })
}
