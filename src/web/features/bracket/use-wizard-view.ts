import { useDeferredValue, useMemo } from 'react'
import { predictedMatchups, type TeamRef } from '#domain/bracket/bracket'
import {
  isWizardComplete,
  mvpCandidates,
  wizardProgress,
  type WizardState,
} from '#domain/wizard/wizard'
import type { PickInput } from '#shared/schemas/bet'
import type { PlayerSummary, TournamentDetail } from '#shared/schemas/tournament'
import { slotsFromPicks, toColumns } from '#web/lib/bracket-view'
import type { BracketSummary } from './components/review-summary'

/** The tournament's players by id: the MVP step, the review and the cleared-picks notice name them. */
export function usePlayersById(tournament: TournamentDetail): ReadonlyMap<string, PlayerSummary> {
  return useMemo(() => {
    const byId = new Map<string, PlayerSummary>()
    for (const pair of tournament.pairs) {
      byId.set(pair.player1.id, pair.player1)
      byId.set(pair.player2.id, pair.player2)
    }
    return byId
  }, [tournament.pairs])
}

/**
 * What the wizard shows, derived from its state once per change. A pick is the hot path (a
 * low-end phone must paint it within 100 ms, bench/README.md § web), so a round step derives only
 * what it shows: the predicted matches and the progress. The bracket's tree, below the picks and
 * off screen on a phone, follows a deferred copy of the state: React paints the pick first and
 * derives and renders the tree's columns in a render of its own just after. The MVP candidates
 * and the full validation are computed only where they are read: the MVP step and the open review.
 */
export function useWizardView(
  state: WizardState,
  teams: readonly TeamRef[],
  needsCompletion: boolean,
) {
  const view = useMemo(
    () => ({
      predicted: predictedMatchups(state.matches, state.picks),
      progress: wizardProgress(state),
    }),
    [state],
  )
  const treeState = useDeferredValue(state)
  const columns = useMemo(
    () => toColumns(slotsFromPicks(predictedMatchups(treeState.matches, treeState.picks))),
    [treeState],
  )
  const completion = useMemo(
    () =>
      needsCompletion
        ? { candidates: mvpCandidates(state, teams), isComplete: isWizardComplete(state, teams) }
        : NOT_AT_THE_END,
    [needsCompletion, state, teams],
  )
  return { ...view, columns, ...completion }
}

const NOT_AT_THE_END = { candidates: [] as readonly string[], isComplete: false }

/** The bet the review sends and its summary, computed only while the review is open. */
export function reviewOf(
  predicted: ReturnType<typeof predictedMatchups>,
  mvpPlayerId: string | null,
  finalTotalGames: number | null,
): { picks: PickInput[]; summary: BracketSummary } {
  const picks = predicted.flatMap((match) =>
    match.winnerTeamId === null
      ? []
      : [{ matchId: match.matchId, winnerTeamId: match.winnerTeamId }],
  )
  const final = predicted.find((match) => match.round === 'final')
  const championId = final?.winnerTeamId ?? null
  const runnerUpId =
    championId === null ? null : final?.team1Id === championId ? final.team2Id : final?.team1Id
  return {
    picks,
    summary: { championId, runnerUpId: runnerUpId ?? null, mvpPlayerId, finalTotalGames },
  }
}
