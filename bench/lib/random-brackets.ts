// Brackets for bulk bets (bench/lib/bulk-data.ts): random but valid, the same on every run.
import { picksFromEntries, predictedMatchups } from '#domain/bracket/bracket'
import { completeBracket } from '#tests/game-factories'
import type { StoredBracket } from './bulk-data'

/** Random valid brackets (a fixed seed: the same every run) as place_bet stores them. */
export function randomBrackets(
  bracket: Parameters<typeof completeBracket>[0],
  count: number,
): StoredBracket[] {
  let seed = 0x5eed
  const random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return Array.from({ length: count }, (_, variant) => {
    // Coin flips, as a fan without a clue would pick; variant 0 is the actual result (playOut:
    // team 1 always wins), so some bets win the top tier.
    const { picks, mvpPlayerId } = completeBracket(bracket, (match) =>
      variant === 0 || random() < 0.5 ? match.team1Id : match.team2Id,
    )
    // As the bets service stores them: the pairs the user's own picks put into each match.
    const stored = predictedMatchups(bracket.matches, picksFromEntries(picks)).map((match) => ({
      match_id: match.matchId,
      team1_id: match.team1Id ?? '',
      team2_id: match.team2Id ?? '',
      predicted_winner_id: match.winnerTeamId ?? '',
    }))
    return { picksJson: JSON.stringify(stored), mvpPlayerId }
  })
}
