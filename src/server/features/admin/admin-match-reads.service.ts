// Matches as the admin API reads them: with their tournament's and pairs' names, newest first.
import { asc, desc, eq, inArray } from 'drizzle-orm'
import { shortNameOf } from '#domain/player/short-name'
import type { AdminMatch } from '#shared/schemas/admin'
import type { Database, Executor } from '#server/db/client'
import { matches, teams, tournaments } from '#server/db/schema'
import { AppError } from '#server/errors'
import { assertUuid, isUuid } from '#server/game/ids'
import { pairName, player1, player2 } from '#server/game/pairs'
import { ADMIN_LIST_MAX_ROWS, iso } from './admin-common'

type MatchRow = typeof matches.$inferSelect

/** Team id → "Player A / Player B" and the short names' "A / B" for the given teams. */
async function teamNames(db: Executor, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))]
  const names = new Map<string, { name: string; shortName: string }>()
  if (wanted.length === 0) return names
  const rows = await db
    .select({ id: teams.id, player1, player2 })
    .from(teams)
    .innerJoin(player1, eq(player1.id, teams.player1Id))
    .innerJoin(player2, eq(player2.id, teams.player2Id))
    .where(inArray(teams.id, wanted))
  for (const row of rows) {
    names.set(row.id, {
      name: pairName(row.player1.name, row.player2.name),
      shortName: pairName(shortNameOf(row.player1), shortNameOf(row.player2)),
    })
  }
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
  const team = (id: string | null) =>
    id === null ? null : { id, ...(names.get(id) ?? { name: '?', shortName: '?' }) }
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

/** Newest first (docs/product.md "What the app asks the server"), optionally of one tournament; at most `limit`, 1,000 at most. */
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
