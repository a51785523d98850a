import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { predictedMatchups, type Picks } from '#domain/bracket/bracket'
import { completePicks, makeTournament, type TestMatch } from '#domain/bracket/bracket-fixtures'
import {
  accuracyPercent,
  reachesAccuracy,
  scoreBracket,
  toAccuracyPercent,
  toHundredths,
} from './scoring'

const { matches } = makeTournament()

/** The real tournament: team1 wins every match (t1 champion). */
function playedOut(choose: (team1: string, team2: string) => string): TestMatch[] {
  const winners = completePicks(matches, (m) => choose(m.team1Id!, m.team2Id!))
  return predictedMatchups(matches, winners).map((m) => ({
    id: m.matchId,
    round: m.round,
    matchNumber: m.matchNumber,
    team1Id: m.team1Id,
    team2Id: m.team2Id,
    winnerTeamId: m.winnerTeamId,
  }))
}

const results = playedOut((team1) => team1)
const perfect: Picks = completePicks(matches)

describe('scoreBracket', () => {
  it('scores a perfect bracket 16 of 16', () => {
    const score = scoreBracket(perfect, results, 'p1a', 'p1a')
    expect(score).toMatchObject({
      correct: 16,
      total: 16,
      isMvpCorrect: true,
      accuracyPercent: 100,
    })
    expect(score.correctMatchIds).toHaveLength(15)
  })

  it('counts the MVP as one of the 16', () => {
    const score = scoreBracket(perfect, results, 'p1b', 'p1a')
    expect(score).toMatchObject({ correct: 15, total: 16, isMvpCorrect: false })
    expect(score.accuracyPercent).toBe(93.75)
    expect(scoreBracket(perfect, results, null, 'p1a').correct).toBe(15)
    expect(scoreBracket(perfect, results, 'p1a', null).correct).toBe(15)
    expect(scoreBracket(perfect, results, null, null).isMvpCorrect).toBe(false)
  })

  it('scores an all-wrong bracket 0', () => {
    const wrong = completePicks(matches, (m) => m.team2Id)
    expect(scoreBracket(wrong, results, 'p16a', 'p1a')).toMatchObject({
      correct: 0,
      total: 16,
      accuracyPercent: 0,
    })
  })

  it('marks a later pick correct when the predicted winner won that match, whoever met', () => {
    // The user has t2 beating t1 in r16-1 (wrong) but still t3 winning qf-1 against t2.
    const picks = { ...perfect, 'r16-1': 't2', 'qf-1': 't3' }
    const real = results.map((m) => (m.id === 'qf-1' ? { ...m, winnerTeamId: 't3' } : m))
    const score = scoreBracket(picks, real, null, null)
    expect(score.correctMatchIds).toContain('qf-1')
    expect(score.correctMatchIds).not.toContain('r16-1')
  })

  it('does not count matches without a result or picks outside the bracket', () => {
    const unplayed = results.map((m) => (m.round === 'final' ? { ...m, winnerTeamId: null } : m))
    expect(scoreBracket(perfect, unplayed, null, null).correct).toBe(14)
    const junk = { ...perfect, nope: 't1' }
    expect(scoreBracket(junk, results, null, null).correct).toBe(15)
  })

  it('scores against the playable bracket when round16 is malformed', () => {
    const broken = results.map((m) => (m.id === 'r16-8' ? { ...m, team2Id: null } : m))
    // r16-8, qf-4, sf-2 and the final drop out: 11 matches + MVP.
    expect(scoreBracket(perfect, broken, 'p1a', 'p1a')).toMatchObject({ correct: 12, total: 12 })
  })

  it('accuracyPercent returns the rounded percentage', () => {
    expect(accuracyPercent(perfect, results, 'p1a', 'p1a')).toBe(100)
    const picks = { ...perfect, 'r16-8': 't16', 'r16-7': 't14', 'r16-6': 't12' }
    expect(accuracyPercent(picks, results, 'p1a', 'p1a')).toBe(81.25)
  })

  it('never counts more correct than total (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 15, maxLength: 15 }),
        fc.boolean(),
        (choices, isMvpRight) => {
          const picks = completePicks(matches, (m, i) => (choices[i] ? m.team1Id : m.team2Id))
          const score = scoreBracket(picks, results, isMvpRight ? 'p1a' : 'x', 'p1a')
          expect(score.correct).toBeLessThanOrEqual(score.total)
          expect(score.total).toBe(16)
        },
      ),
    )
  })
})

describe('toAccuracyPercent', () => {
  it('rounds half up to 2 decimals', () => {
    expect(toAccuracyPercent(2, 3)).toBe(66.67)
    expect(toAccuracyPercent(1, 3)).toBe(33.33)
    expect(toAccuracyPercent(1, 8)).toBe(12.5)
    expect(toAccuracyPercent(1, 16)).toBe(6.25)
    expect(toAccuracyPercent(1, 20_001)).toBe(0)
    expect(toAccuracyPercent(1, 20_000)).toBe(0.01)
    expect(toAccuracyPercent(16, 16)).toBe(100)
    expect(toAccuracyPercent(0, 0)).toBe(0)
  })

  it('rejects impossible counts', () => {
    expect(() => toAccuracyPercent(17, 16)).toThrow(RangeError)
    expect(() => toAccuracyPercent(-1, 16)).toThrow(RangeError)
    expect(() => toAccuracyPercent(1.5, 16)).toThrow(RangeError)
  })
})

describe('reachesAccuracy', () => {
  it('compares exactly, without float error', () => {
    expect(reachesAccuracy(9, 10, 90)).toBe(true)
    expect(reachesAccuracy(14, 16, 87.5)).toBe(true)
    expect(reachesAccuracy(13, 16, 87.5)).toBe(false)
    expect(reachesAccuracy(15, 16, 93.75)).toBe(true)
    // 0.7 × 10 is 7.000000000000001 in floating point; 7 of 10 still reaches 70.
    expect(reachesAccuracy(7, 10, 70)).toBe(true)
    expect(reachesAccuracy(29, 50, 58)).toBe(true)
    expect(reachesAccuracy(3, 5, 60)).toBe(true)
    expect(reachesAccuracy(16, 16, 100)).toBe(true)
    expect(reachesAccuracy(15, 16, 100)).toBe(false)
  })

  it('reaches nothing when there is nothing to score', () => {
    expect(reachesAccuracy(0, 0, 0)).toBe(false)
    expect(reachesAccuracy(0, 16, 0)).toBe(true)
  })

  it('agrees with exact rational comparison (property)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 1000 })
          .chain((total) => fc.tuple(fc.constant(total), fc.integer({ min: 0, max: total }))),
        fc.integer({ min: 0, max: 10_000 }),
        ([total, correct], minHundredths) => {
          const expected = BigInt(correct) * 10_000n >= BigInt(minHundredths) * BigInt(total)
          expect(reachesAccuracy(correct, total, minHundredths / 100)).toBe(expected)
        },
      ),
    )
  })

  it('toHundredths rounds config percentages to 0.01', () => {
    expect(toHundredths(57.3)).toBe(5730)
    expect(toHundredths(0.7 * 100)).toBe(7000)
    expect(toHundredths(12.345)).toBe(1235)
    expect(() => toHundredths(Number.NaN)).toThrow(RangeError)
  })
})
