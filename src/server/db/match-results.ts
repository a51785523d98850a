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

/** A match's order of play (docs/decisions/141), selected beside its result for the fan routes. */
export const matchScheduleColumns = {
  startsAt: matches.startsAt,
  court: matches.court,
}

/** The order of play as the wire carries it: the instant in ISO form. */
export function toScheduleView(row: { startsAt: Date | null; court: string | null }): {
  startsAt: string | null
  court: string | null
} {
  return { startsAt: row.startsAt?.toISOString() ?? null, court: row.court }
}
