// A bracket's versions for the admin (docs/product.md "Changing a bracket and quick fill", decision 109): what changed, when.
import { asc, eq, inArray } from 'drizzle-orm'
import type { BetHistory, BetVersion, BracketChange } from '#shared/schemas/bracket-change'
import { user } from '#server/db/auth-schema'
import type { Database } from '#server/db/client'
import {
  betVersions,
  bets,
  matches,
  players,
  teams,
  tournaments,
  type StoredPick,
} from '#server/db/schema'
import { AppError } from '#server/errors'
import { assertUuid } from '#server/game/ids'
import { iso } from './admin-common'
import { pairName, player1, player2 } from '#server/game/pairs'

interface StoredVersion {
  version: number
  createdAt: Date
  picks: StoredPick[]
  mvpPlayerId: string | null
  finalTotalGames: number | null
}

/** Every version of a bet's bracket, oldest first; 404 for an unknown or malformed bet id. */
export async function getBetHistory(db: Database, betId: string): Promise<BetHistory> {
  assertUuid(betId, 'Bet not found.')
  const [found] = await db
    .select({ bet: bets, tournamentName: tournaments.name, username: user.username })
    .from(bets)
    .innerJoin(tournaments, eq(tournaments.id, bets.tournamentId))
    .leftJoin(user, eq(user.id, bets.userId))
    .where(eq(bets.id, betId))
  if (!found) throw new AppError('NOT_FOUND', 'Bet not found.')
  const { bet } = found

  const kept = await db
    .select()
    .from(betVersions)
    .where(eq(betVersions.betId, betId))
    .orderBy(asc(betVersions.version))
  // A bet never changed has no rows: its one version is the bet as placed.
  const versions: StoredVersion[] =
    kept.length > 0
      ? kept
      : [
          {
            version: 1,
            createdAt: bet.createdAt,
            picks: bet.picks ?? [],
            mvpPlayerId: bet.mvpPlayerId,
            finalTotalGames: bet.finalTotalGames,
          },
        ]

  const [matchRows, pairRows, mvpRows] = await Promise.all([
    db
      .select({ id: matches.id, round: matches.round, matchNumber: matches.matchNumber })
      .from(matches)
      .where(eq(matches.tournamentId, bet.tournamentId)),
    db
      .select({ id: teams.id, name1: player1.name, name2: player2.name })
      .from(teams)
      .leftJoin(player1, eq(player1.id, teams.player1Id))
      .leftJoin(player2, eq(player2.id, teams.player2Id))
      .where(eq(teams.tournamentId, bet.tournamentId)),
    mvpNames(db, versions),
  ])
  const matchById = new Map(matchRows.map((match) => [match.id, match]))
  const pairNameById = new Map(pairRows.map((pair) => [pair.id, pairName(pair.name1, pair.name2)]))
  const nameOfPair = (id: string | undefined) => (id ? (pairNameById.get(id) ?? id) : null)

  const answer: BetVersion[] = versions.map((current, index) => {
    const previous = index > 0 ? versions[index - 1] : undefined
    const changes: BracketChange[] = []
    if (previous) {
      const before = winnersByMatch(previous.picks)
      const after = winnersByMatch(current.picks)
      for (const matchId of new Set([...before.keys(), ...after.keys()])) {
        if (before.get(matchId) === after.get(matchId)) continue
        const match = matchById.get(matchId)
        changes.push({
          matchId,
          round: match?.round ?? null,
          matchNumber: match?.matchNumber ?? null,
          from: nameOfPair(before.get(matchId)),
          to: nameOfPair(after.get(matchId)),
        })
      }
    }
    return {
      version: current.version,
      createdAt: iso(current.createdAt),
      pickCount: current.picks.length,
      mvpPlayerId: current.mvpPlayerId,
      mvpPlayerName: current.mvpPlayerId ? (mvpRows.get(current.mvpPlayerId) ?? null) : null,
      finalTotalGames: current.finalTotalGames,
      changes,
      mvpChanged: previous !== undefined && previous.mvpPlayerId !== current.mvpPlayerId,
      finalTotalGamesChanged:
        previous !== undefined && previous.finalTotalGames !== current.finalTotalGames,
    }
  })

  return {
    betId: bet.id,
    tournamentId: bet.tournamentId,
    tournamentName: found.tournamentName,
    userId: bet.userId,
    username: found.username,
    versions: answer,
  }
}

/** The first pick per match counts, as everywhere else (pick_codes_of, the domain). */
function winnersByMatch(picks: StoredPick[]): Map<string, string> {
  const winners = new Map<string, string>()
  for (const pick of picks) {
    if (!winners.has(pick.match_id)) winners.set(pick.match_id, pick.predicted_winner_id)
  }
  return winners
}

async function mvpNames(db: Database, versions: StoredVersion[]): Promise<Map<string, string>> {
  const ids = [...new Set(versions.flatMap((version) => version.mvpPlayerId ?? []))]
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: players.id, name: players.name })
    .from(players)
    .where(inArray(players.id, ids))
  return new Map(rows.map((row) => [row.id, row.name]))
}
