// Running seasons (docs/product.md "Seasons"): an admin creates, renames and deletes seasons and puts
// tournaments in them. A tournament is in at most one season (its primary key); once its
// settlement has started it is counted, and it may then neither move nor leave (409
// SEASON_TOURNAMENT_SETTLED), nor may its season be deleted. Every write is audited.
import { and, asc, eq, sql } from 'drizzle-orm'
import type {
  AdminSeason,
  AdminSeasonList,
  CreateSeasonInput,
  UpdateSeasonInput,
} from '#shared/schemas/season'
import type { Database, Transaction } from '#server/db/client'
import { getPgError, PG_ERROR } from '#server/db/pg-errors'
import { seasons, seasonTournaments, tournaments } from '#server/db/schema'
import { AppError, appErrorBecause } from '#server/errors'
import { assertUuid } from '#server/game/ids'
import { writeAudit } from '#server/game/audit'
import { catchUpSeasons } from './season-freshness'
import { seasonSummaries, tournamentsOfSeasons } from './season-reads'

const seasonNotFound = () => new AppError('NOT_FOUND', 'Season not found.')

export async function listAdminSeasons(db: Database, now = new Date()): Promise<AdminSeasonList> {
  await catchUpSeasons(db)
  const summaries = await seasonSummaries(db, now)
  const lists = await tournamentsOfSeasons(
    db,
    summaries.map((season) => season.id),
  )
  return {
    seasons: summaries.map((season) => ({
      ...season,
      tournamentList: lists.get(season.id) ?? [],
    })),
  }
}

export async function createSeason(
  db: Database,
  actorId: string,
  input: CreateSeasonInput,
): Promise<AdminSeason> {
  const id = await db.transaction(async (tx) => {
    const [row] = await insertOrRefuseName(() =>
      tx.insert(seasons).values(input).returning({ id: seasons.id }),
    )
    await writeAudit(tx, {
      actorId,
      action: 'create',
      entity: 'season',
      entityId: row!.id,
      after: input,
    })
    return row!.id
  })
  return readAdminSeason(db, id)
}

export async function updateSeason(
  db: Database,
  actorId: string,
  seasonId: string,
  input: UpdateSeasonInput,
): Promise<AdminSeason> {
  assertUuid(seasonId, 'Season not found.')
  await db.transaction(async (tx) => {
    const before = await lockSeason(tx, seasonId)
    const after = { ...before, ...input }
    if (after.endsOn < after.startsOn) {
      const message = 'The season ends on or after its first day'
      throw new AppError('VALIDATION_FAILED', message, {
        issues: [{ path: 'endsOn', code: 'custom', message }],
      })
    }
    await insertOrRefuseName(() =>
      tx.update(seasons).set(input).where(eq(seasons.id, seasonId)).returning({ id: seasons.id }),
    )
    await writeAudit(tx, {
      actorId,
      action: 'update',
      entity: 'season',
      entityId: seasonId,
      before: { name: before.name, startsOn: before.startsOn, endsOn: before.endsOn },
      after: input,
    })
  })
  return readAdminSeason(db, seasonId)
}

/** Deletes a season that has counted nothing; its tournaments are in no season afterwards. */
export async function deleteSeason(db: Database, actorId: string, seasonId: string): Promise<void> {
  assertUuid(seasonId, 'Season not found.')
  await db.transaction(async (tx) => {
    const season = await lockSeason(tx, seasonId)
    if (season.steps > 0) throw appErrorBecause('CONFLICT', 'SEASON_HAS_COUNTED_TOURNAMENTS')
    await tx.delete(seasonTournaments).where(eq(seasonTournaments.seasonId, seasonId))
    await tx.delete(seasons).where(eq(seasons.id, seasonId))
    await writeAudit(tx, {
      actorId,
      action: 'delete',
      entity: 'season',
      entityId: seasonId,
      before: { name: season.name, startsOn: season.startsOn, endsOn: season.endsOn },
    })
  })
}

/**
 * Puts a tournament in the season, moving it from another one if its settlement has not started.
 * Putting it where it already is changes nothing.
 */
