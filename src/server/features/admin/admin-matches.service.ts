// Matches, with the bracket's progression kept by the server: saving a winner puts it into its
// slot of the next round, clearing (or changing) it takes that back out, in the same transaction,
// as long as no later result depends on it (else 409). docs/decisions/053. The reads are in
// admin-match-reads.service.ts, the progression in admin-match-progression.ts.
import { and, eq } from 'drizzle-orm'
import { MATCHES_PER_ROUND } from '#domain/bracket/bracket'
import { canEnterResults } from '#domain/tournament/tournament'
import type { AdminMatch, MatchInputSchema } from '#shared/schemas/admin'
import { type Database, type Executor } from '#server/db/client'
import { matches, teams, type tournaments } from '#server/db/schema'
import { getPgError, PG_ERROR } from '#server/db/pg-errors'
import { AppError, appErrorBecause } from '#server/errors'
import { writeAudit } from '#server/game/audit'
import { assertUuid, isUuid } from '#server/game/ids'
import { publishLiveEvent } from '#server/game/live-events'
import { recordResultFanout } from '#server/game/push-queue'
import { invalidReference } from './admin-common'
import { getMatch } from './admin-match-reads.service'
import { advanceWinner } from './admin-match-progression'
import { isSameSets, setsAfterUpdate } from './admin-match-sets'
import { isScheduleChanged, scheduleAfterUpdate, toInstant } from './admin-match-schedule'
import { lockEditableTournament } from './admin-teams.service'
import type { z } from 'zod'

type ParsedMatchInput = z.output<typeof MatchInputSchema>
type TournamentRow = typeof tournaments.$inferSelect

async function checkInput(tx: Executor, input: ParsedMatchInput) {
  const limit = MATCHES_PER_ROUND[input.round]
  if (input.matchNumber > limit) {
    throw invalidReference('matchNumber', `Match number must be at most ${limit} in this round`)
  }
  for (const path of ['team1Id', 'team2Id'] as const) {
    const teamId = input[path]
    if (teamId === null) continue
    const [found] = isUuid(teamId)
      ? await tx
          .select({ id: teams.id })
          .from(teams)
          .where(and(eq(teams.id, teamId), eq(teams.tournamentId, input.tournamentId)))
      : []
    if (!found) throw invalidReference(path, 'Team not found in this tournament')
  }
}

/**
 * A result is public once saved: refused while fans can still bet (decision 068), so nobody bets
 * knowing a winner.
 */
function assertResultsAllowed(
  tournament: { status: TournamentRow['status']; bettingDeadline: Date },
  winnerTeamId: string | null,
) {
  if (winnerTeamId === null) return
  if (!canEnterResults(tournament.status, tournament.bettingDeadline, new Date())) {
    throw appErrorBecause('CONFLICT', 'BETTING_OPEN', { reason: 'betting_open' })
  }
}

/** Translates a broken unique/check constraint into a 409 instead of a 500. */
async function mapConstraint<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const pg = getPgError(error)
    if (pg?.code === PG_ERROR.UNIQUE_VIOLATION) {
      throw appErrorBecause('CONFLICT', 'MATCH_NUMBER_TAKEN')
    }
    if (pg?.code === PG_ERROR.CHECK_VIOLATION) {
      throw appErrorBecause('CONFLICT', 'BRACKET_WOULD_BREAK')
    }
    throw error
  }
}

