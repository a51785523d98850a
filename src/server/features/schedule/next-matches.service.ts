// A fan's next matches (docs/decisions/162): for each pair the fan picked that is still alive, the
// scheduled match it plays next. A pair is alive in a match when the fan picked it to win that
// match and it is one of the two pairs there; the match is next while it has no winner.
import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm'
import { shortNameOf } from '#domain/player/short-name'
import type { NextMatch, ScheduledPair } from '#shared/schemas/schedule'
import type { Database } from '#server/db/client'
import { bets, matches, teams, tournaments } from '#server/db/schema'
import { pairName, player1, player2 } from '#server/game/pairs'

/** A dashboard line each: more would not be read. */
const NEXT_MATCHES_MAX = 12

/** The fan's scheduled, unplayed matches of alive picks, earliest first (then by court). */
export async function listNextMatches(
  db: Database,
  { userId }: { userId: string },
): Promise<{ matches: NextMatch[] }> {
  const brackets = await db
    .select({ tournamentId: bets.tournamentId, picks: bets.picks })
    .from(bets)
    .innerJoin(tournaments, eq(tournaments.id, bets.tournamentId))
    .where(
      and(
        eq(bets.userId, userId),
        eq(bets.status, 'active'),
        inArray(tournaments.status, ['upcoming', 'active']),
      ),
    )
  if (brackets.length === 0) return { matches: [] }
  // match id → the pairs the fan picked to win it (a fan's two contests may both pick it).
  const picked = new Map<string, Set<string>>()
  for (const bracket of brackets) {
    for (const pick of bracket.picks ?? []) {
      const winners = picked.get(pick.match_id) ?? new Set<string>()
      winners.add(pick.predicted_winner_id)
      picked.set(pick.match_id, winners)
    }
  }
  const tournamentIds = [...new Set(brackets.map((bracket) => bracket.tournamentId))]
  const scheduled = await db
    .select({
      id: matches.id,
      tournamentId: matches.tournamentId,
      tournamentName: tournaments.name,
      round: matches.round,
      matchNumber: matches.matchNumber,
      team1Id: matches.team1Id,
      team2Id: matches.team2Id,
      startsAt: matches.startsAt,
      court: matches.court,
    })
    .from(matches)
    .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
    .where(
      and(
        inArray(matches.tournamentId, tournamentIds),
        isNotNull(matches.startsAt),
        isNull(matches.winnerTeamId),
        ne(tournaments.status, 'cancelled'),
      ),
    )
  const lines: { match: (typeof scheduled)[number]; pickId: string; opponentId: string | null }[] =
    []
  for (const match of scheduled) {
    const winners = picked.get(match.id)
    if (!winners) continue
    for (const [pickId, opponentId] of [
      [match.team1Id, match.team2Id],
      [match.team2Id, match.team1Id],
    ] as const) {
      if (pickId !== null && winners.has(pickId)) lines.push({ match, pickId, opponentId })
    }
  }
  lines.sort(
    (a, b) =>
      a.match.startsAt!.getTime() - b.match.startsAt!.getTime() ||
      (a.match.court ?? '').localeCompare(b.match.court ?? '') ||
      a.match.id.localeCompare(b.match.id),
  )
  const shown = lines.slice(0, NEXT_MATCHES_MAX)
  const pairs = await pairsOf(
    db,
    shown.flatMap((line) => [line.pickId, line.opponentId]),
  )
  return {
    matches: shown.map(({ match, pickId, opponentId }) => ({
      tournamentId: match.tournamentId,
      tournamentName: match.tournamentName,
      matchId: match.id,
      round: match.round,
      matchNumber: match.matchNumber,
      startsAt: match.startsAt!.toISOString(),
      court: match.court,
      pick: pairs.get(pickId) ?? unknownPair(pickId),
      opponent: opponentId === null ? null : (pairs.get(opponentId) ?? unknownPair(opponentId)),
    })),
  }
}

function unknownPair(teamId: string): ScheduledPair {
  return { teamId, name: pairName(null, null), shortName: pairName(null, null) }
}

async function pairsOf(
  db: Database,
  ids: readonly (string | null)[],
): Promise<Map<string, ScheduledPair>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
  if (wanted.length === 0) return new Map()
  const rows = await db
    .select({ id: teams.id, player1, player2 })
    .from(teams)
    .innerJoin(player1, eq(player1.id, teams.player1Id))
    .innerJoin(player2, eq(player2.id, teams.player2Id))
    .where(inArray(teams.id, wanted))
  return new Map(
    rows.map((row) => [
      row.id,
      {
        teamId: row.id,
        name: pairName(row.player1.name, row.player2.name),
        shortName: pairName(shortNameOf(row.player1), shortNameOf(row.player2)),
      },
    ]),
  )
}
