import type { PredictedMatch } from '#domain/bracket/bracket'
import type { PairsById } from '#web/lib/pair-names'
import { MatchPicker } from './match-picker'

interface RoundPicksProps {
  matches: readonly PredictedMatch[]
  pairs: PairsById
  onPick: (matchId: string, teamId: string) => void
}

/** The current round's matches, one radio group each; a pick re-renders only its own match. */
export function RoundPicks({ matches, pairs, onPick }: RoundPicksProps) {
  return (
    <ol className="grid gap-3 sm:grid-cols-2">
      {matches.map((match) => (
        <li key={match.matchId}>
          <MatchPicker
            matchId={match.matchId}
            matchNumber={match.matchNumber}
            team1Id={match.team1Id}
            team2Id={match.team2Id}
            pickedId={match.winnerTeamId}
            pairs={pairs}
            onPick={onPick}
          />
        </li>
      ))}
    </ol>
  )
}
