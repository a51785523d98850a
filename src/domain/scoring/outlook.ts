// Where a bracket stands while its tournament is played: each pick's mark, the correct picks so
// far, the most it can still reach, and the tiers for both. Standings, bracket views and the
// insight for one's own bracket all read it, so a pick is "alive" in one place only.

import {
  indexBracket,
  pickOf,
  type MatchId,
  type Picks,
  type PlayerId,
  type TeamId,
} from '#domain/bracket/bracket'
import { DEFAULT_TIERS, tierFor, type TierConfig, type TierResult } from '#domain/prize/tiers'
import type { MatchResult } from './scoring'

/**
 * correct / wrong: the match is played. alive: not played and the picked pair has lost nothing.
 * busted: not played, but the picked pair is already out (or is not one of the two who play it).
 */
export type PickMark = 'correct' | 'wrong' | 'alive' | 'busted'
/** The MVP pick is open until the MVP is set. */
export type MvpMark = 'correct' | 'wrong' | 'open'

export interface BracketOutlook {
  readonly marks: ReadonlyMap<MatchId, PickMark>
  readonly mvpMark: MvpMark
  readonly correct: number
  /** Playable matches + 1 MVP. */
  readonly total: number
  /** correct + picks still alive + the MVP while it is open. */
  readonly maxPossible: number
  readonly tierNow: TierResult
  readonly bestReachableTier: TierResult
}

export function bracketOutlook(
  picks: Picks,
  results: readonly MatchResult[],
  mvp: { pick: PlayerId | null; actual: PlayerId | null },
  tiers: readonly TierConfig[] = DEFAULT_TIERS,
): BracketOutlook {
  const { playable } = indexBracket(results)
  const knockedOut = eliminatedTeams(playable)
  const marks = new Map<MatchId, PickMark>()
  for (const match of playable) {
    const pick = pickOf(picks, match.id)
    if (pick === undefined) {
      marks.set(match.id, match.winnerTeamId === null ? 'busted' : 'wrong')
    } else if (match.winnerTeamId !== null) {
      marks.set(match.id, pick === match.winnerTeamId ? 'correct' : 'wrong')
    } else {
      marks.set(match.id, isStillPossible(pick, match, knockedOut) ? 'alive' : 'busted')
    }
  }
  const mvpMark: MvpMark =
    mvp.actual === null ? 'open' : mvp.pick === mvp.actual ? 'correct' : 'wrong'
  const values = [...marks.values()]
  const correct = count(values, 'correct') + (mvpMark === 'correct' ? 1 : 0)
  const maxPossible = correct + count(values, 'alive') + (mvpMark === 'open' ? 1 : 0)
  const total = playable.length + 1
  return {
    marks,
    mvpMark,
    correct,
    total,
    maxPossible,
    tierNow: tierFor(correct, total, tiers),
    bestReachableTier: tierFor(maxPossible, total, tiers),
  }
}

/** The losers of every played match. */
export function eliminatedTeams(played: readonly MatchResult[]): ReadonlySet<TeamId> {
  const out = new Set<TeamId>()
  for (const match of played) {
    if (match.winnerTeamId === null) continue
    for (const team of [match.team1Id, match.team2Id]) {
      if (team !== null && team !== match.winnerTeamId) out.add(team)
    }
  }
  return out
}

function isStillPossible(pick: TeamId, match: MatchResult, knockedOut: ReadonlySet<TeamId>) {
  if (knockedOut.has(pick)) return false
  const bothKnown = match.team1Id !== null && match.team2Id !== null
  return !bothKnown || pick === match.team1Id || pick === match.team2Id
}

function count(values: readonly PickMark[], mark: PickMark): number {
  return values.filter((value) => value === mark).length
}
