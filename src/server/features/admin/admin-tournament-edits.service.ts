// Saving a tournament (prize_pool_config built on the server, docs/product.md "Constants") and setting its
// MVP, each checked against the domain's rules (docs/decisions/068).
import { and, eq, isNotNull, or } from 'drizzle-orm'
import {
  DEFAULT_CALCULATION_METHOD,
  DEFAULT_MAX_PARTICIPANTS,
  DEFAULT_MIN_PARTICIPANTS,
} from '#domain/prize/prize-pool'
import { DEFAULT_TIERS } from '#domain/prize/tiers'
import {
  isCreationStatus,
  statusChangeProblem,
  type StatusChangeProblem,
} from '#domain/tournament/status-transitions'
import { canSetMvp } from '#domain/tournament/tournament'
import type { AdminTournament, TournamentInput } from '#shared/schemas/admin'
import type { Database } from '#server/db/client'
import { matches, teams, tournaments, type StoredPrizePoolConfig } from '#server/db/schema'
import { AppError, appErrorBecause } from '#server/errors'
import { isUuid } from '#server/game/ids'
import { assertUuid } from '#server/game/ids'
import { invalidReference } from './admin-common'
import { writeAudit } from '#server/game/audit'
import { getAdminTournament } from './admin-tournaments.service'
import { publishLiveEvent } from '#server/game/live-events'

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

/** The answer to a save the status rule refuses. */
function statusChangeRefusal(problem: StatusChangeProblem): AppError {
  switch (problem) {
    case 'settled':
      return appErrorBecause('CONFLICT', 'TOURNAMENT_SETTLED')
    case 'cancelled':
      return appErrorBecause('CONFLICT', 'TOURNAMENT_CANCELLED')
    case 'cancel_by_route':
      return invalidReference('status', CANCEL_BY_ROUTE)
    case 'results_exist':
      // Fans must never bet on a tournament whose results are public (decision 068).
      return appErrorBecause('CONFLICT', 'RESULTS_EXIST', { reason: problem })
  }
}

export async function createTournament(
  db: Database,
  { actorId, input }: { actorId: string; input: TournamentInput },
): Promise<AdminTournament> {
  if (!isCreationStatus(input.status)) throw invalidReference('status', CANCEL_BY_ROUTE)
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
        bracketsChangeable: input.bracketsChangeable ?? false,
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
    // Tournament row first (docs/architecture.md "How the money rules are kept" lock order): bets in flight finish before the change.
    const [current] = await tx
      .select()
      .from(tournaments)
      .where(eq(tournaments.id, id))
      .for('update')
    if (!current) throw new AppError('NOT_FOUND', 'Tournament not found.')
    const before = await getAdminTournament(tx, id)
    const [result] = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.tournamentId, id), isNotNull(matches.winnerTeamId)))
      .limit(1)
    const problem = statusChangeProblem({
      from: current.status,
      to: input.status,
      isSettled: before.isSettled,
      hasResults: result !== undefined,
      bettingDeadline: new Date(input.bettingDeadline),
      now: new Date(),
    })
    if (problem) throw statusChangeRefusal(problem)
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
        bracketsChangeable: input.bracketsChangeable ?? current.bracketsChangeable,
      })
      .where(eq(tournaments.id, id))
    if (input.status !== current.status) {
      await publishLiveEvent(tx, id, 'status', { status: input.status })
    }
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
    await publishLiveEvent(tx, tournamentId, 'mvp', { playerId })
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
