// Tournaments to bet on (16 pairs, 15 matches, betting open) and valid complete brackets for
// them, both as the wizard's request body and as the picks place_bet stores.
import { predictedMatchups, picksFromEntries } from '#domain/bracket/bracket'
import type { Database } from '#server/db/client'
import type { StoredPick } from '#server/db/schema'
import { defaultPrizePoolConfig } from '#tests/factories'
import { betBody, insertBracketTournament, type BracketTournament } from '#tests/game-factories'

export interface BenchTournament {
  id: string
  fee: number
  /** Several different valid brackets, so validation does not see one body over and over. */
  bodies: string[]
  /** The same brackets as place_bet's p_picks and p_mvp_player_id. */
  storedPicks: { picksJson: string; mvpPlayerId: string }[]
}

const BRACKET_VARIANTS = 16

export async function insertBenchTournament(db: Database, name: string): Promise<BenchTournament> {
  const bracket = await insertBracketTournament(db, {
    name,
    // Room for every benchmark user; the cap only shapes the displayed prize pool.
    prizePoolConfig: { ...defaultPrizePoolConfig, max_participants: 1_000_000 },
  })
  const bodies = Array.from({ length: BRACKET_VARIANTS }, (_, variant) =>
    betBody(bracket, (match) =>
      chooseWinner(match.team1Id, match.team2Id, variant, match.matchNumber),
    ),
  )
  return {
    id: bracket.tournament.id,
    fee: defaultPrizePoolConfig.entry_fee,
    bodies: bodies.map((body) => JSON.stringify(body)),
    storedPicks: bodies.map((body) => ({
      picksJson: JSON.stringify(toStoredPicks(bracket, body.picks)),
      mvpPlayerId: body.mvpPlayerId,
    })),
  }
}

// Bit `matchNumber` of the variant picks team 2 instead of team 1: 16 different brackets.
function chooseWinner(
  team1Id: string | null,
  team2Id: string | null,
  variant: number,
  matchNumber: number,
): string | null {
  return (variant >> (matchNumber % 4)) & 1 ? team2Id : team1Id
}

// As the bets service stores them: the pairs the user's own picks put into each match.
function toStoredPicks(
  bracket: BracketTournament,
  picks: { matchId: string; winnerTeamId: string }[],
): StoredPick[] {
  return predictedMatchups(bracket.matches, picksFromEntries(picks)).map((match) => ({
    match_id: match.matchId,
    team1_id: match.team1Id ?? '',
    team2_id: match.team2Id ?? '',
    predicted_winner_id: match.winnerTeamId ?? '',
  }))
}
