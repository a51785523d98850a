// How far a settlement has come (docs/decisions/056): the tournament_settlements row says what was
// decided at the start, and the bets still 'active' say what is left to pay, since every chunk
// moves its bets out of 'active' in the same transaction that pays them.
import { and, eq, sql } from 'drizzle-orm'
import type { SettlementProgress } from '#shared/schemas/admin'
import type { Database } from '#server/db/client'
import { auditLog, bets, tournamentSettlements, tournaments } from '#server/db/schema'
import { AppError } from '#server/errors'
import { settlementStageOf } from '#server/game/scoring'
import { assertUuid } from '#server/game/ids'

/** Who a resumed settlement is recorded as, when the audit log does not name who started it. */
export const SYSTEM_ACTOR = 'system'

async function countActiveBets(db: Database, tournamentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bets)
    .where(and(eq(bets.tournamentId, tournamentId), eq(bets.status, 'active')))
  return row?.n ?? 0
}

/** GET /api/admin/tournaments/:id/settlement */
export async function getSettlementProgress(
  db: Database,
  tournamentId: string,
): Promise<SettlementProgress> {
  assertUuid(tournamentId, 'Tournament not found.')
  const [row] = await db
    .select({ id: tournaments.id, settlement: tournamentSettlements })
    .from(tournaments)
    // The main row: it completes last, once the second chance has (decision 110).
    .leftJoin(
      tournamentSettlements,
      and(
        eq(tournamentSettlements.tournamentId, tournaments.id),
        eq(tournamentSettlements.contest, 'main'),
      ),
    )
    .where(eq(tournaments.id, tournamentId))
  if (!row) throw new AppError('NOT_FOUND', 'Tournament not found.')
  const active = await countActiveBets(db, tournamentId)
  const { settlement } = row
  if (!settlement) {
    return {
      tournamentId,
      state: 'not_started',
      betsTotal: active,
      betsSettled: 0,
      totalPaid: 0,
      totalWinners: 0,
      processedAt: null,
      stoppedAt: null,
      stopReason: null,
    }
  }
  const betsTotal = settlement.participantCount
  return {
    tournamentId,
    state: settlementStageOf(settlement),
    betsTotal,
    betsSettled: Math.max(0, betsTotal - active),
    totalPaid: settlement.totalPaid,
    totalWinners: settlement.totalWinners,
    processedAt: settlement.processedAt ? settlement.processedAt.toISOString() : null,
    stoppedAt: settlement.stoppedAt ? settlement.stoppedAt.toISOString() : null,
    stopReason: settlement.stoppedAt ? settlement.stopReason : null,
  }
}

/**
 * Records that a run of the settlement failed (decision 068). Its own statement, outside the
 * failed transaction; the next chunk that pays clears it.
 */
export async function recordSettlementStop(
  db: Database,
  tournamentId: string,
  reason: string,
): Promise<void> {
  await db
    .update(tournamentSettlements)
    .set({ stoppedAt: new Date(), stopReason: reason.slice(0, 500) })
    .where(
      and(
        eq(tournamentSettlements.tournamentId, tournamentId),
        eq(tournamentSettlements.state, 'in_progress'),
      ),
    )
}

/**
 * Settlements a crash (or a stop) left in_progress, each with the admin who started it, so the
 * resumed run's audit entries name the same person.
 */
export async function listUnfinishedSettlements(
  db: Database,
): Promise<{ tournamentId: string; actorId: string }[]> {
  const rows = await db
    .select({ tournamentId: tournamentSettlements.tournamentId, actorId: auditLog.actorId })
    .from(tournamentSettlements)
    .leftJoin(
      auditLog,
      and(
        eq(auditLog.entity, 'settlement'),
        eq(auditLog.action, 'settle'),
        eq(auditLog.entityId, sql`${tournamentSettlements.tournamentId}::text`),
      ),
    )
    // One per tournament: its main row, which stays in progress until both contests are paid.
    .where(
      and(
        eq(tournamentSettlements.state, 'in_progress'),
        eq(tournamentSettlements.contest, 'main'),
      ),
    )
  return rows.map((row) => ({
    tournamentId: row.tournamentId,
    actorId: row.actorId ?? SYSTEM_ACTOR,
  }))
}
