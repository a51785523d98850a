export interface CandidatePlayer {
  id: string
  name: string
}

export interface MvpCandidate extends CandidatePlayer {
  /** A player of the pair that won the final: the usual MVP, so listed first. */
  isChampion: boolean
}

/**
 * The MVP candidates of a tournament: both players of every pair, once each — the champion
 * pair's two first (when the final has a winner), then everyone else by name.
 */
export function playersOfTeams(
  teams: readonly { id?: string; player1: CandidatePlayer; player2: CandidatePlayer }[],
  championTeamId: string | null = null,
): MvpCandidate[] {
  const champions = new Map<string, MvpCandidate>()
  const others = new Map<string, MvpCandidate>()
  for (const team of teams) {
    const isChampion = championTeamId !== null && team.id === championTeamId
    for (const player of [team.player1, team.player2]) {
      if (isChampion) {
        others.delete(player.id)
        champions.set(player.id, { id: player.id, name: player.name, isChampion })
      } else if (!champions.has(player.id)) {
        others.set(player.id, { id: player.id, name: player.name, isChampion })
      }
    }
  }
  const byName = (a: MvpCandidate, b: MvpCandidate) => a.name.localeCompare(b.name)
  return [...champions.values(), ...[...others.values()].sort(byName)]
}
