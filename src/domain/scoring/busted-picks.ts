// Which picks of undecided matches can no longer come true, listed per match so that the standings
// can count them set-based (one code per match and pair) instead of reading every bracket. For a
// valid bracket this is exactly where bracketOutlook (outlook.ts) marks a pick 'busted'.
import { indexBracket, roundIndex, type MatchId, type TeamId } from '#domain/bracket/bracket'
import type { MatchResult } from './scoring'
import { eliminatedTeams } from './outlook'

export interface BustedPicks {
  /** Playable matches without a winner yet. */
  undecided: number
  /** Per undecided match, the pairs a valid bracket may have picked there that cannot win it. */
  busted: { matchId: MatchId; teamIds: TeamId[] }[]
}

export function bustedPicks(results: readonly MatchResult[]): BustedPicks {
  const { playable, firstRound: openingRound } = indexBracket(results)
  const knockedOut = eliminatedTeams(playable)
  const firstRound = playable.filter((match) => match.round === openingRound)
  const undecided = playable.filter((match) => match.winnerTeamId === null)
  const busted = undecided.flatMap((match) => {
    // The pairs a valid bracket can send to this match: those of the first-round matches below it.
    const span = 2 ** (roundIndex(match.round) - roundIndex(openingRound))
    const first = (match.matchNumber - 1) * span + 1
    const candidates = firstRound
      .filter((row) => row.matchNumber >= first && row.matchNumber < first + span)
      .flatMap((row) => [row.team1Id, row.team2Id])
      .filter((team): team is TeamId => team !== null)
    const bothKnown = match.team1Id !== null && match.team2Id !== null
    const teamIds = candidates.filter((team) =>
      bothKnown ? team !== match.team1Id && team !== match.team2Id : knockedOut.has(team),
    )
    return teamIds.length === 0 ? [] : [{ matchId: match.id, teamIds }]
  })
  return { undecided: undecided.length, busted }
}