export async function createMatch(
  db: Database,
  { actorId, input }: { actorId: string; input: ParsedMatchInput },
): Promise<AdminMatch> {
  return mapConstraint(() =>
    db.transaction(async (tx) => {
      const tournament = await lockEditableTournament(tx, input.tournamentId, 'tournamentId')
      assertResultsAllowed(tournament, input.winnerTeamId)
      await checkInput(tx, input)
      const [row] = await tx
        .insert(matches)
        .values({
          tournamentId: input.tournamentId,
          round: input.round,
          matchNumber: input.matchNumber,
          team1Id: input.team1Id,
          team2Id: input.team2Id,
          winnerTeamId: input.winnerTeamId,
          sets: input.sets ?? null,
          startsAt: toInstant(input.startsAt ?? null),
          court: input.court ?? null,
        })
        .returning()
      if (row!.winnerTeamId !== null) await advanceWinner(tx, row!, null, row!.winnerTeamId)
      if (row!.winnerTeamId !== null) {
        await publishLiveEvent(tx, row!.tournamentId, 'result', { matchId: row!.id })
        await recordResultFanout(tx, {
          tournamentId: row!.tournamentId,
          matchId: row!.id,
          winnerTeamId: row!.winnerTeamId,
        })
      }
      if (row!.startsAt !== null || row!.court !== null) {
        await publishLiveEvent(tx, row!.tournamentId, 'schedule', { matchIds: [row!.id] })
      }
      const match = await getMatch(tx, row!.id)
      await writeAudit(tx, {
        actorId,
        action: 'create',
        entity: 'match',
        entityId: match.id,
        after: match,
      })
      return match
    }),
  )
}

export async function updateMatch(
  db: Database,
  { actorId, id, input }: { actorId: string; id: string; input: ParsedMatchInput },
): Promise<AdminMatch> {
  assertUuid(id, 'Match not found.')
  return mapConstraint(() =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(matches).where(eq(matches.id, id))
      if (!current) throw new AppError('NOT_FOUND', 'Match not found.')
      const from = await lockEditableTournament(tx, current.tournamentId, 'tournamentId')
      const to =
        input.tournamentId === current.tournamentId
          ? from
          : await lockEditableTournament(tx, input.tournamentId, 'tournamentId')
      const [locked] = await tx.select().from(matches).where(eq(matches.id, id)).for('update')
      const before = await getMatch(tx, id)
      await checkInput(tx, input)
      const movesSlot =
        locked!.tournamentId !== input.tournamentId ||
        locked!.round !== input.round ||
        locked!.matchNumber !== input.matchNumber
      if (movesSlot && locked!.winnerTeamId !== null) {
        throw appErrorBecause('CONFLICT', 'CLEAR_WINNER_FIRST')
      }
      const sets = setsAfterUpdate(locked!, input)
      const isWinnerChanged = locked!.winnerTeamId !== input.winnerTeamId
      const isSetsChanged = !isSameSets(locked!.sets, sets)
      if (isWinnerChanged || (isSetsChanged && sets !== null)) {
        assertResultsAllowed(to, input.winnerTeamId)
      }
      if (isWinnerChanged) {
        await advanceWinner(tx, locked!, locked!.winnerTeamId, input.winnerTeamId)
      }
      // Each entrant hears of a new winner by push (decision 131); a cleared one says nothing.
      if (isWinnerChanged && input.winnerTeamId !== null) {
        await recordResultFanout(tx, {
          tournamentId: input.tournamentId,
          matchId: id,
          winnerTeamId: input.winnerTeamId,
        })
      }
      // Scores alone are a change of the result too: the live pages reload it.
      if (isWinnerChanged || isSetsChanged) {
        await publishLiveEvent(tx, input.tournamentId, 'result', { matchId: id })
      }
      const schedule = scheduleAfterUpdate(locked!, input)
      if (isScheduleChanged(locked!, schedule)) {
        await publishLiveEvent(tx, input.tournamentId, 'schedule', { matchIds: [id] })
      }
      // A save that changes only the order of play leaves the bracket's columns out, so the
      // bracket version's trigger does not fire (docs/decisions/141).
      const isBracketChanged =
        movesSlot ||
        isWinnerChanged ||
        isSetsChanged ||
        locked!.team1Id !== input.team1Id ||
        locked!.team2Id !== input.team2Id
      const bracketColumns = {
        tournamentId: input.tournamentId,
        round: input.round,
        matchNumber: input.matchNumber,
        team1Id: input.team1Id,
        team2Id: input.team2Id,
        winnerTeamId: input.winnerTeamId,
        sets,
      }
      await tx
        .update(matches)
        .set(isBracketChanged ? { ...bracketColumns, ...schedule } : schedule)
        .where(eq(matches.id, id))
      const match = await getMatch(tx, id)
      await writeAudit(tx, {
        actorId,
        action: 'update',
        entity: 'match',
        entityId: id,
        before,
        after: match,
      })
      return match
    }),
  )
}
