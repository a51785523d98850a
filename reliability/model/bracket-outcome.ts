// A whole bracket from 16 bits: bit i picks team 2 (else team 1) in the i-th match of the
// bracket's order, the 16th picks the champion's second player as MVP. The same bits serve as a
// bet's picks and as the tournament's results, so a bet can be aimed near the results by
// flipping a few bits.
import { eq, sql } from 'drizzle-orm'
import { picksFromEntries, predictedMatchups, type Picks } from '#domain/bracket/bracket'
import type { MatchResult } from '#domain/scoring/scoring'
import type { PickInput } from '#shared/schemas/bet'
import type { Database } from '#server/db/client'
import { tournaments } from '#server/db/schema'
import { completeBracket, type BracketTournament } from '#tests/game-factories'

export const OUTCOME_BITS = 16
const MVP_BIT = 15

export interface BracketOutcome {
  picks: PickInput[]
  picksByMatch: Picks
  mvpPlayerId: string
  /** Every match with the pair the outcome puts there and its winner. */
  results: MatchResult[]
}

export function bracketOutcome(bracket: BracketTournament, bits: number): BracketOutcome {
  const isSet = (bit: number) => ((bits >> bit) & 1) === 1
  const { picks, championId } = completeBracket(bracket, (match) => {
    const index = bracket.matches.findIndex((row) => row.id === match.matchId)
    return isSet(index) ? match.team2Id : match.team1Id
  })
  const champion = bracket.teams.find((team) => team.id === championId)!
  const picksByMatch = picksFromEntries(picks)
  const results = predictedMatchups(bracket.matches, picksByMatch).map((match) => ({
    id: match.matchId,
    round: match.round,
    matchNumber: match.matchNumber,
    team1Id: match.team1Id,
    team2Id: match.team2Id,
    winnerTeamId: picksByMatch[match.matchId] ?? null,
  }))
  return {
    picks,
    picksByMatch,
    mvpPlayerId: isSet(MVP_BIT) ? champion.player2Id : champion.player1Id,
    results,
  }
}

/** Writes the outcome as the tournament's results (one statement) and completes it with its MVP. */
export async function recordResults(
  db: Database,
  tournamentId: string,
  outcome: BracketOutcome,
): Promise<void> {
  const rows = sql.join(
    outcome.results.map(
      (match) =>
        sql`(${match.id}::uuid, ${match.team1Id}::uuid, ${match.team2Id}::uuid, ${match.winnerTeamId}::uuid)`,
    ),
    sql`, `,
  )
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update matches m set team1_id = r.team1, team2_id = r.team2, winner_team_id = r.winner
        from (values ${rows}) as r(id, team1, team2, winner)
       where m.id = r.id`)
    await tx
      .update(tournaments)
      .set({ status: 'completed', mvpPlayerId: outcome.mvpPlayerId })
      .where(eq(tournaments.id, tournamentId))
  })
}
