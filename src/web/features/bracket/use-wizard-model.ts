import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react'
import type { MatchRef, TeamRef } from '#domain/bracket/bracket'
import { contestMatches } from '#domain/contest/contest-rounds'
import { changePick, restoreWizardState, type ClearedPick } from '#domain/wizard/pick-change'
import {
  applyMvp,
  firstIncompleteStep,
  stepIndex,
  type WizardState,
  type WizardStep,
  wizardStepsOf,
} from '#domain/wizard/wizard'
import {
  quickFill,
  type PopularPicks,
  type QuickFillMode,
  type RankedPair,
} from '#domain/wizard/quick-fill'
import type { Contest } from '#shared/schemas/contest'
import type { TournamentDetail } from '#shared/schemas/tournament'
import {
  clearWizardDraft,
  readWizardDraft,
  writeWizardDraft,
  type WizardDraft,
} from './wizard-draft'

/** The last change that cleared later picks: what it cleared, and the state to undo to. */
export interface ClearedByChange {
  readonly matchId: string
  readonly picks: readonly ClearedPick[]
  readonly mvpPlayerId: string | null
  readonly before: WizardState
}

interface WizardModel {
  readonly state: WizardState
  readonly step: WizardStep
  readonly clearedByChange: ClearedByChange | null
  /** The tiebreaker as typed: the final's total games, null while blank. */
  readonly finalTotalGames: number | null
  /** What the last quick fill replaced, for its one undo; gone with the next pick. */
  readonly beforeFill: {
    readonly state: WizardState
    readonly finalTotalGames: number | null
  } | null
}

/** A quick fill as the reducer applies it: random draws made beforehand keep the reducer pure. */
export interface FillRequest {
  readonly mode: QuickFillMode
  /** finish: the picks made stay (finish my bracket); all: every pick is filled anew. */
  readonly scope: 'all' | 'finish'
  readonly pairs: readonly RankedPair[]
  readonly popular: PopularPicks | null
  readonly draws: readonly number[]
}

type WizardAction =
  | { type: 'pick'; matchId: string; teamId: string }
  | { type: 'mvp'; playerId: string; teams: readonly TeamRef[] }
  | { type: 'go'; step: WizardStep }
  | { type: 'tiebreaker'; games: number | null }
  | { type: 'undo' }
  | { type: 'dismiss' }
  | { type: 'redraw'; matches: readonly MatchRef[]; teams: readonly TeamRef[] }
  | { type: 'fill'; request: FillRequest; teams: readonly TeamRef[] }
  | { type: 'undo_fill' }

/** The bracket the wizard opens with when it changes a placed bet (docs/product.md "Changing a bracket and quick fill"). */
export interface InitialBracket {
  readonly picks: Readonly<Record<string, string>>
  readonly mvpPlayerId: string | null
  readonly finalTotalGames: number | null
}

/** A step the state allows: never past the first round that is not fully predicted. */
function reachableStep(step: WizardStep, state: WizardState): WizardStep {
  const furthest = firstIncompleteStep(state)
  return stepIndex(step) > stepIndex(furthest) ? furthest : step
}

function reduce(model: WizardModel, action: WizardAction): WizardModel {
  switch (action.type) {
    case 'pick': {
      const change = changePick(model.state, action.matchId, action.teamId)
      if (change.state === model.state) return model
      const hasCleared = change.cleared.length > 0 || change.clearedMvpPlayerId !== null
      const clearedByChange = hasCleared
        ? {
            matchId: action.matchId,
            picks: change.cleared,
            mvpPlayerId: change.clearedMvpPlayerId,
            before: model.state,
          }
        : null
      return { ...model, state: change.state, clearedByChange, beforeFill: null }
    }
    case 'mvp': {
      const state = applyMvp(model.state, action.playerId, action.teams)
      return state === model.state
        ? model
        : { ...model, state, clearedByChange: null, beforeFill: null }
    }
    case 'go':
      // The note of cleared picks is said once, on the step of the change: on later steps the
      // cleared matches show unpicked, and the note would push their first match down. Next is
      // drawn from a deferred copy of the state, so the step is checked here against the state.
      return { ...model, step: reachableStep(action.step, model.state), clearedByChange: null }
    case 'tiebreaker':
      return { ...model, finalTotalGames: action.games }
    case 'undo':
      if (!model.clearedByChange) return model
      return { ...model, state: model.clearedByChange.before, clearedByChange: null }
    case 'dismiss':
      return { ...model, clearedByChange: null }
    case 'fill': {
      // Every pick replaced at once (or, finishing, every pick not made yet); a tiebreaker the fan
      // typed is kept.
      const { mode, scope, pairs, popular, draws } = action.request
      let next = 0
      const fill = quickFill(model.state.matches, pairs, mode, {
        random: () => draws[next++ % draws.length] ?? 0,
        popular,
        keep: scope === 'finish' ? model.state : undefined,
      })
      const state = restoreWizardState(
        model.state.matches,
        fill.picks,
        fill.mvpPlayerId,
        action.teams,
      )
      return {
        ...model,
        state,
        clearedByChange: null,
        finalTotalGames: model.finalTotalGames ?? fill.finalTotalGames,
        beforeFill: { state: model.state, finalTotalGames: model.finalTotalGames },
      }
    }
    case 'undo_fill': {
      if (!model.beforeFill) return model
      const { state, finalTotalGames } = model.beforeFill
      return {
        ...model,
        state,
        finalTotalGames,
        step: reachableStep(model.step, state),
        clearedByChange: null,
        beforeFill: null,
      }
    }
    case 'redraw': {
      const { picks, mvpPlayerId } = model.state
      const state = restoreWizardState(action.matches, picks, mvpPlayerId, action.teams)
      return {
        ...model,
        state,
        step: reachableStep(model.step, state),
        clearedByChange: null,
        beforeFill: null,
      }
    }
  }
}

