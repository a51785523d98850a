// Which set scores a match keeps through an admin's update (docs/product.md "Set scores"). The
// input schema has already checked that given scores agree with the given winner.
import type { SetScores } from '#shared/schemas/tournament'

interface MatchResult {
  team1Id: string | null
  team2Id: string | null
  winnerTeamId: string | null
}

/**
 * The scores to store: the given ones (null clears them); when omitted, the stored ones while the
 * pairs and the winner stay, else none, so a corrected result never keeps scores that name
 * another winner or other pairs.
 */
export function setsAfterUpdate(
  stored: MatchResult & { sets: SetScores | null },
  input: MatchResult & { sets?: SetScores | null | undefined },
): SetScores | null {
  if (input.sets !== undefined) return input.sets
  const keepsResult =
    stored.winnerTeamId === input.winnerTeamId &&
    stored.team1Id === input.team1Id &&
    stored.team2Id === input.team2Id
  return keepsResult ? stored.sets : null
}

export function isSameSets(a: SetScores | null, b: SetScores | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
