// POST /api/admin/tournaments/:id/second-chance (docs/product.md "Second chance", decision 110): an admin
// opens the second chance once every round-of-16 match has a winner and before any quarterfinal
// has one. One transaction holding the tournament row, so two opens cannot both pass the checks;
// the table's key refuses a second row anyway.
import { eq } from 'drizzle-orm'
import { secondChanceOpenProblem } from '#domain/bracket/second-chance'
import type { OpenSecondChanceInput, SecondChance } from '#shared/schemas/second-chance'
import { matchResultColumns } from '#server/db/match-results'
import type { Database } from '#server/db/client'
import { matches, tournamentContests } from '#server/db/schema'
import { AppError, appErrorBecause } from '#server/errors'
import { assertUuid } from '#server/game/ids'
import { writeAudit } from '#server/game/audit'
import { lockTournament } from '#server/game/scoring'
import { findSecondChanceConfig } from '#server/game/second-chance-config'
import { getSecondChance } from './second-chance.service'

export async function openSecondChance(
  db: Database,
  {
    actorId,
    tournamentId,
    input,
    now = new Date(),
  }: { actorId: string; tournamentId: string; input: OpenSecondChanceInput; now?: Date },
): Promise<SecondChance> {
  assertUuid(tournamentId, 'Tournament not found.')
  const deadline = new Date(input.bettingDeadline)
  await db.transaction(async (tx) => {
    const tournament = await lockTournament(tx, tournamentId)
    const rows = await tx
      .select(matchResultColumns)
      .from(matches)
      .where(eq(matches.tournamentId, tournamentId))
    const problem = secondChanceOpenProblem({
      status: tournament.status,
      hasSecondChance: (await findSecondChanceConfig(tx, tournamentId)) !== undefined,
      matches: rows,
    })
    if (problem) throw appErrorBecause('CONFLICT', problem.reason)
    if (!(deadline.getTime() > now.getTime())) {
      const message = 'The deadline must be in the future.'
      throw new AppError('VALIDATION_FAILED', message, {
        issues: [{ path: 'bettingDeadline', code: 'not_in_future', message }],
      })
    }
    const config = {
      tournamentId,
      contest: 'second_chance' as const,
      entryFee: input.entryFee,
      basePool: input.basePool,
      multiplier: input.multiplier,
      bettingDeadline: deadline,
      openedBy: actorId,
    }
    await tx.insert(tournamentContests).values(config)
    await writeAudit(tx, {
      actorId,
      action: 'open_second_chance',
      entity: 'tournament',
      entityId: tournamentId,
      after: {
        entryFee: input.entryFee,
        basePool: input.basePool,
        multiplier: input.multiplier,
        bettingDeadline: deadline,
      },
    })
  })
  return getSecondChance(db, tournamentId, { userId: null, now })
}
