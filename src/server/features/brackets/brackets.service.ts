// One fan's bracket as others see it: the picks, the MVP, the tiebreaker and each pick's mark
// (docs/product.md "Fans' brackets and the People's Bracket"). Private until its contest stops taking entries (docs/decisions/095): the
// main bracket's deadline, or the second chance's own (§19).
import { and, eq, ne, sql } from 'drizzle-orm'
import { picksFromEntries } from '#domain/bracket/bracket'
import { contestMatches } from '#domain/contest/contest-rounds'
import { bracketOutlook } from '#domain/scoring/outlook'
import { isBettingOpen } from '#domain/tournament/tournament'
import { UsernameSchema } from '#shared/schemas/auth'
import type { FanBracket } from '#shared/schemas/brackets'
import type { Contest } from '#shared/schemas/contest'
import type { Database } from '#server/db/client'
import { bets, players, tournamentContests, tournaments, user } from '#server/db/schema'
import { AppError } from '#server/errors'
import { isSecondChanceOpen, type SecondChanceConfig } from '#server/game/second-chance-config'
import { loadScoring } from '#server/game/scoring'
import { isUuid } from '#server/game/ids'
import { loadSchedules, markedPicks } from '#server/game/marked-picks'

/**
 * The one answer for every bracket a viewer may not see: unknown tournament, unknown fan, no bet,
 * a refunded bet, or someone else's bracket while betting is open. Same status, code and message,
 * so the answer never tells whether a fan has bet (docs/decisions/095).
 */
export function bracketNotFound(): AppError {
  return new AppError('NOT_FOUND', 'Bracket not found.')
}

/**
 * GET /api/tournaments/:id/brackets/:username?contest=. The owner sees it at any time; any other
 * signed-in account (admins too) once its contest takes no more entries.
 */
export async function getFanBracket(
  db: Database,
  {
    viewerId,
    tournamentId,
    username,
    contest = 'main',
    now = new Date(),
  }: { viewerId: string; tournamentId: string; username: string; contest?: Contest; now?: Date },
): Promise<FanBracket> {
  // Only a name an account can have reaches the database (no NUL or odd bytes in a query).
  if (!isUuid(tournamentId) || !UsernameSchema.safeParse(username).success) {
    throw bracketNotFound()
  }
  // Whether the contest is public is decided before the bet is looked for, and someone else's
  // bet is not looked for at all while it is private: the answer for a fan who entered and for
  // one who did not take the same statements, so not even its timing tells them apart.
  const [context] = await db
    .select({ tournament: tournaments, contestConfig: tournamentContests })
    .from(tournaments)
    .leftJoin(
      tournamentContests,
      and(
        eq(tournamentContests.tournamentId, tournaments.id),
        eq(tournamentContests.contest, contest),
      ),
    )
    .where(eq(tournaments.id, tournamentId))
  if (!context) throw bracketNotFound()
  const { tournament, contestConfig } = context
  const isPublic = isContestPublic(tournament, contest, contestConfig, now)
  const [found] = await db
    .select({
      bet: {
        userId: bets.userId,
        picks: bets.picks,
        mvpPlayerId: bets.mvpPlayerId,
        finalTotalGames: bets.finalTotalGames,
      },
      shownName: sql<string>`coalesce(${user.displayUsername}, ${user.username})`,
      mvpName: players.name,
    })
    .from(bets)
    // Usernames are stored lower-cased (better-auth's username plugin); the URL may use any case.
    .innerJoin(user, and(eq(user.id, bets.userId), eq(user.username, username.toLowerCase())))
    .leftJoin(players, eq(players.id, bets.mvpPlayerId))
    .where(
      and(
        eq(bets.tournamentId, tournamentId),
        eq(bets.contest, contest),
        ne(bets.status, 'refunded'),
        isPublic ? undefined : eq(bets.userId, viewerId),
      ),
    )
  if (!found) throw bracketNotFound()
  const { bet } = found
  const isMine = bet.userId === viewerId

  const [scoring, schedules] = await Promise.all([
    loadScoring(db, tournament, contest),
    loadSchedules(db, tournamentId),
  ])
  // A second chance is scored over its own rounds only (7 picks + the MVP).
  const results = contestMatches(scoring.results, contest)
  const stored = bet.picks ?? []
  const outlook = bracketOutlook(
    picksFromEntries(
      stored.map((pick) => ({ matchId: pick.match_id, winnerTeamId: pick.predicted_winner_id })),
    ),
    results,
    { pick: bet.mvpPlayerId, actual: scoring.mvpPlayerId },
    scoring.tiers,
  )
  const picks = markedPicks(stored, results, outlook.marks, schedules)
  return {
    tournamentId,
    contest,
    username: found.shownName,
    isMine,
    picks,
    mvp: bet.mvpPlayerId
      ? { playerId: bet.mvpPlayerId, name: found.mvpName ?? '', mark: outlook.mvpMark }
      : null,
    finalTotalGames: bet.finalTotalGames,
    correct: outlook.correct,
    total: outlook.total,
    maxPossible: outlook.maxPossible,
  }
}

/** The main bracket once betting closed; the second chance once it takes no more entries. */
function isContestPublic(
  tournament: typeof tournaments.$inferSelect,
  contest: Contest,
  contestConfig: SecondChanceConfig | null,
  now: Date,
): boolean {
  if (contest === 'main') return isBracketPublic(tournament, now)
  return contestConfig !== null && !isSecondChanceOpen(contestConfig, tournament.status, now)
}

/** Whether betting has closed, so brackets and their totals may be shown to everyone. */
export function isBracketPublic(
  tournament: Pick<typeof tournaments.$inferSelect, 'status' | 'bettingDeadline'>,
  now: Date,
): boolean {
  return !isBettingOpen(tournament.status, tournament.bettingDeadline, now)
}
