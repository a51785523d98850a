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
 * low-end phone must paint it within 100 ms, bench/README.md § web), so the pick's own render
 * derives only the predicted matches, which the step's radios show. The rest follows a deferred
 * copy of the state (`settled`): the bracket's tree below the picks, the counts and whether Next
 * is allowed. React paints the pick first and renders those in a render of its own just after,
 * so a fan's first pick, whose code runs for the first time in the page, stays small (decision
 * 084). The MVP candidates and the full validation are computed only where they are read: the
 * MVP step and the open review.
 */
export function useWizardView(
  state: WizardState,
  teams: readonly TeamRef[],
  needsCompletion: boolean,
) {
  const predicted = useMemo(() => predictedMatchups(state.matches, state.picks), [state])
  const settled = useDeferredValue(state)
  const summary = useMemo(
    () => ({
      columns: toColumns(slotsFromPicks(predictedMatchups(settled.matches, settled.picks))),
      progress: wizardProgress(settled),
    }),
    [settled],
  )
  const completion = useMemo(
    () =>
      needsCompletion
        ? { candidates: mvpCandidates(state, teams), isComplete: isWizardComplete(state, teams) }
        : NOT_AT_THE_END,
    [needsCompletion, state, teams],
  )
  return { predicted, settled, ...summary, ...completion }
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
