// Any one bet's standings row from its tournament's build (docs/decisions/093): the build keeps
// what it scored with (winning and busted pick codes, undecided matches, the MVP, the final's
// games) and each (correct, distance) level's rank, so any bet is scored exactly as the rebuild
// scored every bracket (standings-rebuild.ts), without a stored row per bracket: counted in the
// database for a page and a fan's own row (`countedPicksSql`), or from its codes in the process
// for a league's members, "my brackets" and the season table, which read many bets or tournaments.
import { eq, sql, type SQL } from 'drizzle-orm'
import type { Contest } from '#shared/schemas/contest'
import type { Database } from '#server/db/client'
import { standingsBuilds, type StoredBuildLevels, type StoredBuildScoring } from '#server/db/schema'
import { betCodesSql } from './scoring-sql'

export interface BetStanding {
  rank: number
  correct: number
  maxPossible: number
  tiebreakerDistance: number | null
}

export interface ScorableBet {
  contest: Contest
  /** The bet's pick codes (bigints as text), as `betCodesTextSql` reads them. */
  codes: readonly string[]
  finalTotalGames: number | null
}

/** A bet's picks found among the build's winning and busted codes, counted by `countedPicksSql`. */
export interface CountedBet {
  contest: Contest
  correct: number
  busted: number
  finalTotalGames: number | null
}

export interface BuildRanking {
  /** The bet's row as the build ranked it; null for a bet the build did not rank. */
  standingOf(bet: ScorableBet): BetStanding | null
  /** The same from counts the database made (`countedPicksSql`): no codes read into the process. */
  standingOfCounted(bet: CountedBet): BetStanding | null
  /** The build's codes, the values of `countedPicksSql`'s placeholders. */
  readonly codes: { winning: readonly string[]; busted: readonly string[] }
}

/**
 * `correct` and `busted` of the bet `b` (its codes as `codes.pick_codes`): its codes found among
 * the placeholders `winning` and `busted` (`BuildRanking.codes`). Parameters rather than literals
 * keep the statement's text the same for every build, so it is prepared once per connection.
 */
export const countedPicksSql = {
  correct: sql<number>`(select count(*)::integer from unnest(codes.pick_codes) as code
    where code = any(${sql.placeholder('winning')}::bigint[]))`,
  busted: sql<number>`(select count(*)::integer from unnest(codes.pick_codes) as code
    where code = any(${sql.placeholder('busted')}::bigint[]))`,
}

/** The codes of the bet `b` as text: what `ScorableBet.codes` holds. */
export const betCodesTextSql: SQL<string[]> = sql<string[]>`(${betCodesSql})::text[]`

export function buildRanking(scoring: StoredBuildScoring, levels: StoredBuildLevels): BuildRanking {
  const ranks = new Map<string, number>()
  for (const [contest, contestLevels] of Object.entries(levels)) {
    for (const [correct, distance, rank] of contestLevels) {
      ranks.set(levelKey(contest, correct, distance), rank)
    }
  }
  const standingOfCounted = ({ contest, correct, busted, finalTotalGames }: CountedBet) => {
    const stillOpen = scoring.undecided[contest] - busted + scoring.mvpOpen
    const tiebreakerDistance =
      scoring.finalTotal === null || finalTotalGames === null
        ? null
        : Math.abs(finalTotalGames - scoring.finalTotal)
    const rank = ranks.get(levelKey(contest, correct, tiebreakerDistance))
    if (rank === undefined) return null
    return { rank, correct, maxPossible: correct + stillOpen, tiebreakerDistance }
  }
  return {
    standingOf(bet) {
      const held = new Set(bet.codes)
      const count = (wanted: readonly string[]) => wanted.filter((code) => held.has(code)).length
      const { contest, finalTotalGames } = bet
      const counted = { correct: count(scoring.winning), busted: count(scoring.busted) }
      return standingOfCounted({ contest, finalTotalGames, ...counted })
    },
    standingOfCounted,
    codes: { winning: scoring.winning, busted: scoring.busted },
  }
}

function levelKey(contest: string, correct: number, distance: number | null): string {
  return `${contest}|${correct}|${distance ?? ''}`
}

/** The tournament's latest build as a ranking; null before its first build. */
export async function readBuildRanking(
  db: Database,
  tournamentId: string,
): Promise<BuildRanking | null> {
  const [build] = await db
    .select({ scoring: standingsBuilds.scoring, levels: standingsBuilds.levels })
    .from(standingsBuilds)
    .where(eq(standingsBuilds.tournamentId, tournamentId))
  return build ? buildRanking(build.scoring, build.levels) : null
}
