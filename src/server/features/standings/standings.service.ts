// Reading the standings (docs/product.md §14): a page of the stored rows and the caller's
// own row, each one indexed read; tiers and accuracy from the domain's rules. Before the deadline
// only the number of entries. The rows are rebuilt by standings-rebuild.ts.
import { and, asc, count, eq, gt, lte, ne, sql } from 'drizzle-orm'
import { indexBracket } from '../../../domain/bracket/bracket'
import { tierFor, type TierConfig } from '../../../domain/prize/tiers'
import { toAccuracyPercent } from '../../../domain/scoring/scoring'
import { isBettingOpen } from '../../../domain/tournament/tournament'
import type { Standings, StandingsQuery, StandingsRow } from '../../../shared/schemas/standings'
import type { Database } from '../../db/client'
import { bets, bracketStandings, standingsBuilds, tournaments, user } from '../../db/schema'
import { AppError } from '../../errors'
import { usernameSql } from '../leaderboard/leaderboard.service'
import { loadScoring } from '../settlement/settlement-shared'
import { isUuid } from '../tournaments/tournament-figures'
import { rebuildStandings, resultsDigestSql } from './standings-rebuild'

// Databases whose standings a background refresher keeps fresh (standings-refresher.ts).
const refreshedInBackground = new WeakSet<Database>()

/**
 * With a refresher running, a read never waits for a rebuild (seconds at a million brackets)
 * unless the tournament has no standings at all yet; without one (tests, scripts) a read rebuilds
 * stale standings itself.
 */
export function setStandingsRefreshedInBackground(db: Database, isRefreshed: boolean): void {
  if (isRefreshed) refreshedInBackground.add(db)
  else refreshedInBackground.delete(db)
}

export interface StandingsOptions extends StandingsQuery {
  userId: string | null
  now?: Date
}

const rowColumns = {
  rank: bracketStandings.rankPosition,
  username: usernameSql,
  correct: bracketStandings.correct,
  maxPossible: bracketStandings.maxPossible,
  tiebreakerDistance: bracketStandings.tiebreakerDistance,
  userId: bets.userId,
}

interface StoredRow {
  rank: number
  username: string
  correct: number
  maxPossible: number
  tiebreakerDistance: number | null
  userId: string
}

export async function getStandings(
  db: Database,
  tournamentId: string,
  { userId, page, pageSize, leagueId, now = new Date() }: StandingsOptions,
): Promise<Standings> {
  const tournament = isUuid(tournamentId)
    ? (await db.select().from(tournaments).where(eq(tournaments.id, tournamentId)))[0]
    : undefined
  if (!tournament) throw new AppError('NOT_FOUND', 'Tournament not found.')
  // Leagues (docs/product.md §14) will rank within their members here; none exists yet.
  if (leagueId !== undefined) throw new AppError('NOT_FOUND', 'League not found.')

  const { results, tiers } = await loadScoring(db, tournament)
  const total = indexBracket(results).playable.length + 1
  const closed = { tournamentId, total, page, pageSize, rows: [], me: null, builtAt: null }
  // Open once no bet can come any more: the deadline passed, or play started before it.
  if (isBettingOpen(tournament.status, tournament.bettingDeadline, now)) {
    const [entries] = await db
      .select({ entries: count() })
      .from(bets)
      .where(
        and(
          eq(bets.tournamentId, tournamentId),
          eq(bets.contest, 'main'),
          ne(bets.status, 'refunded'),
        ),
      )
    return { ...closed, isOpen: false, entries: entries?.entries ?? 0 }
  }

  const build = await freshBuild(db, tournamentId)
  const first = (page - 1) * pageSize
  const storedRows = await db
    .select(rowColumns)
    .from(bracketStandings)
    .innerJoin(bets, eq(bets.id, bracketStandings.betId))
    .innerJoin(user, eq(user.id, bets.userId))
    .where(
      and(
        eq(bracketStandings.tournamentId, tournamentId),
        gt(bracketStandings.position, first),
        lte(bracketStandings.position, first + pageSize),
      ),
    )
    .orderBy(asc(bracketStandings.position))
  const [myRow] = userId
    ? await db
        .select(rowColumns)
        .from(bets)
        .innerJoin(bracketStandings, eq(bracketStandings.betId, bets.id))
        .innerJoin(user, eq(user.id, bets.userId))
        .where(
          and(
            eq(bets.tournamentId, tournamentId),
            eq(bets.userId, userId),
            eq(bets.contest, 'main'),
          ),
        )
    : []
  const toRow = (row: StoredRow) => standingsRow(row, { total, tiers, userId })
  return {
    ...closed,
    isOpen: true,
    entries: build.entries,
    rows: storedRows.map(toRow),
    me: myRow ? toRow(myRow) : null,
    builtAt: build.builtAt.toISOString(),
  }
}

/** The tournament's build, rebuilt first when missing (or stale with nobody refreshing it). */
async function freshBuild(db: Database, tournamentId: string) {
  // With a refresher running only a missing build matters: the digest is not even computed.
  const inBackground = refreshedInBackground.has(db)
  const readBuild = async () =>
    (
      await db
        .select({
          entries: standingsBuilds.entries,
          builtAt: standingsBuilds.builtAt,
          isFresh: inBackground
            ? sql<boolean>`true`
            : sql<boolean>`${standingsBuilds.resultsDigest} = ${resultsDigestSql(tournamentId)}`,
        })
        .from(standingsBuilds)
        .where(eq(standingsBuilds.tournamentId, tournamentId))
    )[0]
  const build = await readBuild()
  if (build?.isFresh) return build
  await rebuildStandings(db, tournamentId)
  // Another process may have held the rebuild; its build is then there, or comes shortly.
  return (await readBuild()) ?? { entries: 0, builtAt: new Date(), isFresh: false }
}

function standingsRow(
  row: StoredRow,
  { total, tiers, userId }: { total: number; tiers: readonly TierConfig[]; userId: string | null },
): StandingsRow {
  const correct = Math.min(row.correct, total)
  const maxPossible = Math.min(row.maxPossible, total)
  return {
    rank: row.rank,
    username: row.username,
    correct,
    maxPossible,
    accuracy: toAccuracyPercent(correct, total),
    tiebreakerDistance: row.tiebreakerDistance,
    tierNow: tierFor(correct, total, tiers),
    bestTier: tierFor(maxPossible, total, tiers),
    isMe: row.userId === userId,
  }
}
