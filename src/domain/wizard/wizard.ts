// The bracket wizard's step rules (docs/product.md "Statuses, deadlines and the wizard"): five steps, a round can be left only when fully
// predicted, and a changed pick clears only what depended on it (pick-change.ts).

import {
  championOf,
  findTeam,
  indexBracket,
  pickEntries,
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
import { validateBracket } from '#domain/bracket/validate-bracket'
import { changePick } from './pick-change'

export const WIZARD_STEPS = ['round16', 'quarterfinal', 'semifinal', 'final', 'mvp'] as const
export type WizardStep = (typeof WIZARD_STEPS)[number]
export const WIZARD_STEP_COUNT = WIZARD_STEPS.length

export interface WizardState {
  readonly matches: readonly MatchRef[]
  readonly picks: Picks
  readonly mvpPlayerId: PlayerId | null
}

export interface WizardProgress {
  /** Playable matches with a valid pick, plus 1 once an MVP is chosen. */
  readonly made: number
  /** Playable matches plus 1 for the MVP (16 for a well-formed bracket). */
  readonly total: number
  /** floor(made × 100 / total): 100 only when everything is predicted; 0 when total is 0. */
  readonly percent: number
}

export function createWizardState(
  matches: readonly MatchRef[],
  picks: Picks = {},
  mvpPlayerId: PlayerId | null = null,
): WizardState {
  return { matches, picks, mvpPlayerId }
}

export function isWizardStep(value: unknown): value is WizardStep {
  return typeof value === 'string' && (WIZARD_STEPS as readonly string[]).includes(value)
}

/**
 * The steps of a bracket whose matches are `matches`: its rounds from its first one (round16 for
 * the main bracket, quarterfinal for the second chance, contest-rounds.ts), then the MVP.
 */
export function wizardStepsOf(matches: readonly MatchRef[]): readonly WizardStep[] {
  const first = WIZARD_STEPS.indexOf(indexBracket(matches).firstRound)
  return first <= 0 ? WIZARD_STEPS : WIZARD_STEPS.slice(first)
}

/** 0 for round16 … 4 for mvp. */
export function stepIndex(step: WizardStep): number {
  return WIZARD_STEPS.indexOf(step)
}

export function nextStep(step: WizardStep): WizardStep | null {
  return nextStepIn(WIZARD_STEPS, step)
}

export function previousStep(step: WizardStep): WizardStep | null {
  return previousStepIn(WIZARD_STEPS, step)
}

/**
 * The step's place in the wizard as a percentage: (index + 1) / 5 × 100, so round16 is 20 and
 * mvp is 100 (the bar is full on the last step, where submission happens).
 */
export function stepPercent(step: WizardStep): number {
  return stepPercentIn(WIZARD_STEPS, step)
}

export function canGoPrevious(step: WizardStep): boolean {
  return stepIndex(step) > 0
}

// The same for the steps of any bracket (wizardStepsOf): the second chance's start at the
// quarterfinals.

export function nextStepIn(steps: readonly WizardStep[], step: WizardStep): WizardStep | null {
  return steps[steps.indexOf(step) + 1] ?? null
}

export function previousStepIn(steps: readonly WizardStep[], step: WizardStep): WizardStep | null {
  return steps[steps.indexOf(step) - 1] ?? null
}

export function stepPercentIn(steps: readonly WizardStep[], step: WizardStep): number {
  return ((steps.indexOf(step) + 1) * 100) / steps.length
}

/** The matches of one round as the user's picks shape them (empty for the mvp step). */
export function stepMatchups(step: WizardStep, state: WizardState): PredictedMatch[] {
  return predictedOf(state).filter((match) => match.round === step)
}

/**
 * A round is fully predicted when it has at least one playable match and every playable match
 * has a valid pick. For a well-formed bracket that is 8, 4, 2 and 1 picks: each round needs half
 * as many as the winners of the round before, and the final exactly one.
 */
export function isRoundComplete(round: Round, state: WizardState): boolean {
  const inRound = predictedOf(state).filter((match) => match.round === round)
  return inRound.length > 0 && inRound.every((match) => match.winnerTeamId !== null)
}

/** Next is allowed on a round step once that round is fully predicted; never on the mvp step. */
export function canGoNext(step: WizardStep, state: WizardState): boolean {
  if (step === 'mvp') return false
  return isRoundComplete(step, state)
}

/** Where a user should resume: the first round not fully predicted, else the mvp step. */
export function firstIncompleteStep(state: WizardState): WizardStep {
  for (const step of wizardStepsOf(state.matches)) {
    if (step === 'mvp' || !isRoundComplete(step, state)) return step
  }
  return 'mvp'
}

/**
 * Picks `winnerTeamId` for a match; changePick (pick-change.ts) says what that clears: only the
 * later picks that depended on it, and the MVP when the champion changes (decision 071).
 */
export function applyPick(state: WizardState, matchId: MatchId, winnerTeamId: TeamId): WizardState {
  return changePick(state, matchId, winnerTeamId).state
}

/** The two players of the predicted champion pair; empty until the final is predicted. */
export function mvpCandidates(state: WizardState, teams: Teams): PlayerId[] {
  const championId = championOf(predictedOf(state))
  if (championId === null) return []
  const champion = findTeam(teams, championId)
  return champion ? [champion.player1Id, champion.player2Id] : []
}

/** Chooses the MVP; a player who is not an MVP candidate leaves the state unchanged. */
export function applyMvp(state: WizardState, playerId: PlayerId, teams: Teams): WizardState {
  if (!mvpCandidates(state, teams).includes(playerId)) return state
  if (state.mvpPlayerId === playerId) return state
  return { ...state, mvpPlayerId: playerId }
}

export function wizardProgress(state: WizardState): WizardProgress {
  const predicted = predictedOf(state)
  const picked = predicted.filter((match) => match.winnerTeamId !== null).length
  const made = picked + (state.mvpPlayerId === null ? 0 : 1)
  const total = predicted.length + 1
  return { made, total, percent: Math.floor((made * 100) / total) }
}

/** Ready to submit: exactly what the server will accept. */
export function isWizardComplete(state: WizardState, teams: Teams): boolean {
  return (
    validateBracket(state.matches, pickEntries(state.picks), state.mvpPlayerId, teams).length === 0
  )
}

function predictedOf(state: WizardState): PredictedMatch[] {
  return predictFromIndex(indexBracket(state.matches), state.picks)
}
