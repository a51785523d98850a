export interface CandidatePlayer {
  id: string
  name: string
}

/** The MVP candidates of a tournament: both players of every pair, once each, by name. */
export function playersOfTeams(
  teams: readonly { player1: CandidatePlayer; player2: CandidatePlayer }[],
): CandidatePlayer[] {
  const byId = new Map<string, CandidatePlayer>()
  for (const team of teams) {
    byId.set(team.player1.id, team.player1)
    byId.set(team.player2.id, team.player2)
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name))
}
