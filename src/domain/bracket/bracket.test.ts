import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BRACKET_MATCH_COUNT,
  championOf,
  expectedPredictionCount,
  feederMatchNumbers,
  findTeam,
  indexBracket,
  isRound,
  MATCHES_PER_ROUND,
  nextMatchNumber,
  nextRound,
  pickEntries,
  pickOf,
  picksFromEntries,
  playableMatches,
  predictedChampion,
  predictedMatchups,
  previousRound,
  requiredPickCount,
  ROUND_ORDER,
  roundIndex,
  type MatchRef,
} from './bracket'
import {
  completePicks,
  makeTournament,
  patchMatch,
  randomBetArb,
  tournamentArb,
} from './bracket-fixtures'

describe('rounds', () => {
  it('orders the four rounds with 8, 4, 2 and 1 matches', () => {
    expect(ROUND_ORDER).toEqual(['round16', 'quarterfinal', 'semifinal', 'final'])
    expect(ROUND_ORDER.map((round) => MATCHES_PER_ROUND[round])).toEqual([8, 4, 2, 1])
    expect(BRACKET_MATCH_COUNT).toBe(15)
    expect(ROUND_ORDER.map(roundIndex)).toEqual([0, 1, 2, 3])
  })

  it('steps between rounds', () => {
    expect(previousRound('round16')).toBeNull()
    expect(previousRound('quarterfinal')).toBe('round16')
    expect(previousRound('final')).toBe('semifinal')
    expect(nextRound('round16')).toBe('quarterfinal')
    expect(nextRound('semifinal')).toBe('final')
    expect(nextRound('final')).toBeNull()
  })

  it('recognises round names', () => {
    expect(isRound('semifinal')).toBe(true)
    expect(isRound('round32')).toBe(false)
    expect(isRound(undefined)).toBe(false)
  })

  it('feeds match n from matches 2n−1 and 2n of the round before', () => {
    expect([1, 2, 3, 4].map(feederMatchNumbers)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
    ])
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(nextMatchNumber)).toEqual([1, 1, 2, 2, 3, 3, 4, 4])
  })
})

describe('picks', () => {
  it('reads own properties only', () => {
    const picks = picksFromEntries([{ matchId: 'm1', winnerTeamId: 't1' }])
    expect(pickOf(picks, 'm1')).toBe('t1')
    expect(pickOf(picks, 'constructor')).toBeUndefined()
    expect(pickOf(picks, 'toString')).toBeUndefined()
  })

  it('keeps the first of duplicate entries and round-trips', () => {
    const picks = picksFromEntries([
      { matchId: 'm1', winnerTeamId: 't1' },
      { matchId: 'm1', winnerTeamId: 't2' },
      { matchId: 'm2', winnerTeamId: 't3' },
    ])
    expect(picks).toEqual({ m1: 't1', m2: 't3' })
    expect(pickEntries(picks)).toEqual([
      { matchId: 'm1', winnerTeamId: 't1' },
      { matchId: 'm2', winnerTeamId: 't3' },
    ])
  })

  it('stores a "__proto__" match id as data, not as the prototype', () => {
    const picks = picksFromEntries([{ matchId: '__proto__', winnerTeamId: 't1' }])
    expect(pickOf(picks, '__proto__')).toBe('t1')
    expect(Object.getPrototypeOf(picks)).toBe(Object.prototype)
  })

  it('finds teams in a list or a map', () => {
    const { teams } = makeTournament()
    expect(findTeam(teams, 't3')?.player1Id).toBe('p3a')
    expect(findTeam(new Map(teams.map((team) => [team.id, team])), 't3')?.player2Id).toBe('p3b')
    expect(findTeam(teams, 'nope')).toBeUndefined()
  })
})

