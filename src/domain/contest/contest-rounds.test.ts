import { describe, expect, it } from 'vitest'
import {
  completePicks,
  makeTournament,
  toEntries,
  type TestMatch,
} from '#domain/bracket/bracket-fixtures'
import { indexBracket, predictedMatchups } from '#domain/bracket/bracket'
import { validateBracket } from '#domain/bracket/validate-bracket'
import { bustedPicks } from '#domain/scoring/busted-picks'
import { scoreBracket } from '#domain/scoring/scoring'
import {
  createWizardState,
  firstIncompleteStep,
  nextStepIn,
  previousStepIn,
  stepPercentIn,
  wizardProgress,
  wizardStepsOf,
} from '#domain/wizard/wizard'
import { contestMatches, contestRounds } from './contest-rounds'

/** The draw after the round of 16: team1 of every round16 match won, the quarterfinals filled. */
function afterRound16(): {
  matches: TestMatch[]
  teams: ReturnType<typeof makeTournament>['teams']
} {
  const { matches, teams } = makeTournament()
  const r16Winner = (n: number) => `t${2 * n - 1}`
  const played = matches.map((match) => {
    if (match.round === 'round16') return { ...match, winnerTeamId: r16Winner(match.matchNumber) }
    if (match.round === 'quarterfinal') {
      const n = match.matchNumber
      return { ...match, team1Id: r16Winner(2 * n - 1), team2Id: r16Winner(2 * n) }
    }
    return match
  })
  return { matches: played, teams }
}

describe('second-chance contest rounds', () => {
  it('predicts the quarterfinals, semifinals and final: 7 picks + the MVP', () => {
    const { matches } = afterRound16()
    expect(contestRounds('main')).toEqual(['round16', 'quarterfinal', 'semifinal', 'final'])
    expect(contestRounds('second_chance')).toEqual(['quarterfinal', 'semifinal', 'final'])
    const secondChance = contestMatches(matches, 'second_chance')
    expect(secondChance).toHaveLength(7)
    const index = indexBracket(secondChance)
    expect(index.firstRound).toBe('quarterfinal')
    expect(index.playable).toHaveLength(7)
    // The quarterfinals carry their real pairs; later rounds follow the fan's own picks.
    const predicted = predictedMatchups(secondChance, {})
    expect(predicted[0]).toMatchObject({ round: 'quarterfinal', team1Id: 't1', team2Id: 't3' })
    expect(predicted[4]).toMatchObject({ round: 'semifinal', team1Id: null, team2Id: null })
    // The main bracket is unchanged by the rule: it starts at round16.
    expect(indexBracket(matches).firstRound).toBe('round16')
    expect(indexBracket(matches).playable).toHaveLength(15)
  })

  it('validates a 7-pick bracket as the server and the wizard do', () => {
    const { matches, teams } = afterRound16()
    const secondChance = contestMatches(matches, 'second_chance')
    const picks = completePicks(secondChance)
    expect(Object.keys(picks)).toHaveLength(7)
    const champion = predictedMatchups(secondChance, picks).find((m) => m.round === 'final')
    expect(champion?.winnerTeamId).toBe('t1')
    expect(validateBracket(secondChance, toEntries(picks), 'p1a', teams)).toEqual([])
    // A round16 pick is no part of the second chance.
    const withR16 = [...toEntries(picks), { matchId: 'r16-1', winnerTeamId: 't1' }]
    expect(validateBracket(secondChance, withR16, 'p1a', teams)).toEqual([
      { code: 'unknown_match', matchId: 'r16-1' },
    ])
  })

  it('scores over the quarterfinals, semifinals, final and MVP: total 8', () => {
    const { matches } = afterRound16()
    const secondChance = contestMatches(matches, 'second_chance')
    const picks = completePicks(secondChance) // t1, t5, t9, t13; t1, t9; t1
    // Actual: qf-1 t1, qf-2 t7 (pick t5 wrong), qf-3 t9, qf-4 t13; sf-1 t1, sf-2 open.
    const winners: Record<string, string> = {
      'qf-1': 't1',
      'qf-2': 't7',
      'qf-3': 't9',
      'qf-4': 't13',
      'sf-1': 't1',
    }
    const results = secondChance.map((match) => ({
      ...match,
      winnerTeamId: winners[match.id] ?? null,
    }))
    const score = scoreBracket(picks, results, 'p1a', null)
    expect(score.total).toBe(8)
    expect(score.correct).toBe(4)
    expect(score.accuracyPercent).toBe(50)
    // All 8 right: 100 %.
    const all = secondChance.map((match) => ({ ...match, winnerTeamId: picks[match.id] ?? null }))
    expect(scoreBracket(picks, all, 'p1a', 'p1a')).toMatchObject({ correct: 8, total: 8 })
    // Busted picks of the open semifinal and final: the pairs knocked out below them.
    const { undecided, busted } = bustedPicks(results)
    expect(undecided).toBe(2)
    expect(busted).toEqual([
      { matchId: 'sf-2', teamIds: ['t11', 't15'] },
      { matchId: 'final-1', teamIds: ['t3', 't5', 't11', 't15'] },
    ])
  })

  it('walks the wizard from the quarterfinals to the MVP', () => {
    const { matches } = afterRound16()
    const secondChance = contestMatches(matches, 'second_chance')
    const steps = wizardStepsOf(secondChance)
    expect(steps).toEqual(['quarterfinal', 'semifinal', 'final', 'mvp'])
    expect(wizardStepsOf(matches)).toHaveLength(5)
    expect(previousStepIn(steps, 'quarterfinal')).toBeNull()
    expect(nextStepIn(steps, 'final')).toBe('mvp')
    expect(stepPercentIn(steps, 'quarterfinal')).toBe(25)
    const state = createWizardState(secondChance)
    expect(firstIncompleteStep(state)).toBe('quarterfinal')
    expect(wizardProgress(state)).toEqual({ made: 0, total: 8, percent: 0 })
    const done = createWizardState(secondChance, completePicks(secondChance))
    expect(firstIncompleteStep(done)).toBe('mvp')
  })
})
