// A shared bracket as anyone with its link sees it (docs/product.md §12): the same answer for
// every viewer, signed in or not, so no picks can leak before the deadline through who asks.
import { eq, sql } from 'drizzle-orm'
import type { Picks } from '../../../domain/bracket/bracket'
import { bracketOutlook } from '../../../domain/scoring/outlook'
import { isBettingOpen } from '../../../domain/tournament/tournament'
import type { Pair } from '../../../shared/schemas/tournament'
import type {
  SharedBracket,
  SharedBracketBody,
  SharedPick,
  SharePhase,
} from '../../../shared/schemas/share'
import { user } from '../../db/auth-schema'
import type { Database } from '../../db/client'
import { matchResultColumns } from '../../db/match-results'
import { bets, matches, players, tournaments, type StoredPick } from '../../db/schema'
import { AppError } from '../../errors'
import { poolFigures } from '../tournaments/tournament-figures'
import { listPairs } from '../tournaments/tournaments.service'

const shownUsername = sql<string>`coalesce(
  nullif(${user.displayUsername}, ''),
  nullif(${user.username}, ''),
  nullif(split_part(${user.email}, '@', 1), ''),
  'User'
)`

export async function getSharedBracket(
  db: Database,
  { betId, shareId, now = new Date() }: { betId: string; shareId: string; now?: Date },
): Promise<SharedBracket> {
  const [row] = await db
    .select({
      picks: bets.picks,
      mvpPlayerId: bets.mvpPlayerId,
      username: shownUsername,
      tournament: tournaments,
    })
    .from(bets)
    .innerJoin(tournaments, eq(tournaments.id, bets.tournamentId))
    .innerJoin(user, eq(user.id, bets.userId))
    .where(eq(bets.id, betId))
  if (!row) throw new AppError('NOT_FOUND', 'Shared bracket not found.')
  const { tournament } = row

  const phase: SharePhase =
    tournament.status === 'cancelled'
      ? 'cancelled'
      : isBettingOpen(tournament.status, tournament.bettingDeadline, now)
        ? 'entered'
        : 'bracket'

  return {
    shareId,
    phase,
    username: row.username,
    tournament: {
      id: tournament.id,
      name: tournament.name,
      status: tournament.status,
      bettingDeadline: tournament.bettingDeadline.toISOString(),
      startDate: tournament.startDate.toISOString(),
      endDate: tournament.endDate.toISOString(),
    },
    pool: await poolOf(db, tournament),
    bracket: phase === 'bracket' ? await bracketBody(db, row, tournament) : null,
  }
}

async function poolOf(db: Database, tournament: typeof tournaments.$inferSelect) {
  // A cancelled tournament refunded every bet: nobody is in it any more.
  const [counted] =
    tournament.status === 'cancelled'
      ? []
      : await db
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(bets)
          .where(eq(bets.tournamentId, tournament.id))
  const figures = poolFigures(tournament.prizePoolConfig, counted?.count ?? 0)
  return { currentPrizePool: figures.currentPrizePool, participantCount: figures.participantCount }
}

async function bracketBody(
  db: Database,
  bet: { picks: StoredPick[] | null; mvpPlayerId: string | null },
  tournament: typeof tournaments.$inferSelect,
): Promise<SharedBracketBody> {
  const [results, pairs, mvpNames] = await Promise.all([
    db.select(matchResultColumns).from(matches).where(eq(matches.tournamentId, tournament.id)),
    listPairs(db, tournament.id),
    bet.mvpPlayerId
      ? db.select({ name: players.name }).from(players).where(eq(players.id, bet.mvpPlayerId))
      : Promise.resolve([]),
  ])
  const stored = bet.picks ?? []
  const picks: Picks = Object.fromEntries(
    stored.map((pick) => [pick.match_id, pick.predicted_winner_id]),
  )
  const outlook = bracketOutlook(picks, results, {
    pick: bet.mvpPlayerId,
    actual: tournament.mvpPlayerId,
  })
  const byId = new Map(results.map((match) => [match.id, match]))
  const sharedPicks: SharedPick[] = []
  for (const pick of stored) {
    const match = byId.get(pick.match_id)
    const mark = outlook.marks.get(pick.match_id)
    // A match deleted by an admin after the bet has no place in the picture.
    if (!match || !mark) continue
    sharedPicks.push({
      matchId: match.id,
      round: match.round,
      matchNumber: match.matchNumber,
      team1Id: pick.team1_id || null,
      team2Id: pick.team2_id || null,
      predictedWinnerId: pick.predicted_winner_id,
      winnerTeamId: match.winnerTeamId,
      mark,
    })
  }
  return {
    picks: sharedPicks,
    pairs,
    champion: championOf(sharedPicks, pairs),
    mvp: bet.mvpPlayerId
      ? { playerId: bet.mvpPlayerId, name: mvpNames[0]?.name ?? '', mark: outlook.mvpMark }
      : null,
    correct: outlook.correct,
    total: outlook.total,
    maxPossible: outlook.maxPossible,
  }
}

function championOf(picks: readonly SharedPick[], pairs: readonly Pair[]) {
  const final = picks.find((pick) => pick.round === 'final')
  if (!final) return null
  const pair = pairs.find((candidate) => candidate.id === final.predictedWinnerId)
  const name = pair ? `${pair.player1.name} / ${pair.player2.name}` : ''
  return { teamId: final.predictedWinnerId, name, mark: final.mark }
}
