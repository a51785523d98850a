import { and, asc, eq, ne, or, sql } from 'drizzle-orm'
import type { AdminTeam, TeamInput } from '#shared/schemas/admin'
import { type Database, type Executor } from '#server/db/client'
import { matches, players, teams, tournamentSettlements, tournaments } from '#server/db/schema'
import { AppError, appErrorBecause } from '#server/errors'
import { isUuid } from '#server/game/ids'
import { ADMIN_LIST_MAX_ROWS, invalidReference, iso } from './admin-common'
import { assertUuid } from '#server/game/ids'
import { player1, player2 } from '#server/game/pairs'
import { writeAudit } from '#server/game/audit'

function selectTeams(db: Executor) {
  return db
    .select({
      team: teams,
      tournamentName: tournaments.name,
      player1Name: player1.name,
      player2Name: player2.name,
    })
    .from(teams)
    .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
    .innerJoin(player1, eq(player1.id, teams.player1Id))
    .innerJoin(player2, eq(player2.id, teams.player2Id))
}

type TeamRow = Awaited<ReturnType<typeof selectTeams>>[number]

function toAdminTeam({ team, tournamentName, player1Name, player2Name }: TeamRow): AdminTeam {
  return {
    id: team.id,
    tournamentId: team.tournamentId,
    tournamentName,
    player1Id: team.player1Id,
    player2Id: team.player2Id,
    player1: { id: team.player1Id, name: player1Name },
    player2: { id: team.player2Id, name: player2Name },
    ranking: team.ranking,
    seed: team.seed,
    createdAt: iso(team.createdAt),
    updatedAt: iso(team.updatedAt),
  }
}

/**
 * Teams with their players' names, optionally of one tournament, by seed then creation; at most
 * 1,000 (one tournament has 16).
 */
export async function listTeams(
  db: Database,
  { tournamentId }: { tournamentId?: string | undefined } = {},
): Promise<{ teams: AdminTeam[] }> {
  if (tournamentId !== undefined && tournamentId !== '' && !isUuid(tournamentId)) {
    return { teams: [] }
  }
  const rows = await selectTeams(db)
    .where(tournamentId ? eq(teams.tournamentId, tournamentId) : undefined)
    .orderBy(asc(teams.tournamentId), sql`${teams.seed} asc nulls last`, asc(teams.createdAt))
    .limit(ADMIN_LIST_MAX_ROWS)
  return { teams: rows.map(toAdminTeam) }
}

export async function getTeam(db: Executor, id: string): Promise<AdminTeam> {
  assertUuid(id, 'Team not found.')
  const [row] = await selectTeams(db).where(eq(teams.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Team not found.')
  return toAdminTeam(row)
}

/** Locks the tournament row (lock order: tournament first) and refuses a settled one. */
export async function lockEditableTournament(tx: Executor, tournamentId: string, path: string) {
  if (!isUuid(tournamentId)) throw invalidReference(path, 'Tournament not found')
  const [row] = await tx
    .select({
      id: tournaments.id,
      status: tournaments.status,
      bettingDeadline: tournaments.bettingDeadline,
    })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId))
    .for('update')
  if (!row) throw invalidReference(path, 'Tournament not found')
  const [settled] = await tx
    .select({ id: tournamentSettlements.tournamentId })
    .from(tournamentSettlements)
    .where(eq(tournamentSettlements.tournamentId, tournamentId))
  if (settled) throw appErrorBecause('CONFLICT', 'TOURNAMENT_SETTLED')
  return row
}

async function checkPlayers(tx: Executor, input: TeamInput, teamId: string | null) {
  const ids = [input.player1Id, input.player2Id]
  for (const [index, playerId] of ids.entries()) {
    const path = index === 0 ? 'player1Id' : 'player2Id'
    if (!isUuid(playerId)) throw invalidReference(path, 'Player not found')
    const [found] = await tx
      .select({ id: players.id })
      .from(players)
      .where(eq(players.id, playerId))
    if (!found) throw invalidReference(path, 'Player not found')
  }
  const [taken] = await tx
    .select({ player1Id: teams.player1Id, player2Id: teams.player2Id })
    .from(teams)
    .where(
      and(
        eq(teams.tournamentId, input.tournamentId),
        teamId ? ne(teams.id, teamId) : undefined,
        or(
          eq(teams.player1Id, input.player1Id),
          eq(teams.player2Id, input.player1Id),
          eq(teams.player1Id, input.player2Id),
          eq(teams.player2Id, input.player2Id),
        ),
      ),
    )
    .limit(1)
  if (taken) {
    // Named at the field of the player who is taken, so the form can say it there.
    const takenIds = [taken.player1Id, taken.player2Id]
    const path = takenIds.includes(input.player1Id) ? 'player1Id' : 'player2Id'
    throw appErrorBecause('VALIDATION_FAILED', 'PLAYER_ALREADY_PAIRED', {
      issues: [{ path, code: 'invalid_reference', message: 'PLAYER_ALREADY_PAIRED' }],
    })
  }
}

export async function createTeam(
  db: Database,
  { actorId, input }: { actorId: string; input: TeamInput },
): Promise<AdminTeam> {
  return db.transaction(async (tx) => {
    await lockEditableTournament(tx, input.tournamentId, 'tournamentId')
    await checkPlayers(tx, input, null)
    const [row] = await tx
      .insert(teams)
      .values({
        tournamentId: input.tournamentId,
        player1Id: input.player1Id,
        player2Id: input.player2Id,
      })
      .returning({ id: teams.id })
    const team = await getTeam(tx, row!.id)
    await writeAudit(tx, {
      actorId,
      action: 'create',
      entity: 'team',
      entityId: team.id,
      after: team,
    })
    return team
  })
}

export async function updateTeam(
  db: Database,
  { actorId, id, input }: { actorId: string; id: string; input: TeamInput },
): Promise<AdminTeam> {
  assertUuid(id, 'Team not found.')
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ tournamentId: teams.tournamentId })
      .from(teams)
      .where(eq(teams.id, id))
    if (!current) throw new AppError('NOT_FOUND', 'Team not found.')
    await lockEditableTournament(tx, current.tournamentId, 'tournamentId')
    if (input.tournamentId !== current.tournamentId) {
      await lockEditableTournament(tx, input.tournamentId, 'tournamentId')
      const [used] = await tx
        .select({ id: matches.id })
        .from(matches)
        .where(or(eq(matches.team1Id, id), eq(matches.team2Id, id)))
        .limit(1)
      if (used) {
        throw appErrorBecause('CONFLICT', 'PAIR_IN_MATCHES')
      }
    }
    const before = await getTeam(tx, id)
    await checkPlayers(tx, input, id)
    await tx
      .update(teams)
      .set({
        tournamentId: input.tournamentId,
        player1Id: input.player1Id,
        player2Id: input.player2Id,
        ...(input.tournamentId !== current.tournamentId ? { seed: null } : {}),
      })
      .where(eq(teams.id, id))
    const team = await getTeam(tx, id)
    await writeAudit(tx, {
      actorId,
      action: 'update',
      entity: 'team',
      entityId: id,
      before,
      after: team,
    })
    return team
  })
}
