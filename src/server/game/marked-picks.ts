// A stored bracket's picks, each with its mark (docs/product.md "Fans' brackets and the People's Bracket"): a fan's bracket page and the
// shared bracket (§12) draw the same list, so it is made here once.
import { ROUND_ORDER } from '#domain/bracket/bracket'
import type { MatchResult } from '#domain/scoring/scoring'
import type { PickMark } from '#domain/scoring/outlook'
import type { BracketPick } from '#shared/schemas/brackets'
import type { MatchScheduleView } from '#shared/schemas/schedule'
import { eq } from 'drizzle-orm'
import type { Executor } from '#server/db/client'
import { matchScheduleColumns, toScheduleView } from '#server/db/match-results'
import { matches, type StoredPick } from '#server/db/schema'

const NO_SCHEDULE: MatchScheduleView = { startsAt: null, court: null }

/**
 * The picks in bracket order (round, then match number). A pick whose match an admin removed after
 * the bet, or one the draw left unplayable (no mark), has no place in the picture. Each carries
 * its match's order of play from `schedules` (match id → start time and court).
 */
export function markedPicks(
  stored: readonly StoredPick[],
  results: readonly MatchResult[],
  marks: ReadonlyMap<string, PickMark>,
  schedules: ReadonlyMap<string, MatchScheduleView>,
): BracketPick[] {
  const resultsById = new Map(results.map((match) => [match.id, match]))
  const picks: BracketPick[] = []
  for (const pick of stored) {
    const match = resultsById.get(pick.match_id)
    const mark = marks.get(pick.match_id)
    if (!match || !mark) continue
    picks.push({
      matchId: pick.match_id,
      round: match.round,
      matchNumber: match.matchNumber,
      team1Id: pick.team1_id || null,
      team2Id: pick.team2_id || null,
      predictedWinnerId: pick.predicted_winner_id,
      winnerTeamId: match.winnerTeamId,
      mark,
      ...(schedules.get(pick.match_id) ?? NO_SCHEDULE),
    })
  }
  return picks.sort(
    (a, b) =>
      ROUND_ORDER.indexOf(a.round) - ROUND_ORDER.indexOf(b.round) || a.matchNumber - b.matchNumber,
  )
}

/** Match id → its order of play, for every match of a tournament. */
export async function loadSchedules(
  db: Executor,
  tournamentId: string,
): Promise<Map<string, MatchScheduleView>> {
  const rows = await db
    .select({ id: matches.id, ...matchScheduleColumns })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
  return new Map(rows.map((row) => [row.id, toScheduleView(row)]))
}
