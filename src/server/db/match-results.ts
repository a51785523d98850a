// The columns a match contributes to the bracket rules (the domain's MatchResult), selected the
// same way wherever results are scored or listed.
import { matches } from './schema'

export const matchResultColumns = {
  id: matches.id,
  round: matches.round,
  matchNumber: matches.matchNumber,
  team1Id: matches.team1Id,
  team2Id: matches.team2Id,
  winnerTeamId: matches.winnerTeamId,
}
