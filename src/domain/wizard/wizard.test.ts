import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pickEntries } from '#domain/bracket/bracket'
import {
  completePicks,
  makeTournament,
  patchMatch,
  tournamentArb,
} from '#domain/bracket/bracket-fixtures'
import { validateBracket } from '#domain/bracket/validate-bracket'
import {
  applyMvp,
  applyPick,
  canGoNext,
  canGoPrevious,
  createWizardState,
  firstIncompleteStep,
  isWizardComplete,
  isWizardStep,
  mvpCandidates,
  nextStep,
  previousStep,
  stepIndex,
  stepMatchups,
  stepPercent,
  WIZARD_STEP_COUNT,
  WIZARD_STEPS,
  wizardProgress,
  type WizardState,
} from './wizard'

const { matches, teams } = makeTournament()
const empty = createWizardState(matches)

/** Picks the first n playable matches (team1 of each) through the wizard. */
function pickFirst(n: number, state: WizardState = empty): WizardState {
  const picks = completePicks(matches, (match, i) => (i < n ? match.team1Id : null))
  return Object.entries(picks).reduce((s, [matchId, team]) => applyPick(s, matchId, team), state)
}

const full = pickFirst(15)

describe('steps', () => {
  it('has five steps in order', () => {
    expect(WIZARD_STEPS).toEqual(['round16', 'quarterfinal', 'semifinal', 'final', 'mvp'])
    expect(WIZARD_STEP_COUNT).toBe(5)
    expect(WIZARD_STEPS.map(stepIndex)).toEqual([0, 1, 2, 3, 4])
    expect(isWizardStep('mvp')).toBe(true)
    expect(isWizardStep('review')).toBe(false)
  })

  it('moves forward and back', () => {
    expect(nextStep('round16')).toBe('quarterfinal')
    expect(nextStep('final')).toBe('mvp')
    expect(nextStep('mvp')).toBeNull()
    expect(previousStep('round16')).toBeNull()
    expect(previousStep('mvp')).toBe('final')
  })

  it('disables previous on the first step only', () => {
    expect(WIZARD_STEPS.map(canGoPrevious)).toEqual([false, true, true, true, true])
  })

  it('gives the step percentage as (index + 1) / 5', () => {
    expect(WIZARD_STEPS.map(stepPercent)).toEqual([20, 40, 60, 80, 100])
  })
})

describe('canGoNext', () => {
  it('needs all 8 round16 picks', () => {
    expect(canGoNext('round16', empty)).toBe(false)
    expect(canGoNext('round16', pickFirst(7))).toBe(false)
    expect(canGoNext('round16', pickFirst(8))).toBe(true)
  })

  it('needs 4 quarterfinal, 2 semifinal and exactly 1 final pick', () => {
    expect(canGoNext('quarterfinal', pickFirst(11))).toBe(false)
    expect(canGoNext('quarterfinal', pickFirst(12))).toBe(true)
    expect(canGoNext('semifinal', pickFirst(13))).toBe(false)
    expect(canGoNext('semifinal', pickFirst(14))).toBe(true)
    expect(canGoNext('final', pickFirst(14))).toBe(false)
    expect(canGoNext('final', pickFirst(15))).toBe(true)
  })

  it('is never allowed from the mvp step', () => {
    const done = applyMvp(full, 'p1a', teams)
    expect(canGoNext('mvp', done)).toBe(false)
  })

  it('does not need skipped (malformed) round16 matches', () => {
    const broken = patchMatch(matches, 'r16-8', { team2Id: null })
    const state = createWizardState(broken, completePicks(broken))
    expect(stepMatchups('round16', state)).toHaveLength(7)
    expect(canGoNext('round16', state)).toBe(true)
    expect(canGoNext('quarterfinal', state)).toBe(true)
    expect(stepMatchups('quarterfinal', state)).toHaveLength(3)
    // Without a playable final the bracket cannot be finished.
    expect(stepMatchups('final', state)).toHaveLength(0)
    expect(canGoNext('final', state)).toBe(false)
  })
})

describe('applyPick', () => {
  it('records a pick for a participant of the match', () => {
    const state = applyPick(empty, 'r16-1', 't2')
    expect(state.picks).toEqual({ 'r16-1': 't2' })
    expect(empty.picks).toEqual({})
  })

  it('ignores unknown matches, non-participants and repeats (same object back)', () => {
    expect(applyPick(empty, 'nope', 't1')).toBe(empty)
    expect(applyPick(empty, 'r16-1', 't3')).toBe(empty)
    expect(applyPick(empty, 'qf-1', 't1')).toBe(empty)
    const once = applyPick(empty, 'r16-1', 't1')
    expect(applyPick(once, 'r16-1', 't1')).toBe(once)
  })

  it('ignores matches outside the playable bracket', () => {
    const broken = createWizardState(patchMatch(matches, 'r16-8', { team2Id: null }))
    expect(applyPick(broken, 'r16-8', 't15')).toBe(broken)
  })

  it('lets a later round be picked from the predicted participants', () => {
    const state = applyPick(pickFirst(8), 'qf-1', 't3')
    expect(state.picks['qf-1']).toBe('t3')
  })

  it('clears only the later picks that carried the old winner, not whole rounds (decision 071)', () => {
    const done = applyMvp(full, 'p1a', teams)
    expect(done.mvpPlayerId).toBe('p1a')
    // t15 (r16-8) lost qf-4 in this bracket, so nothing later depended on it.
    const changed = applyPick(done, 'r16-8', 't16')
    expect(Object.keys(changed.picks)).toHaveLength(15)
    expect(changed.picks['r16-8']).toBe('t16')
    expect(changed.mvpPlayerId).toBe('p1a')
  })

  it('keeps earlier and same-round picks when a semifinal pick changes', () => {
    const done = applyMvp(full, 'p1a', teams)
    const changed = applyPick(done, 'sf-1', 't5')
    expect(Object.keys(changed.picks)).toHaveLength(14)
    expect(changed.picks['sf-2']).toBe('t9')
    expect(changed.picks['final-1']).toBeUndefined()
    expect(changed.mvpPlayerId).toBeNull()
  })

  it('clears the MVP when the final pick changes', () => {
    const done = applyMvp(full, 'p1a', teams)
    const changed = applyPick(done, 'final-1', 't9')
    expect(changed.picks['final-1']).toBe('t9')
    expect(changed.mvpPlayerId).toBeNull()
    expect(mvpCandidates(changed, teams)).toEqual(['p9a', 'p9b'])
  })

  it('drops stale picks for matches the tournament no longer has', () => {
    const state = createWizardState(matches, { gone: 't1' })
    expect(applyPick(state, 'r16-1', 't1').picks).toEqual({ 'r16-1': 't1' })
  })
})