describe('indexBracket / playableMatches', () => {
  it('makes all 15 matches of a well-formed bracket playable, in round order', () => {
    const { matches } = makeTournament()
    const shuffled = [...matches].reverse()
    expect(playableMatches(shuffled).map((match) => match.id)).toEqual(
      matches.map((match) => match.id),
    )
    expect(requiredPickCount(matches)).toBe(15)
  })

  it('skips a round16 match missing a team, and everything that depends on it', () => {
    const { matches } = makeTournament()
    const broken = patchMatch(matches, 'r16-3', { team2Id: null })
    const ids = playableMatches(broken).map((match) => match.id)
    expect(ids).not.toContain('r16-3')
    expect(ids).not.toContain('qf-2')
    expect(ids).not.toContain('sf-1')
    expect(ids).not.toContain('final-1')
    expect(ids).toEqual([
      'r16-1',
      'r16-2',
      'r16-4',
      'r16-5',
      'r16-6',
      'r16-7',
      'r16-8',
      'qf-1',
      'qf-3',
      'qf-4',
      'sf-2',
    ])
  })

  it('skips round16 matches with no teams or the same team twice', () => {
    const { matches } = makeTournament()
    const noTeams = patchMatch(matches, 'r16-1', { team1Id: null, team2Id: null })
    expect(playableMatches(noTeams).map((match) => match.id)).not.toContain('r16-1')
    const sameTeam = patchMatch(matches, 'r16-1', { team2Id: 't1' })
    expect(playableMatches(sameTeam).map((match) => match.id)).not.toContain('r16-1')
  })

  it('leaves a slot claimed by two rows empty', () => {
    const { matches } = makeTournament()
    const doubled = [...matches, { ...matches[0]!, id: 'r16-1-copy' }]
    const index = indexBracket(doubled)
    expect(index.playableIds.has('r16-1')).toBe(false)
    expect(index.playableIds.has('r16-1-copy')).toBe(false)
    expect(index.byId.has('r16-1-copy')).toBe(true)
  })

  it('ignores rows outside the bracket (number out of range, unknown round)', () => {
    const { matches } = makeTournament()
    const extra: MatchRef[] = [
      { id: 'qf-9', round: 'quarterfinal', matchNumber: 9, team1Id: null, team2Id: null },
      { id: 'sf-0', round: 'semifinal', matchNumber: 0, team1Id: null, team2Id: null },
      { id: 'sf-x', round: 'semifinal', matchNumber: 1.5, team1Id: null, team2Id: null },
      { id: 'odd', round: 'round32' as never, matchNumber: 1, team1Id: 'a', team2Id: 'b' },
    ]
    const index = indexBracket([...matches, ...extra])
    expect(index.playable).toHaveLength(15)
    expect(index.byId.size).toBe(19)
  })

  it('keeps the first row of a repeated id', () => {
    const { matches } = makeTournament()
    const index = indexBracket([...matches, { ...matches[0]!, matchNumber: 5 }])
    expect(index.byId.get('r16-1')?.matchNumber).toBe(1)
    expect(index.playable).toHaveLength(15)
  })

  it('drops a later match whose row is missing, and the rounds after it', () => {
    const { matches } = makeTournament()
    const ids = playableMatches(matches.filter((match) => match.id !== 'qf-4')).map((m) => m.id)
    expect(ids).toHaveLength(12)
    expect(ids).toContain('sf-1')
    expect(ids).not.toContain('sf-2')
    expect(ids).not.toContain('final-1')
  })
})

