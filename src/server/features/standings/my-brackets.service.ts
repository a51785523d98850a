// "My brackets": every bracket of the signed-in fan with its live place (docs/product.md,
// Standings), the main ones and the second chance's (§19), each ranked in its own contest. One
// query: each bet with its tournament's build, which scores and ranks it (build-scoring.ts); the
// entries of a contest still taking them are counted from the bets' index. A settled bracket
// brings its outcome: the prize its ledger row paid and the tier written on that row.
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { NO_TIER } from '#domain/prize/tiers'
import { isBettingOpen } from '#domain/tournament/tournament'
import type { BetStatus } from '#shared/schemas/tournament'
import type { MyBracket, MyBrackets } from '#shared/schemas/standings'
import type { Database } from '#server/db/client'
import { bets, standingsBuilds, tournaments, walletTransactions } from '#server/db/schema'
import { prizeTierOf } from '#server/ledger/prize-tier'
import { secondChanceEntries } from '#server/game/second-chance-config'
import { betCodesTextSql, buildRanking, type BuildRanking } from '#server/game/build-scoring'

// The alias the shared bet-codes SQL names.
const b = alias(bets, 'b')

export async function listMyBrackets(
  db: Database,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<MyBrackets> {
  const rows = await db
    .select({
      tournamentId: b.tournamentId,
      contest: b.contest,
      tournamentName: tournaments.name,
      tournamentStatus: tournaments.status,
      bettingDeadline: tournaments.bettingDeadline,
      status: b.status,
      placedAt: b.createdAt,
      codes: betCodesTextSql,
      finalTotalGames: b.finalTotalGames,
      scoring: standingsBuilds.scoring,
      levels: standingsBuilds.levels,
      prize: walletTransactions.amount,
      prizeDescription: walletTransactions.description,
      // The build counts the main brackets it ranked; a second chance's are counted (a few
      // hundred rows of one tournament, through the bets' index).
      entries: sql<number>`coalesce(
        case when ${b.contest} = 'main' then ${standingsBuilds.entries} end, (
        select count(*) from ${bets} entry
        where entry.tournament_id = ${b.tournamentId} and entry.contest = ${b.contest}
          and entry.status <> 'refunded'))`.mapWith(Number),
    })
    .from(b)
    .innerJoin(tournaments, eq(tournaments.id, b.tournamentId))
    .leftJoin(standingsBuilds, eq(standingsBuilds.tournamentId, b.tournamentId))
    // At most one prize row per bet (wallet_transactions_one_per_bet_and_type).
    .leftJoin(
      walletTransactions,
      and(eq(walletTransactions.relatedBetId, b.id), eq(walletTransactions.type, 'bet_won')),
    )
    .where(eq(b.userId, userId))
    // A tournament's main bracket first, its second chance right after it.
    .orderBy(desc(tournaments.startDate), asc(b.contest), desc(b.createdAt))
  // A tournament's two contests share one build: its ranking made once.
  const built = new Map<string, BuildRanking>()
  const rankings = (tournamentId: string, ...build: Parameters<typeof buildRanking>) => {
    let ranking = built.get(tournamentId)
    if (!ranking) built.set(tournamentId, (ranking = buildRanking(...build)))
    return ranking
  }
  // A fan has a second chance on a handful of tournaments: one look each at whether it closed.
  const closedSecondChances = new Set<string>()
  for (const row of rows) {
    if (row.contest !== 'second_chance') continue
    const state = await secondChanceEntries(db, row.tournamentId, row.tournamentStatus, now)
    if (state === 'closed') closedSecondChances.add(row.tournamentId)
  }
  return {
    brackets: rows.map(({ bettingDeadline, placedAt, codes, finalTotalGames, ...row }) => {
      const { tournamentStatus, scoring, levels, prize, prizeDescription, ...shown } = row
      const ranking = scoring && levels ? rankings(row.tournamentId, scoring, levels) : null
      const standing = ranking?.standingOf({ contest: row.contest, codes, finalTotalGames })
      // Betting open again (a deadline moved back) hides what an earlier build ranked; a second
      // chance ranks nobody while it takes entries.
      const isContestClosed =
        row.contest === 'main'
          ? !isBettingOpen(tournamentStatus, bettingDeadline, now)
          : closedSecondChances.has(row.tournamentId)
      const isOpen = isContestClosed && standing != null
      return {
        ...shown,
        tournamentStatus,
        placedAt: placedAt.toISOString(),
        rank: isOpen ? standing.rank : null,
        correct: isOpen ? standing.correct : null,
        maxPossible: isOpen ? standing.maxPossible : null,
        outcome: outcomeOf(row.status, prize, prizeDescription),
      }
    }),
  }
}

/**
 * What a settled bracket came to, as the ledger recorded it: a won bet has its one prize row, whose
 * text names the tier it was paid at; a lost one has none (a loss moves no coins, decision 078),
 * so no prize and no tier, as its settlement notice says.
 */
function outcomeOf(
  status: BetStatus,
  prize: number | null,
  description: string | null,
): MyBracket['outcome'] {
  if (status === 'lost') return { prize: 0, tier: NO_TIER }
  if (status !== 'won') return null
  const tier = description === null ? null : prizeTierOf('bet_won', description)
  return { prize: prize ?? 0, tier: tier ?? NO_TIER }
}
