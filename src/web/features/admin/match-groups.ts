import { ROUND_ORDER, type Round } from '#domain/bracket/bracket'

interface GroupableMatch {
  tournamentId: string
  tournamentName: string
  round: Round
  matchNumber: number
}

export interface RoundGroup<M> {
  round: Round
  matches: M[]
}

export interface TournamentGroup<M> {
  tournamentId: string
  tournamentName: string
  rounds: RoundGroup<M>[]
}

/** A bracket's matches by round (round of 16 first), each round by match number. */
export function groupByRound<M extends Pick<GroupableMatch, 'round' | 'matchNumber'>>(
  matches: readonly M[],
): RoundGroup<M>[] {
  return ROUND_ORDER.map((round) => ({
    round,
    matches: matches
      .filter((match) => match.round === round)
      .sort((a, b) => a.matchNumber - b.matchNumber),
  })).filter((group) => group.matches.length > 0)
}

/**
 * The admin match list as the bracket reads: by tournament (in the order the list gives them,
 * newest first), then by round, then by match number.
 */
export function groupMatches<M extends GroupableMatch>(
  matches: readonly M[],
): TournamentGroup<M>[] {
  const byTournament = new Map<string, { name: string; matches: M[] }>()
  for (const match of matches) {
    const group = byTournament.get(match.tournamentId)
    if (group) group.matches.push(match)
    else byTournament.set(match.tournamentId, { name: match.tournamentName, matches: [match] })
  }
  return [...byTournament].map(([tournamentId, group]) => ({
    tournamentId,
    tournamentName: group.name,
    rounds: groupByRound(group.matches),
  }))
}
