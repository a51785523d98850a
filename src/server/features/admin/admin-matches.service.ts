// Matches, with the bracket's progression kept by the server: saving a winner puts it into its
// slot of the next round, clearing (or changing) it takes that back out, in the same transaction,
// as long as no later result depends on it (else 409). docs/decisions/053.
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import {
  feederMatchNumbers,
  MATCHES_PER_ROUND,
  nextMatchNumber,
  nextRound,
  type Round,
} from '#domain/bracket/bracket'
import { canEnterResults } from '#domain/tournament/tournament'
import type { AdminMatch, MatchInputSchema } from '#shared/schemas/admin'
import { type Database, type Executor } from '#server/db/client'
import { matches, teams, tournaments } from '#server/db/schema'
import { getPgError, PG_ERROR } from '#server/db/pg-errors'
import { AppError, appErrorBecause } from '#server/errors'
import { isUuid } from '#server/game/ids'
import { ADMIN_LIST_MAX_ROWS, invalidReference, iso } from './admin-common'
import { assertUuid } from '#server/game/ids'
import { pairName, player1, player2 } from '#server/game/pairs'
import { writeAudit } from '#server/game/audit'
import { isSameSets, setsAfterUpdate } from './admin-match-sets'
import { isScheduleChanged, scheduleAfterUpdate, toInstant } from './admin-match-schedule'
import { lockEditableTournament } from './admin-teams.service'
import { publishLiveEvent } from '#server/game/live-events'
import { recordResultFanout } from '#server/game/push-queue'
import type { z } from 'zod'

type ParsedMatchInput = z.output<typeof MatchInputSchema>
type MatchRow = typeof matches.$inferSelect
type TournamentRow = typeof tournaments.$inferSelect

/** Team id → "Player A / Player B" for the given teams. */
async function teamNames(db: Executor, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
  const names = new Map<string, string>()
  if (wanted.length === 0) return names
  const rows = await db
    .select({ id: teams.id, player1: player1.name, player2: player2.name })
    .from(teams)
    .innerJoin(player1, eq(player1.id, teams.player1Id))
    .innerJoin(player2, eq(player2.id, teams.player2Id))
    .where(inArray(teams.id, wanted))
  for (const row of rows) names.set(row.id, pairName(row.player1, row.player2))
  return names
}

/** Match rows as the admin API shows them: with tournament and pair names. */
export async function toAdminMatches(
  db: Executor,
  rows: readonly { match: MatchRow; tournamentName: string }[],
): Promise<AdminMatch[]> {
  const names = await teamNames(
    db,
    rows.flatMap(({ match }) => [match.team1Id, match.team2Id, match.winnerTeamId]),
  )
  const team = (id: string | null) => (id === null ? null : { id, name: names.get(id) ?? '?' })
  return rows.map(({ match, tournamentName }) => ({
    id: match.id,
    tournamentId: match.tournamentId,
    tournamentName,
    round: match.round,
    matchNumber: match.matchNumber,
    team1Id: match.team1Id,
    team2Id: match.team2Id,
    winnerTeamId: match.winnerTeamId,
    team1: team(match.team1Id),
    team2: team(match.team2Id),
    winner: team(match.winnerTeamId),
    sets: match.sets,
    startsAt: match.startsAt === null ? null : iso(match.startsAt),
    court: match.court,
    createdAt: iso(match.createdAt),
    updatedAt: iso(match.updatedAt),
  }))
}

function selectMatches(db: Executor) {
  return db
    .select({ match: matches, tournamentName: tournaments.name })
    .from(matches)
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
}

/** Newest first (docs/product.md §7), optionally of one tournament; at most `limit`, 1,000 at most. */
export async function listMatches(
  db: Database,
  {
    tournamentId,
    limit = ADMIN_LIST_MAX_ROWS,
  }: { tournamentId?: string | undefined; limit?: number } = {},
): Promise<{ matches: AdminMatch[] }> {
  if (tournamentId !== undefined && tournamentId !== '' && !isUuid(tournamentId)) {
    return { matches: [] }
  }
  const rows = await selectMatches(db)
    .where(tournamentId ? eq(matches.tournamentId, tournamentId) : undefined)
    .orderBy(desc(matches.createdAt), asc(matches.matchNumber), asc(matches.id))
    .limit(Math.min(limit, ADMIN_LIST_MAX_ROWS))
  return { matches: await toAdminMatches(db, rows) }
}

export async function getMatch(db: Executor, id: string): Promise<AdminMatch> {
  assertUuid(id, 'Match not found.')
  const rows = await selectMatches(db).where(eq(matches.id, id))
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'Match not found.')
  return (await toAdminMatches(db, rows))[0]!
}

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

/**
 * Moves the change of a match's winner into the next round's slot it feeds (first feeder →
 * team 1, second → team 2). 409 when that next match already has a winner: a later result
 * depends on the pair being there.
 */
async function advanceWinner(
  tx: Executor,
  match: Pick<MatchRow, 'tournamentId' | 'round' | 'matchNumber'>,
  previousWinner: string | null,
  winner: string | null,
): Promise<void> {
  const round = nextRound(match.round as Round)
  if (round === null) return
  const number = nextMatchNumber(match.matchNumber)
  const [next] = await tx
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.tournamentId, match.tournamentId),
        eq(matches.round, round),
        eq(matches.matchNumber, number),
      ),
    )
    .for('update')
  if (!next) return
  const slot = feederMatchNumbers(number)[0] === match.matchNumber ? 'team1Id' : 'team2Id'
  if (next[slot] === winner) return
  if (next.winnerTeamId !== null) {
    throw appErrorBecause('CONFLICT', 'NEXT_MATCH_HAS_WINNER', { matchId: next.id, previousWinner })
  }
  await tx
    .update(matches)
    .set({ [slot]: winner })
    .where(eq(matches.id, next.id))
}
