// The bulk order of play of a tournament (docs/decisions/141): start times and courts of several
// matches written in one transaction, audited once, announced once on the live stream. Neither
// column is part of the bracket, so the bracket version stays where it is (drizzle/0061).
import { and, eq, inArray } from 'drizzle-orm'
import type { AdminMatch } from '#shared/schemas/admin'
import type { ScheduleInputSchema } from '#shared/schemas/schedule'
import type { Database, Executor } from '#server/db/client'
import { matches } from '#server/db/schema'
import { AppError } from '#server/errors'
import { writeAudit } from '#server/game/audit'
import { assertUuid, isUuid } from '#server/game/ids'
import { publishLiveEvent } from '#server/game/live-events'
import { invalidReference } from './admin-common'
import { isScheduleChanged, scheduleAfterUpdate } from './admin-match-schedule'
import { getMatch } from './admin-match-reads.service'
import { lockEditableTournament } from './admin-teams.service'
import type { z } from 'zod'

type ScheduleInput = z.output<typeof ScheduleInputSchema>

/**
 * Sets each listed match's start time and court. 404 for an unknown tournament, 400 naming the
 * entry for a match of another tournament; nothing is written unless every entry is right.
 */
export async function setSchedule(
  db: Database,
  { actorId, tournamentId, input }: { actorId: string; tournamentId: string; input: ScheduleInput },
): Promise<{ matches: AdminMatch[] }> {
  assertUuid(tournamentId, 'Tournament not found.')
  return db.transaction(async (tx) => {
    await lockTournament(tx, tournamentId)
    const ids = input.matches.map((entry) => entry.matchId)
    const rows = await tx
      .select()
      .from(matches)
      .where(and(eq(matches.tournamentId, tournamentId), inArray(matches.id, ids.filter(isUuid))))
      .for('update')
    const byId = new Map(rows.map((row) => [row.id, row]))
    for (const [index, entry] of input.matches.entries()) {
      if (!byId.has(entry.matchId)) {
        throw invalidReference(`matches.${index}.matchId`, 'Match not found in this tournament')
      }
    }
    const changed: string[] = []
    for (const entry of input.matches) {
      const current = byId.get(entry.matchId)!
      const next = scheduleAfterUpdate(current, entry)
      if (!isScheduleChanged(current, next)) continue
      await tx.update(matches).set(next).where(eq(matches.id, entry.matchId))
      changed.push(entry.matchId)
    }
    const after = await Promise.all(ids.map((id) => getMatch(tx, id)))
    if (changed.length > 0) {
      await publishLiveEvent(tx, tournamentId, 'schedule', { matchIds: changed })
      await writeAudit(tx, {
        actorId,
        action: 'schedule',
        entity: 'tournament',
        entityId: tournamentId,
        before: rows
          .filter((row) => changed.includes(row.id))
          .map(({ id, startsAt, court }) => ({ id, startsAt, court })),
        after: after
          .filter((match) => changed.includes(match.id))
          .map(({ id, startsAt, court }) => ({ id, startsAt, court })),
      })
    }
    return { matches: after }
  })
}

/** The tournament row locked as every writer of it does; its absence is 404 here (a URL id). */
async function lockTournament(tx: Executor, tournamentId: string) {
  try {
    return await lockEditableTournament(tx, tournamentId, 'tournamentId')
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') {
      throw new AppError('NOT_FOUND', 'Tournament not found.')
    }
    throw error
  }
}