/** Where a contest's picks in progress are kept: the main bracket's under the tournament's id. */
export function draftIdOf(tournamentId: string, contest: Contest): string {
  return contest === 'main' ? tournamentId : `${tournamentId}.${contest}`
}

/**
 * The wizard's state, kept in the browser per user and tournament while in progress (a reload
 * brings it back) and re-checked when the tournament's draw changes under it. The contest picks
 * the rounds: the second chance predicts the draw from the quarterfinals on. Changing a placed
 * bet starts from that bet (`initial`) and keeps no draft: the bet itself is the saved state.
 */
export function useWizardModel(
  tournament: TournamentDetail,
  fanId: string | null,
  contest: Contest = 'main',
  initial: InitialBracket | null = null,
) {
  const userId = initial === null ? fanId : null
  const draftId = draftIdOf(tournament.id, contest)
  const matches = useMemo(
    () => contestMatches(tournament.matches, contest),
    [tournament.matches, contest],
  )
  const teams = useMemo<TeamRef[]>(
    () =>
      tournament.pairs.map((pair) => ({
        id: pair.id,
        player1Id: pair.player1.id,
        player2Id: pair.player2.id,
      })),
    [tournament.pairs],
  )

  const [model, dispatch] = useReducer(reduce, null, (): WizardModel => {
    const saved = userId === null ? null : readWizardDraft(userId, draftId)
    const draft: InitialBracket | null = saved ?? initial
    const state = restoreWizardState(matches, draft?.picks ?? {}, draft?.mvpPlayerId ?? null, teams)
    const steps = wizardStepsOf(matches)
    // A change opens on the first round: the fan goes through what they picked.
    const savedStep = saved?.step !== undefined && steps.includes(saved.step) ? saved.step : null
    const step = reachableStep(savedStep ?? steps[0] ?? 'mvp', state)
    return {
      state,
      step,
      clearedByChange: null,
      finalTotalGames: draft?.finalTotalGames ?? null,
      beforeFill: null,
    }
  })

  useEffect(() => {
    if (matches !== model.state.matches) dispatch({ type: 'redraw', matches, teams })
  }, [matches, teams, model.state.matches])

  // The draft is written just after the pick has painted, not in the pick's own commit (React
  // runs a click's effects before the browser paints); a page left in between writes it on the way
  // out.
  const unsaved = useRef<WizardDraft | null>(null)
  const { picks, mvpPlayerId } = model.state
  const { step, finalTotalGames } = model
  useEffect(() => {
    if (userId === null) return
    unsaved.current = { picks, mvpPlayerId, finalTotalGames, step }
    const timer = window.setTimeout(() => {
      if (unsaved.current) writeWizardDraft(userId, draftId, unsaved.current)
      unsaved.current = null
    }, 0)
    return () => window.clearTimeout(timer)
  }, [userId, draftId, picks, mvpPlayerId, finalTotalGames, step])
  useEffect(
    () => () => {
      if (userId !== null && unsaved.current) writeWizardDraft(userId, draftId, unsaved.current)
      unsaved.current = null
    },
    [userId, draftId],
  )

  const forgetDraft = useCallback(() => {
    unsaved.current = null
    if (userId !== null) clearWizardDraft(userId, draftId)
  }, [userId, draftId])

  return { model, dispatch, teams, matches, forgetDraft }
}
