// Any one bet's standings row from its tournament's build (docs/decisions/093): the build keeps
// what it scored with (winning and busted pick codes, undecided matches, the MVP, the final's
// games) and each (correct, distance) level's rank, so a fan's own row, a league's members and
// "my brackets" are scored here exactly as the rebuild scored every bracket in SQL
// (standings-rebuild.ts), without a stored row per bracket.
import { eq, sql, type SQL } from 'drizzle-orm'
import type { Contest } from '../../../shared/schemas/contest'
import type { Database } from '../../db/client'
import { standingsBuilds, type StoredBuildLevels, type StoredBuildScoring } from '../../db/schema'
import { betCodesSql } from '../settlement/settlement-scoring'

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

export interface BuildRanking {
  /** The bet's row as the build ranked it; null for a bet the build did not rank. */
  standingOf(bet: ScorableBet): BetStanding | null
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
  return {
    standingOf(bet) {
      const codes = new Set(bet.codes)
      const count = (wanted: readonly string[]) => wanted.filter((code) => codes.has(code)).length
      const correct = count(scoring.winning)
      const stillOpen = scoring.undecided[bet.contest] - count(scoring.busted) + scoring.mvpOpen
      const tiebreakerDistance =
        scoring.finalTotal === null || bet.finalTotalGames === null
          ? null
          : Math.abs(bet.finalTotalGames - scoring.finalTotal)
      const rank = ranks.get(levelKey(bet.contest, correct, tiebreakerDistance))
      if (rank === undefined) return null
      return { rank, correct, maxPossible: correct + stillOpen, tiebreakerDistance }
    },
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
