// What changing a pick costs (decision 071): only the later picks that carried the old winner
// forward are cleared, and the MVP only when the predicted champion changes. The wizard shows the
// cleared picks and offers undo; the seed cleared every later round instead.

import {
  championOf,
  findTeam,
  indexBracket,
  pickOf,
  predictFromIndex,
  type MatchId,
  type MatchRef,
  type Picks,
  type PlayerId,
  type PredictedMatch,
  type Round,
  type TeamId,
  type Teams,
} from '#domain/bracket/bracket'
import type { WizardState } from './wizard'

/** A pick that a change made impossible: its match no longer holds the pair it named. */
export interface ClearedPick {
  readonly matchId: MatchId
  readonly round: Round
  readonly matchNumber: number
  readonly teamId: TeamId
}

export interface PickChange {
  readonly state: WizardState
  /** The later picks the change cleared, in round order then match number. */
  readonly cleared: readonly ClearedPick[]
  /** The MVP the change cleared (the champion changed or is no longer picked), else null. */
  readonly clearedMvpPlayerId: PlayerId | null
}

/**
 * Picks `winnerTeamId` for a match. A later pick is cleared exactly when it is no longer one of
 * its match's predicted pairs: that is, the later picks on the changed match's path that named
 * the old winner. Picks elsewhere, even in later rounds, stay. The MVP stays while the champion
 * stays (it is one of the champion's players, as validation requires). Unknown or unplayable
 * matches, a winner who is not one of the match's pairs, and the same pick again return the same
 * state with nothing cleared. Picks that were already invalid (stale ids) are dropped silently.
 */
export function changePick(state: WizardState, matchId: MatchId, winnerTeamId: TeamId): PickChange {
  const unchanged: PickChange = { state, cleared: [], clearedMvpPlayerId: null }
  const index = indexBracket(state.matches)
  const before = predictFromIndex(index, state.picks)
  const target = before.find((match) => match.matchId === matchId)
  if (!target) return unchanged
  if (winnerTeamId !== target.team1Id && winnerTeamId !== target.team2Id) return unchanged
  if (pickOf(state.picks, matchId) === winnerTeamId) return unchanged

  const after = predictFromIndex(index, { ...validPicksOf(before), [matchId]: winnerTeamId })
  const cleared: ClearedPick[] = []
  for (const [i, match] of before.entries()) {
    if (match.winnerTeamId === null || after[i]?.winnerTeamId !== null) continue
    cleared.push({
      matchId: match.matchId,
      round: match.round,
      matchNumber: match.matchNumber,
      teamId: match.winnerTeamId,
    })
  }

  const champion = championOf(before)
  const keepsMvp = champion !== null && champion === championOf(after)
  const mvpPlayerId = keepsMvp ? state.mvpPlayerId : null
  return {
    state: { ...state, picks: validPicksOf(after), mvpPlayerId },
    cleared,
    clearedMvpPlayerId: keepsMvp ? null : state.mvpPlayerId,
  }
}

/** The picks that are valid for the draw: each names one of its match's predicted pairs. */
export function keepValidPicks(matches: readonly MatchRef[], picks: Picks): Picks {
  return validPicksOf(predictFromIndex(indexBracket(matches), picks))
}

/**
 * A wizard state from picks kept in the browser: the draw may have changed since (an admin's
 * edit), so invalid picks are dropped, and the MVP unless it is a player of the champion.
 */
export function restoreWizardState(
  matches: readonly MatchRef[],
  picks: Picks,
  mvpPlayerId: PlayerId | null,
  teams: Teams,
): WizardState {
  const predicted = predictFromIndex(indexBracket(matches), picks)
  const championId = championOf(predicted)
  const champion = championId === null ? undefined : findTeam(teams, championId)
  const isMvpValid =
    champion !== undefined &&
    (mvpPlayerId === champion.player1Id || mvpPlayerId === champion.player2Id)
  return { matches, picks: validPicksOf(predicted), mvpPlayerId: isMvpValid ? mvpPlayerId : null }
}

/** A prediction can start only on a draw that can produce a champion (a playable final). */
export function isBracketPredictable(matches: readonly MatchRef[]): boolean {
  return indexBracket(matches).playable.some((match) => match.round === 'final')
}

function validPicksOf(predicted: readonly PredictedMatch[]): Picks {
  // fromEntries, not assignment, so an id such as "__proto__" stays an own property.
  return Object.fromEntries(
    predicted.flatMap((match) =>
      match.winnerTeamId === null ? [] : [[match.matchId, match.winnerTeamId] as const],
    ),
  )
}
