// "My brackets": every bracket of the signed-in fan with its live place (docs/product.md,
// Standings). One query: each bet with its standings row and its tournament's build; the
// entries of a tournament before its deadline are counted from the bets' index.
import { and, desc, eq, sql } from 'drizzle-orm'
import { isBettingOpen } from '../../../domain/tournament/tournament'
import type { MyBrackets } from '../../../shared/schemas/standings'
import type { Database } from '../../db/client'
import { bets, bracketStandings, standingsBuilds, tournaments } from '../../db/schema'

export async function listMyBrackets(
  db: Database,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<MyBrackets> {
  const rows = await db
    .select({
      tournamentId: bets.tournamentId,
      tournamentName: tournaments.name,
      tournamentStatus: tournaments.status,
      bettingDeadline: tournaments.bettingDeadline,
      status: bets.status,
      placedAt: bets.createdAt,
      rank: bracketStandings.rankPosition,
      correct: bracketStandings.correct,
      maxPossible: bracketStandings.maxPossible,
      entries: sql<number>`coalesce(${standingsBuilds.entries}, (
        select count(*) from ${bets} entry
        where entry.tournament_id = ${bets.tournamentId} and entry.contest = 'main'
          and entry.status <> 'refunded'))`.mapWith(Number),
    })
    .from(bets)
    .innerJoin(tournaments, eq(tournaments.id, bets.tournamentId))
    .leftJoin(bracketStandings, eq(bracketStandings.betId, bets.id))
    .leftJoin(standingsBuilds, eq(standingsBuilds.tournamentId, bets.tournamentId))
    .where(and(eq(bets.userId, userId), eq(bets.contest, 'main')))
    .orderBy(desc(tournaments.startDate), desc(bets.createdAt))
  return {
    brackets: rows.map(({ bettingDeadline, placedAt, rank, correct, maxPossible, ...row }) => {
      const { tournamentStatus } = row
      // Betting open again (a deadline moved back) hides what an earlier build ranked.
      const isOpen = !isBettingOpen(tournamentStatus, bettingDeadline, now) && rank !== null
      return {
        ...row,
        placedAt: placedAt.toISOString(),
        rank: isOpen ? rank : null,
        correct: isOpen ? correct : null,
        maxPossible: isOpen ? maxPossible : null,
      }
    }),
  }
}