describe('MVP', () => {
  it('has no candidates until the final is predicted', () => {
    expect(mvpCandidates(empty, teams)).toEqual([])
    expect(mvpCandidates(pickFirst(14), teams)).toEqual([])
  })

  it('offers the two players of the predicted champion', () => {
    expect(mvpCandidates(full, teams)).toEqual(['p1a', 'p1b'])
    expect(mvpCandidates(full, new Map(teams.map((t) => [t.id, t])))).toEqual(['p1a', 'p1b'])
    expect(mvpCandidates(full, [])).toEqual([])
  })

  it('accepts only a candidate', () => {
    expect(applyMvp(full, 'p2a', teams)).toBe(full)
    expect(applyMvp(pickFirst(14), 'p1a', teams).mvpPlayerId).toBeNull()
    const chosen = applyMvp(full, 'p1b', teams)
    expect(chosen.mvpPlayerId).toBe('p1b')
    expect(applyMvp(chosen, 'p1b', teams)).toBe(chosen)
    expect(applyMvp(chosen, 'p1a', teams).mvpPlayerId).toBe('p1a')
  })
})

describe('progress', () => {
  it('counts predictions made of 16', () => {
    expect(wizardProgress(empty)).toEqual({ made: 0, total: 16, percent: 0 })
    expect(wizardProgress(pickFirst(8))).toEqual({ made: 8, total: 16, percent: 50 })
    expect(wizardProgress(pickFirst(5))).toEqual({ made: 5, total: 16, percent: 31 })
    expect(wizardProgress(full)).toEqual({ made: 15, total: 16, percent: 93 })
    expect(wizardProgress(applyMvp(full, 'p1a', teams))).toEqual({
      made: 16,
      total: 16,
      percent: 100,
    })
  })

  it('does not count invalid picks', () => {
    const state = createWizardState(matches, { 'r16-1': 't9', 'qf-1': 't1' })
    expect(wizardProgress(state).made).toBe(0)
  })

  it('resumes at the first incomplete round', () => {
    expect(firstIncompleteStep(empty)).toBe('round16')
    expect(firstIncompleteStep(pickFirst(9))).toBe('quarterfinal')
    expect(firstIncompleteStep(pickFirst(13))).toBe('semifinal')
    expect(firstIncompleteStep(pickFirst(14))).toBe('final')
    expect(firstIncompleteStep(full)).toBe('mvp')
  })

  it('is complete exactly when the server would accept the bracket', () => {
    expect(isWizardComplete(full, teams)).toBe(false)
    expect(isWizardComplete(applyMvp(full, 'p1a', teams), teams)).toBe(true)
  })
})

describe('wizard properties', () => {
  it('any sequence of clicks keeps a consistent state the server agrees with', () => {
    const click = fc.record({ match: fc.nat(14), side: fc.boolean(), mvp: fc.boolean() })
    fc.assert(
      fc.property(tournamentArb, fc.array(click, { maxLength: 60 }), (t, clicks) => {
        let state = createWizardState(t.matches)
        for (const { match, side, mvp } of clicks) {
          const target = stepMatchups(WIZARD_STEPS[0], state).concat(
            ...(['quarterfinal', 'semifinal', 'final'] as const).map((s) => stepMatchups(s, state)),
          )[match]!
          const team = side ? target.team1Id : target.team2Id
          if (team !== null) state = applyPick(state, target.matchId, team)
          const candidates = mvpCandidates(state, t.teams)
          if (mvp && candidates.length > 0) {
            state = applyMvp(state, candidates[side ? 0 : 1]!, t.teams)
          }
        }
        // Every stored pick is valid; the MVP is only set with a champion.
        const progress = wizardProgress(state)
        const stored = Object.keys(state.picks).length + (state.mvpPlayerId ? 1 : 0)
        expect(progress.made).toBe(stored)
        const problems = validateBracket(
          t.matches,
          pickEntries(state.picks),
          state.mvpPlayerId,
          t.teams,
        )
        expect(problems.every((p) => p.code === 'missing_pick' || p.code === 'missing_mvp')).toBe(
          true,
        )
        expect(problems.length === 0).toBe(isWizardComplete(state, t.teams))
        expect(progress.made === progress.total).toBe(isWizardComplete(state, t.teams))
      }),
    )
  })
})
