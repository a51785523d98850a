// "My brackets": every bracket of the signed-in fan with its live place (docs/product.md,
// Standings), the main ones and the second chance's (§19), each ranked in its own contest. One
// query: each bet with its standings row and its tournament's build; the entries of a contest
// still taking them are counted from the bets' index.
import { asc, desc, eq, sql } from 'drizzle-orm'
import { isBettingOpen } from '../../../domain/tournament/tournament'
import type { MyBrackets } from '../../../shared/schemas/standings'
import type { Database } from '../../db/client'
import { bets, bracketStandings, standingsBuilds, tournaments } from '../../db/schema'
import { secondChanceEntries } from '../second-chance/second-chance-config'

export async function listMyBrackets(
  db: Database,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<MyBrackets> {
  const rows = await db
    .select({
      tournamentId: bets.tournamentId,
      contest: bets.contest,
      tournamentName: tournaments.name,
      tournamentStatus: tournaments.status,
      bettingDeadline: tournaments.bettingDeadline,
      status: bets.status,
      placedAt: bets.createdAt,
      rank: bracketStandings.rankPosition,
      correct: bracketStandings.correct,
      maxPossible: bracketStandings.maxPossible,
      // The build counts the main brackets it ranked; a second chance's are counted (a few
      // hundred rows of one tournament, through the bets' index).
      entries: sql<number>`coalesce(
        case when ${bets.contest} = 'main' then ${standingsBuilds.entries} end, (
        select count(*) from ${bets} entry
        where entry.tournament_id = ${bets.tournamentId} and entry.contest = ${bets.contest}
          and entry.status <> 'refunded'))`.mapWith(Number),
    })
    .from(bets)
    .innerJoin(tournaments, eq(tournaments.id, bets.tournamentId))
    .leftJoin(bracketStandings, eq(bracketStandings.betId, bets.id))
    .leftJoin(standingsBuilds, eq(standingsBuilds.tournamentId, bets.tournamentId))
    .where(eq(bets.userId, userId))
    // A tournament's main bracket first, its second chance right after it.
    .orderBy(desc(tournaments.startDate), asc(bets.contest), desc(bets.createdAt))
  // A fan has a second chance on a handful of tournaments: one look each at whether it closed.
  const closedSecondChances = new Set<string>()
  for (const row of rows) {
    if (row.contest !== 'second_chance') continue
    const state = await secondChanceEntries(db, row.tournamentId, row.tournamentStatus, now)
    if (state === 'closed') closedSecondChances.add(row.tournamentId)
  }
  return {
    brackets: rows.map(({ bettingDeadline, placedAt, rank, correct, maxPossible, ...row }) => {
      const { tournamentStatus } = row
      // Betting open again (a deadline moved back) hides what an earlier build ranked; a second
      // chance ranks nobody while it takes entries.
      const isContestClosed =
        row.contest === 'main'
          ? !isBettingOpen(tournamentStatus, bettingDeadline, now)
          : closedSecondChances.has(row.tournamentId)
      const isOpen = isContestClosed && rank !== null
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
