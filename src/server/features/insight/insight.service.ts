// The insight for one's own bracket (docs/product.md "Insight for my bracket", decision 098): where it stands, the most
// it can still reach and its prize, and the chance of each tier. The rules are the domain's
// (bracketOutlook, tierChances: exact enumeration of the matches still to play); this file loads
// the inputs in four small reads and shapes the answer.
import { and, eq, sql } from 'drizzle-orm'
import { indexBracket, picksFromEntries } from '#domain/bracket/bracket'
import { tierPrize } from '#domain/prize/payouts'
import { NO_TIER, type TierConfig, type TierResult } from '#domain/prize/tiers'
import { bracketOutlook } from '#domain/scoring/outlook'
import { tierChances } from '#domain/scoring/tier-chances'
import type { MyInsight, MyInsightQuery } from '#shared/schemas/insight'
import type { Database } from '#server/db/client'
import { bets, teams, tournaments } from '#server/db/schema'
import { AppError } from '#server/errors'
import { loadScoring } from '#server/game/scoring'
import { isUuid } from '#server/game/ids'
import { poolFigures } from '#server/game/tournament-figures'

const NO_BET = 'No bracket of yours on this tournament.'

/**
 * GET /api/tournaments/:id/my-insight. 404 NOT_FOUND for an unknown tournament and when the fan
 * has no bracket in play on it (none, or refunded by a cancellation): the same answer, so it says
 * nothing about other fans.
 */
export async function getMyInsight(
  db: Database,
  { userId, tournamentId, contest }: { userId: string; tournamentId: string } & MyInsightQuery,
): Promise<MyInsight> {
  if (!isUuid(tournamentId)) throw new AppError('NOT_FOUND', NO_BET)
  const [bet] = await db
    .select({ status: bets.status, picks: bets.picks, mvpPlayerId: bets.mvpPlayerId })
    .from(bets)
    .where(
      and(eq(bets.tournamentId, tournamentId), eq(bets.userId, userId), eq(bets.contest, 'main')),
    )
  if (!bet || bet.status === 'refunded') throw new AppError('NOT_FOUND', NO_BET)

  const [tournament] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId))
  if (!tournament) throw new AppError('NOT_FOUND', NO_BET)
  const [scoring, pairs, [entries]] = await Promise.all([
    loadScoring(db, tournament),
    db
      .select({
        id: teams.id,
        player1Id: teams.player1Id,
        player2Id: teams.player2Id,
        ranking: teams.ranking,
      })
      .from(teams)
      .where(eq(teams.tournamentId, tournamentId)),
    // Every bet of a tournament that is not cancelled is a participant (decision 041).
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(bets)
      .where(and(eq(bets.tournamentId, tournamentId), eq(bets.contest, 'main'))),
  ])

  const picks = picksFromEntries(
    (bet.picks ?? []).map((pick) => ({
      matchId: pick.match_id,
      winnerTeamId: pick.predicted_winner_id,
    })),
  )
  const mvp = { pick: bet.mvpPlayerId, actual: scoring.mvpPlayerId }
  const outlook = bracketOutlook(picks, scoring.results, mvp, scoring.tiers)
  const chances = tierChances({
    picks,
    results: scoring.results,
    teams: pairs,
    mvp,
    tiers: scoring.tiers,
  })
  const pool = poolFigures(tournament.prizePoolConfig, entries?.n ?? 0).currentPrizePool
  const { playable } = indexBracket(scoring.results)

  return {
    contest,
    correct: outlook.correct,
    total: outlook.total,
    maxPossible: outlook.maxPossible,
    tierNow: outlook.tierNow,
    bestReachableTier: outlook.bestReachableTier,
    pool,
    maxCoins: prizeOf(outlook.bestReachableTier, pool, scoring.tiers),
    chances: tierOrder(scoring.tiers).map((tier) => ({
      tier,
      probability: clampProbability(chances[tier]),
    })),
    isDecided:
      scoring.mvpPlayerId !== null && playable.every((match) => match.winnerTeamId !== null),
  }
}

/** One winner's prize in that tier at this pool, before any scale-down (docs/product.md "Money"). */
function prizeOf(tier: TierResult, pool: number, tiers: readonly TierConfig[]): number {
  const config = tiers.find((candidate) => candidate.key === tier)
  return config ? tierPrize(pool, config.prizePercentage) : 0
}

/** The configured tiers, best first, then no tier. */
function tierOrder(tiers: readonly TierConfig[]): TierResult[] {
  const keys: TierResult[] = [...tiers]
    .sort((a, b) => b.minAccuracy - a.minAccuracy)
    .map((tier) => tier.key)
  return [...keys, NO_TIER]
}

/** Sums of floating-point products can land a hair outside 0–1. */
function clampProbability(value: number): number {
  return Math.min(1, Math.max(0, value))
}
