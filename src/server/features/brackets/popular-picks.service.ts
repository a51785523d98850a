// Popular picks (docs/decisions/163): the quick fill's "Popular" rule, from the People's Bracket
// counts kept in tournament_popularity (decision 096), never from a scan of the bets per request.
import { and, asc, eq, sql } from 'drizzle-orm'
import { POPULAR_PICKS_MIN_BRACKETS, popularBracket } from '#domain/bracket/popular-bracket'
import { isBettingOpen } from '#domain/tournament/tournament'
import type { Popularity, PopularPicks } from '#shared/schemas/brackets'
import { rowsOf, type Database } from '#server/db/client'
import { matches, teams, tournamentPopularity, tournaments } from '#server/db/schema'
import { AppError, appErrorBecause } from '#server/errors'
import { isUuid } from '#server/game/ids'
import { computeOnce, getPopularityAnswer } from './popularity.service'

/**
 * While betting is open the counts are recomputed at most this often once they pass the
 * minimum: one pass over the bets per tournament every few minutes, not one per new bracket,
 * and a winner per match of 50 or more brackets moves slowly.
 */
export const POPULAR_PICKS_REFRESH_MS = 5 * 60_000

function tooFewBrackets(): AppError {
  return appErrorBecause('NOT_FOUND', 'TOO_FEW_BRACKETS', { minimum: POPULAR_PICKS_MIN_BRACKETS })
}

/** Whether the main contest has at least POPULAR_PICKS_MIN_BRACKETS brackets in play. */
async function hasMinimumBrackets(db: Database, tournamentId: string): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::integer as n from (
      select 1 from bets b
       where b.tournament_id = ${tournamentId} and b.contest = 'main' and b.status <> 'refunded'
       limit ${POPULAR_PICKS_MIN_BRACKETS}) as enough`),
  )
  return (row?.n ?? 0) >= POPULAR_PICKS_MIN_BRACKETS
}

function popularPicksNotFound(): AppError {
  return new AppError('NOT_FOUND', 'No popular picks for this tournament.')
}

/**
 * GET /api/tournaments/:id/popular-picks: 404 for an unknown or cancelled tournament, 404
 * TOO_FEW_BRACKETS below POPULAR_PICKS_MIN_BRACKETS main brackets; before the betting deadline the
 * winners alone, after it with their shares (the People's Bracket is public then).
 */
export async function getPopularPicks(
  db: Database,
  tournamentId: string,
  now: Date = new Date(),
): Promise<PopularPicks> {
  if (!isUuid(tournamentId)) throw popularPicksNotFound()
  const [state] = await db
    .select({
      status: tournaments.status,
      bettingDeadline: tournaments.bettingDeadline,
      body: tournamentPopularity.body,
      bracketCount: tournamentPopularity.bracketCount,
      computedAt: tournamentPopularity.computedAt,
      // Whether the stored counts saw the newest main bracket (the top of an index).
      isCurrent: sql<boolean>`${tournamentPopularity.lastBetAt} is not distinct from
        (select max(b.created_at) from bets b
          where b.tournament_id = ${tournaments.id} and b.contest = 'main')`,
    })
    .from(tournaments)
    .leftJoin(
      tournamentPopularity,
      and(
        eq(tournamentPopularity.tournamentId, tournaments.id),
        eq(tournamentPopularity.contest, 'main'),
      ),
    )
    .where(eq(tournaments.id, tournamentId))
  if (!state || state.status === 'cancelled') throw popularPicksNotFound()

  const hasShares = !isBettingOpen(state.status, state.bettingDeadline, now)
  // Stored counts of the minimum or more are reused for POPULAR_PICKS_REFRESH_MS while betting
  // is open, which also catches a changed bracket in time (a change moves no bet's time); fewer
  // are reused only while no bracket came since, so the 50th opens the popular picks at once.
  const isRecent =
    state.computedAt !== null &&
    now.getTime() - state.computedAt.getTime() < POPULAR_PICKS_REFRESH_MS
  const isFresh =
    !hasShares &&
    state.body !== null &&
    isRecent &&
    (state.isCurrent || (state.bracketCount ?? 0) >= POPULAR_PICKS_MIN_BRACKETS)
  let body: Popularity
  if (isFresh) {
    body = state.body as Popularity
  } else {
    // A refusal writes nothing: too few brackets is told from at most 50 index entries, before
    // any counting pass (which stores its answer).
    if (!(await hasMinimumBrackets(db, tournamentId))) throw tooFewBrackets()
    body = JSON.parse(
      hasShares
        ? (await getPopularityAnswer(db, tournamentId, now, 'main')).json
        : await computeOnce(db, tournamentId, 'main'),
    ) as Popularity
  }
  if (body.bracketCount < POPULAR_PICKS_MIN_BRACKETS) throw tooFewBrackets()
  return popularPicksOf(db, tournamentId, body, hasShares)
}

async function popularPicksOf(
  db: Database,
  tournamentId: string,
  body: Popularity,
  hasShares: boolean,
): Promise<PopularPicks> {
  const [matchRows, teamRows] = await Promise.all([
    db
      .select({
        id: matches.id,
        round: matches.round,
        matchNumber: matches.matchNumber,
        team1Id: matches.team1Id,
        team2Id: matches.team2Id,
      })
      .from(matches)
      .where(eq(matches.tournamentId, tournamentId))
      .orderBy(asc(matches.matchNumber)),
    db
      .select({ id: teams.id, player1Id: teams.player1Id, player2Id: teams.player2Id })
      .from(teams)
      .where(eq(teams.tournamentId, tournamentId)),
  ])
  const winners = new Map(body.slots.map((slot) => [slot.matchId, slot.winners]))
  const bracket = popularBracket(matchRows, winners, body.mvps, teamRows)
  const byId = new Map(matchRows.map((match) => [match.id, match]))
  const shareOf = (count: number) => (hasShares ? count / body.bracketCount : null)
  return {
    tournamentId,
    hasShares,
    bracketCount: hasShares ? body.bracketCount : null,
    picks: bracket.picks.map((pick) => ({
      matchId: pick.matchId,
      round: byId.get(pick.matchId)!.round,
      matchNumber: byId.get(pick.matchId)!.matchNumber,
      winnerTeamId: pick.winnerTeamId,
      share: shareOf(pick.count),
    })),
    mvpPlayerId: bracket.mvp?.id ?? null,
    mvpShare: bracket.mvp ? shareOf(bracket.mvp.count) : null,
  }
}