export async function putSeasonTournament(
  db: Database,
  actorId: string,
  seasonId: string,
  tournamentId: string,
): Promise<AdminSeason> {
  assertUuid(seasonId, 'Season not found.')
  assertUuid(tournamentId, 'Tournament not found.')
  await db.transaction(async (tx) => {
    const membership = await lockTournamentMembership(tx, tournamentId)
    await lockSeason(tx, seasonId)
    if (membership.seasonId === seasonId) return
    if (membership.seasonId !== null) {
      if (membership.isSettled) throw appErrorBecause('CONFLICT', 'SEASON_TOURNAMENT_SETTLED')
      await tx.delete(seasonTournaments).where(eq(seasonTournaments.tournamentId, tournamentId))
    }
    await tx.insert(seasonTournaments).values({ seasonId, tournamentId })
    await writeAudit(tx, {
      actorId,
      action: 'add_tournament',
      entity: 'season',
      entityId: seasonId,
      before: { seasonId: membership.seasonId },
      after: { tournamentId, seasonId },
    })
  })
  return readAdminSeason(db, seasonId)
}

/** Takes a tournament out of the season (404 when it is not in it), unless it is counted. */
export async function removeSeasonTournament(
  db: Database,
  actorId: string,
  seasonId: string,
  tournamentId: string,
): Promise<AdminSeason> {
  assertUuid(seasonId, 'Season not found.')
  assertUuid(tournamentId, 'Tournament not found.')
  await db.transaction(async (tx) => {
    const membership = await lockTournamentMembership(tx, tournamentId)
    await lockSeason(tx, seasonId)
    if (membership.seasonId !== seasonId) {
      throw new AppError('NOT_FOUND', 'The tournament is not in this season.')
    }
    if (membership.isSettled) throw appErrorBecause('CONFLICT', 'SEASON_TOURNAMENT_SETTLED')
    await tx
      .delete(seasonTournaments)
      .where(
        and(
          eq(seasonTournaments.tournamentId, tournamentId),
          eq(seasonTournaments.seasonId, seasonId),
        ),
      )
    await writeAudit(tx, {
      actorId,
      action: 'remove_tournament',
      entity: 'season',
      entityId: seasonId,
      before: { tournamentId, seasonId },
    })
  })
  return readAdminSeason(db, seasonId)
}

async function readAdminSeason(db: Database, seasonId: string): Promise<AdminSeason> {
  const { seasons: all } = await listAdminSeasons(db)
  const season = all.find((row) => row.id === seasonId)
  if (!season) throw seasonNotFound()
  return season
}

async function lockSeason(tx: Transaction, seasonId: string) {
  const [season] = await tx.select().from(seasons).where(eq(seasons.id, seasonId)).for('update')
  if (!season) throw seasonNotFound()
  return season
}

/**
 * The tournament's season and whether its settlement has started, its row held (FOR SHARE) so a
 * settlement cannot start meanwhile: a settlement's start locks the tournament row first too.
 */
async function lockTournamentMembership(tx: Transaction, tournamentId: string) {
  const [row] = await tx
    .select({
      seasonId: seasonTournaments.seasonId,
      isSettled: sql<boolean>`${tournaments.status} <> 'cancelled' and exists (
        select 1 from tournament_settlements s where s.tournament_id = ${tournaments.id}
           and s.contest = 'main' and s.state in ('in_progress', 'completed'))`,
    })
    .from(tournaments)
    .leftJoin(seasonTournaments, eq(seasonTournaments.tournamentId, tournaments.id))
    .where(eq(tournaments.id, tournamentId))
    .orderBy(asc(tournaments.id))
    .for('share', { of: tournaments })
  if (!row) throw new AppError('NOT_FOUND', 'Tournament not found.')
  return row
}

async function insertOrRefuseName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    // The only unique index a season row has besides its id (seasons_name_unique).
    if (getPgError(error)?.code === PG_ERROR.UNIQUE_VIOLATION) {
      throw appErrorBecause('CONFLICT', 'SEASON_NAME_TAKEN')
    }
    throw error
  }
}
