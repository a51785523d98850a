// Scoring every bet of a tournament set-based in SQL (docs/decisions/061). A bet's correct picks
// are its bets.pick_codes (place_bet writes them: pick_codes_of, drizzle/0008) found among the
// codes of the playable matches with their actual winners and of the actual MVP: the domain's
// scoreBracket, without reading a million jsonb predictions. The tier and the prize of each
// possible number of correct picks still come from the domain (tierFor, summarizePayouts).
import { sql, type SQL } from 'drizzle-orm'
import { indexBracket, type Round } from '#domain/bracket/bracket'
import { NO_TIER, tierFor, type TierConfig, type TierResult } from '#domain/prize/tiers'
import type { MatchResult } from '#domain/scoring/scoring'
import { rowsOf, type Executor } from '#server/db/client'

export interface SqlScoring {
  /** The codes a pick must have to be correct, as bigint literals (at most 16). */
  winningCodes: string[]
  /** Playable matches + 1 for the MVP: the domain's BracketScore.total. */
  total: number
}

/** The winning codes of the tournament's results, made by the database's own pick_code. */
export async function loadSqlScoring(
  tx: Executor,
  results: readonly MatchResult[],
  mvpPlayerId: string | null,
  /** The first round a bet predicts: quarterfinal for the second chance (docs/product.md "Second chance"). */
  firstRound: Round = 'round16',
): Promise<SqlScoring> {
  const { playable } = indexBracket(results, { firstRound })
  const winners = playable.flatMap((match) =>
    match.winnerTeamId === null
      ? []
      : [sql`(pick_code(${match.id}::text, ${match.winnerTeamId}::text))`],
  )
  const mvp = sql`(mvp_pick_code(${mvpPlayerId}::text))`
  // Text keeps all 64 bits.
  const answer = rowsOf<{ code: string }>(
    await tx.execute(
      sql`select code::text from (values ${sql.join([...winners, mvp], sql`, `)}) as winning(code)
         where code is not null`,
    ),
  )
  return { winningCodes: answer.map((row) => row.code), total: playable.length + 1 }
}

/**
 * The number of correct picks of a bet whose codes are `pickCodes` (a bigint[] column): one test
 * per winning code, summed in the row itself — no subquery per bet, which cost three times as
 * much at a million bets. A bet's codes are distinct per match, so no pick is counted twice.
 */
export function correctPicksSql(scoring: SqlScoring, pickCodes: SQL): SQL<number> {
  if (scoring.winningCodes.length === 0) return sql<number>`0`
  const tests = scoring.winningCodes.map(
    (code) => sql`(${sql.raw(`${BigInt(code)}::bigint`)} = any(${pickCodes}))::integer`,
  )
  return sql<number>`(${sql.join(tests, sql` + `)})`
}

/**
 * The codes of the bet `b`: its own, or for a bet written without place_bet (none of the app's
 * paths) those of its stored picks (decision 081).
 */
export const betCodesSql = sql`coalesce(b.pick_codes, case when b.picks is not null
    then pick_codes_of(b.picks, b.mvp_player_id) end)`

/**
 * betCodesSql as a lateral subquery (`codes`). Offset 0 keeps it one subquery, so the fallback
 * runs once per bet, not once per winning code.
 */
export const betCodesLateralSql = sql`lateral (
  select ${betCodesSql} as pick_codes offset 0) as codes`

export interface PayoutByCorrect {
  tier: TierResult
  /** Coins paid to one bet with this many correct picks; 0 records a loss. */
  amount: number
}

/** Index = correct picks (0 … total): the domain's tier and that tier's prize for one winner. */
export function payoutsByCorrect(
  total: number,
  tiers: readonly TierConfig[],
  prizeOf: (tier: TierResult) => number,
): PayoutByCorrect[] {
  return Array.from({ length: total + 1 }, (_, correct) => {
    const tier = tierFor(correct, total, tiers)
    return { tier, amount: tier === NO_TIER ? 0 : prizeOf(tier) }
  })
}
