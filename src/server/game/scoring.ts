// A tournament's scoring and its settlement (docs/product.md "Money"): the scoring inputs, the
// tournament and settlement rows, the tier counts and the prize summary. Settlement writes with
// them; standings, leagues, seasons, pots, insight and the result notices read with them.
import { and, eq, getTableColumns, sql } from 'drizzle-orm'
import type { Round } from '#domain/bracket/bracket'
import { summarizePayouts, type TierCounts } from '#domain/prize/payouts'
import { NO_TIER, TIER_KEYS, tierFor, type TierConfig, type TierKey } from '#domain/prize/tiers'
import type { MatchResult } from '#domain/scoring/scoring'
import { settlementProblems } from '#domain/tournament/settlement'
import type { SettlementStage } from '#domain/tournament/tournament'
import type { SettlementResult } from '#shared/schemas/admin'
import type { Contest } from '#shared/schemas/contest'
import {
  bets,
  matches,
  tournamentSettlements,
  tournaments,
  type StoredPrizePoolConfig,
} from '#server/db/schema'
import { AppError } from '#server/errors'
import { tiersOf } from './tournament-figures'
import { betCodesLateralSql, correctPicksSql, loadSqlScoring } from './scoring-sql'
import { matchResultColumns } from '#server/db/match-results'
import { rowsOf, type Executor } from '#server/db/client'

export type TournamentRow = typeof tournaments.$inferSelect

export interface Scoring {
  results: MatchResult[]
  tiers: TierConfig[]
  mvpPlayerId: string | null
  /** The first round the contest's bets predict (docs/product.md "Second chance"): the rest is not scored. */
  firstRound: Round
}

/** The first round each contest predicts: the second chance starts at the quarterfinals. */
export function firstRoundOf(contest: Contest): Round {
  return contest === 'second_chance' ? 'quarterfinal' : 'round16'
}

export function tierConfigsOf(config: StoredPrizePoolConfig | null | undefined): TierConfig[] {
  const record = tiersOf(config)
  return TIER_KEYS.flatMap((key) => {
    const tier = record[key]
    return tier
      ? [
          {
            key,
            minAccuracy: tier.min_accuracy,
            prizePercentage: tier.prize_percentage,
            description: tier.description,
          },
        ]
      : []
  })
}

export async function loadScoring(
  tx: Executor,
  tournament: TournamentRow,
  contest: Contest = 'main',
): Promise<Scoring> {
  const results = await tx
    .select(matchResultColumns)
    .from(matches)
    .where(eq(matches.tournamentId, tournament.id))
  return {
    results,
    // Both contests pay by the tiers of the tournament's prize configuration.
    tiers: tierConfigsOf(tournament.prizePoolConfig),
    mvpPlayerId: tournament.mvpPlayerId,
    firstRound: firstRoundOf(contest),
  }
}

/**
 * 'update' for whatever changes the tournament or starts its settlement; a chunk takes 'share',
 * which holds off those changes (and a cancel) but not the chunks of other lanes or bets.
 */
export async function lockTournament(
  tx: Executor,
  id: string,
  strength: 'update' | 'share' = 'update',
): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for(strength)
  if (!row) throw new AppError('NOT_FOUND', 'Tournament not found.')
  return row
}

// The lanes' cursors are read and written in SQL only: their microseconds must survive (a
// JavaScript Date keeps milliseconds) and a done lane's cursor is 'infinity'.
const {
  laneCursorCreatedAt: _cursorCreatedAt,
  laneCursorBetId: _cursorBetId,
  laneEndCreatedAt: _endCreatedAt,
  laneEndBetId: _endBetId,
  ...settlementColumns
} = getTableColumns(tournamentSettlements)

export type SettlementRow = Omit<
  typeof tournamentSettlements.$inferSelect,
  'laneCursorCreatedAt' | 'laneCursorBetId' | 'laneEndCreatedAt' | 'laneEndBetId'
>

export async function findSettlement(
  tx: Executor,
  tournamentId: string,
  contest: Contest = 'main',
): Promise<SettlementRow | undefined> {
  const [row] = await tx
    .select(settlementColumns)
    .from(tournamentSettlements)
    .where(
      and(
        eq(tournamentSettlements.tournamentId, tournamentId),
        eq(tournamentSettlements.contest, contest),
      ),
    )
  return row
}

/**
 * Bets that are not refunded: only cancelling refunds, every bet of the tournament at once, so a
 * cancelled tournament has none and any other counts all (from bets_tournament_live_idx alone).
 */
export async function countParticipants(
  tx: Executor,
  tournament: TournamentRow,
  contest: Contest = 'main',
): Promise<number> {
  if (tournament.status === 'cancelled') return 0
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bets)
    .where(and(eq(bets.tournamentId, tournament.id), eq(bets.contest, contest)))
  return row?.n ?? 0
}

/** Winners per tier over every active bet: one grouped query, tiers from the domain. */
export async function countTiers(
  tx: Executor,
  tournamentId: string,
  scoring: Scoring,
  contest: Contest = 'main',
) {
  const sqlScoring = await loadSqlScoring(
    tx,
    scoring.results,
    scoring.mvpPlayerId,
    scoring.firstRound,
  )
  // One pass over every bet: seconds at a million bets, more on a busy machine, so it may take
  // longer than the pool's statement timeout. It holds no wallet lock meanwhile.
  await tx.execute(sql`set local statement_timeout = '5min'`)
  const answer = rowsOf<{ correct: number; bets: number }>(
    await tx.execute(sql`
    select ${correctPicksSql(sqlScoring, sql`codes.pick_codes`)} as correct,
           count(*)::integer as bets
      from bets b cross join ${betCodesLateralSql}
     where b.tournament_id = ${tournamentId}::uuid and b.contest = ${contest}::contest
       and b.status = 'active'
     group by 1`),
  )
  const counts: Partial<Record<TierKey, number>> = {}
  for (const row of answer) {
    const tier = tierFor(row.correct, sqlScoring.total, scoring.tiers)
    if (tier !== NO_TIER) counts[tier] = (counts[tier] ?? 0) + row.bets
  }
  return counts
}

export function problemsOf(tournament: TournamentRow, scoring: Scoring) {
  return settlementProblems({
    status: tournament.status,
    matches: scoring.results,
    mvpPlayerId: tournament.mvpPlayerId,
  })
}

export function winnersOf(pool: number, counts: TierCounts, tiers: TierConfig[]) {
  const summary = summarizePayouts(pool, counts, tiers)
  const totalWinners = summary.tiers.reduce(
    (sum, row) => sum + (row.prizeEach > 0 ? row.winners : 0),
    0,
  )
  return { summary, totalWinners }
}

export function toSettlementResult(row: SettlementRow): SettlementResult {
  return {
    tournamentId: row.tournamentId,
    state: row.state,
    prizePool: row.prizePool,
    participantCount: row.participantCount,
    totalWinners: row.totalWinners,
    totalPaid: row.totalPaid,
    tierCounts: row.tierCounts,
    processedAt: row.processedAt ? row.processedAt.toISOString() : null,
  }
}

/** The domain's stage of a settlement row (none: not started). */
export function settlementStageOf(
  row: { state: 'in_progress' | 'completed' | 'cancelled'; stoppedAt: Date | null } | null,
): SettlementStage {
  if (!row) return 'not_started'
  if (row.state === 'in_progress' && row.stoppedAt !== null) return 'stopped'
  return row.state
}