describe('predictedMatchups', () => {
  it('shows round16 pairs and empty later rounds before any pick', () => {
    const { matches } = makeTournament()
    const predicted = predictedMatchups(matches, {})
    expect(predicted).toHaveLength(15)
    expect(predicted[0]).toEqual({
      matchId: 'r16-1',
      round: 'round16',
      matchNumber: 1,
      team1Id: 't1',
      team2Id: 't2',
      winnerTeamId: null,
    })
    for (const match of predicted.filter((m) => m.round !== 'round16')) {
      expect([match.team1Id, match.team2Id]).toEqual([null, null])
    }
  })

  it('fills quarterfinal n from the winners of round16 2n−1 and 2n', () => {
    const { matches } = makeTournament()
    const predicted = predictedMatchups(matches, { 'r16-3': 't6', 'r16-4': 't7', 'r16-8': 't16' })
    const qf2 = predicted.find((match) => match.matchId === 'qf-2')
    expect(qf2).toMatchObject({ team1Id: 't6', team2Id: 't7', winnerTeamId: null })
    const qf4 = predicted.find((match) => match.matchId === 'qf-4')
    expect(qf4).toMatchObject({ team1Id: null, team2Id: 't16' })
  })

  it('carries picks through to the final and the champion', () => {
    const { matches } = makeTournament()
    const picks = completePicks(matches, (match) => match.team2Id)
    const predicted = predictedMatchups(matches, picks)
    expect(predicted.find((m) => m.matchId === 'sf-1')).toMatchObject({
      team1Id: 't4',
      team2Id: 't8',
      winnerTeamId: 't8',
    })
    expect(predicted.find((m) => m.matchId === 'final-1')).toMatchObject({
      team1Id: 't8',
      team2Id: 't16',
      winnerTeamId: 't16',
    })
    expect(predictedChampion(matches, picks)).toBe('t16')
    expect(championOf(predicted)).toBe('t16')
  })

  it('treats a pick that is not a participant as no pick, and does not carry it on', () => {
    const { matches } = makeTournament()
    const predicted = predictedMatchups(matches, { 'r16-1': 't9', 'qf-1': 't9' })
    expect(predicted.find((m) => m.matchId === 'r16-1')?.winnerTeamId).toBeNull()
    expect(predicted.find((m) => m.matchId === 'qf-1')).toMatchObject({
      team1Id: null,
      winnerTeamId: null,
    })
  })

  it('ignores real teams stored on later-round rows', () => {
    const { matches } = makeTournament()
    const withTeams = patchMatch(matches, 'qf-1', { team1Id: 't3', team2Id: 't4' })
    const qf1 = predictedMatchups(withTeams, { 'r16-1': 't1' }).find((m) => m.matchId === 'qf-1')
    expect(qf1).toMatchObject({ team1Id: 't1', team2Id: null })
  })

  it('has no champion until the final is picked', () => {
    const { matches } = makeTournament()
    const picks = completePicks(matches, (match, i) => (i < 14 ? match.team1Id : null))
    expect(predictedChampion(matches, picks)).toBeNull()
  })

  it('every later-round participant is the predicted winner of its feeder (property)', () => {
    fc.assert(
      fc.property(randomBetArb, ({ tournament, picks, championId }) => {
        const predicted = predictedMatchups(tournament.matches, picks)
        expect(predicted).toHaveLength(15)
        const at = (round: string, n: number) =>
          predicted.find((m) => m.round === round && m.matchNumber === n)!
        for (const match of predicted) {
          expect(match.winnerTeamId).not.toBeNull()
          expect([match.team1Id, match.team2Id]).toContain(match.winnerTeamId)
          const before = previousRound(match.round)
          if (before === null) continue
          const [a, b] = feederMatchNumbers(match.matchNumber)
          expect(match.team1Id).toBe(at(before, a).winnerTeamId)
          expect(match.team2Id).toBe(at(before, b).winnerTeamId)
        }
        expect(championOf(predicted)).toBe(championId)
      }),
    )
  })

  it('does not depend on the order of the rows (property)', () => {
    fc.assert(
      fc.property(randomBetArb, ({ tournament, picks }) => {
        const reversed = [...tournament.matches].reverse()
        expect(predictedMatchups(reversed, picks)).toEqual(
          predictedMatchups(tournament.matches, picks),
        )
      }),
    )
  })
})

describe('expectedPredictionCount', () => {
  it('is round16 matches + 4 + 2 + 1 + 1 MVP for a full bracket', () => {
    expect(expectedPredictionCount(8)).toBe(16)
  })

  it('halves each later round for fewer round16 matches', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(expectedPredictionCount)).toEqual([
      1, 2, 4, 5, 8, 9, 11, 12,
    ])
  })

  it('rejects counts outside 0–8', () => {
    expect(() => expectedPredictionCount(9)).toThrow(RangeError)
    expect(() => expectedPredictionCount(-1)).toThrow(RangeError)
    expect(() => expectedPredictionCount(2.5)).toThrow(RangeError)
  })

  it('bounds the required picks + MVP for any set of malformed round16 matches (property)', () => {
    fc.assert(
      fc.property(
        tournamentArb,
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        ({ matches }, broken) => {
          const damaged = matches.map((match) =>
            match.round === 'round16' && broken[match.matchNumber - 1]
              ? { ...match, team2Id: null }
              : match,
          )
          const valid = broken.filter((isBroken) => !isBroken).length
          const required = requiredPickCount(damaged) + 1
          expect(required).toBeLessThanOrEqual(expectedPredictionCount(valid))
          if (valid === 8) expect(required).toBe(expectedPredictionCount(8))
        },
      ),
    )
  })
})
