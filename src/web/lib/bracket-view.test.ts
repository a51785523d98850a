import { describe, expect, it } from 'vitest'
import type { Match } from '#shared/schemas/tournament'
import {
  predictionMarks,
  slotsFromFanPicks,
  slotsFromMatches,
  slotsFromPicks,
  slotsFromPredictions,
  toColumns,
} from './bracket-view'

describe('toColumns', () => {
  it('always draws 8, 4, 2 and 1 slots, empty where nothing is known', () => {
    const columns = toColumns([])
    expect(columns.map((c) => [c.round, c.slots.length])).toEqual([
      ['round16', 8],
      ['quarterfinal', 4],
      ['semifinal', 2],
      ['final', 1],
    ])
    expect(columns[3]?.slots[0]).toMatchObject({ team1Id: null, pickedId: null, winnerId: null })
  })

  it('starts at the earliest round with a slot: a second-chance bracket from the quarterfinals', () => {
    const columns = toColumns(
      slotsFromPicks([
        {
          matchId: 'q',
          round: 'quarterfinal',
          matchNumber: 1,
          team1Id: 'a',
          team2Id: 'b',
          winnerTeamId: 'a',
        },
      ]),
    )
    expect(columns.map((c) => [c.round, c.slots.length])).toEqual([
      ['quarterfinal', 4],
      ['semifinal', 2],
      ['final', 1],
    ])
    expect(columns[0]?.slots[0]).toMatchObject({ team1Id: 'a', pickedId: 'a' })
  })

  it('puts each match in its slot by round and number', () => {
    const columns = toColumns(
      slotsFromMatches([
        {
          id: 'r',
          round: 'round16',
          matchNumber: 1,
          team1Id: 'a',
          team2Id: 'c',
          winnerTeamId: 'a',
          sets: null,
          startsAt: null,
          court: null,
        },
        {
          id: 'm',
          round: 'quarterfinal',
          matchNumber: 3,
          team1Id: 'a',
          team2Id: 'b',
          winnerTeamId: 'b',
          sets: [
            [4, 6],
            [6, 7],
          ],
          startsAt: null,
          court: null,
        },
      ]),
    )
    expect(columns[1]?.slots[2]).toMatchObject({
      team1Id: 'a',
      team2Id: 'b',
      winnerId: 'b',
      sets: [
        [4, 6],
        [6, 7],
      ],
    })
    expect(columns[1]?.slots[0]?.team1Id).toBeNull()
  })
})

describe('slots from predictions and picks', () => {
  it('keeps the pick, the real winner and the mark', () => {
    const [slot] = slotsFromPredictions([
      {
        matchId: 'm',
        round: 'final',
        matchNumber: 1,
        team1Id: 'a',
        team2Id: 'b',
        predictedWinnerId: 'a',
        winnerTeamId: 'b',
        isCorrect: false,
        sets: null,
        startsAt: null,
        court: null,
      },
    ])
    expect(slot).toMatchObject({ pickedId: 'a', winnerId: 'b', isCorrect: false, key: 'final#1' })
  })

  it('shows wizard picks without results', () => {
    const [slot] = slotsFromPicks([
      {
        matchId: 'm',
        round: 'semifinal',
        matchNumber: 2,
        team1Id: 'a',
        team2Id: null,
        winnerTeamId: null,
      },
    ])
    expect(slot).toMatchObject({ team1Id: 'a', team2Id: null, pickedId: null, isCorrect: null })
  })
})

describe('slotsFromFanPicks', () => {
  it('keeps each pick’s live mark and reads correct/wrong as right or wrong', () => {
    const base = {
      round: 'round16' as const,
      team1Id: 'a',
      team2Id: 'b',
      predictedWinnerId: 'a',
      winnerTeamId: null,
      startsAt: null,
      court: null,
    }
    const slots = slotsFromFanPicks([
      { ...base, matchId: 'm1', matchNumber: 1, mark: 'correct', winnerTeamId: 'a' },
      { ...base, matchId: 'm2', matchNumber: 2, mark: 'wrong', winnerTeamId: 'b' },
      { ...base, matchId: 'm3', matchNumber: 3, mark: 'busted' },
      { ...base, matchId: 'm4', matchNumber: 4, mark: 'alive' },
    ])
    expect(slots.map((slot) => [slot.key, slot.mark, slot.isCorrect, slot.pickedId])).toEqual([
      ['round16#1', 'correct', true, 'a'],
      ['round16#2', 'wrong', false, 'a'],
      ['round16#3', 'busted', null, 'a'],
      ['round16#4', 'alive', null, 'a'],
    ])
  })
})

describe('predictionMarks', () => {
  // The 16 pairs p1…p16 drawn in order: round16 #n is p(2n-1) against p(2n); later rounds empty
  // until their feeders are played, as the server sends them.
  function draw(): Match[] {
    const match = (
      round: Match['round'],
      matchNumber: number,
      team1Id: string | null,
      team2Id: string | null,
    ): Match => ({
      id: `${round}#${matchNumber}`,
      round,
      matchNumber,
      team1Id,
      team2Id,
      winnerTeamId: null,
      sets: null,
      startsAt: null,
      court: null,
    })
    return [
      ...Array.from({ length: 8 }, (_, i) =>
        match('round16', i + 1, `p${2 * i + 1}`, `p${2 * i + 2}`),
      ),
      ...Array.from({ length: 4 }, (_, i) => match('quarterfinal', i + 1, null, null)),
      ...Array.from({ length: 2 }, (_, i) => match('semifinal', i + 1, null, null)),
      match('final', 1, null, null),
    ]
  }
  // The fan: p1 beats p2, p3 beats p4 and p1 wins the quarterfinal; p6 beats p5.
  const picks = [
    { matchId: 'round16#1', predictedWinnerId: 'p1' },
    { matchId: 'round16#2', predictedWinnerId: 'p3' },
    { matchId: 'round16#3', predictedWinnerId: 'p6' },
    { matchId: 'quarterfinal#1', predictedWinnerId: 'p1' },
    { matchId: 'quarterfinal#2', predictedWinnerId: 'p6' },
  ]

  it('marks nothing before the first result: every pick would only be "alive"', () => {
    expect(predictionMarks(picks, draw())).toBeNull()
  })

  it('marks played picks right or wrong, and unplayed ones alive or busted by who is still in', () => {
    const matches = draw().map((match) =>
      match.id === 'round16#1'
        ? { ...match, winnerTeamId: 'p2' }
        : match.id === 'round16#3'
          ? { ...match, winnerTeamId: 'p6' }
          : match,
    )
    const marks = predictionMarks(picks, matches)
    expect(picks.map((pick) => [pick.matchId, marks?.get(pick.matchId)])).toEqual([
      ['round16#1', 'wrong'],
      ['round16#2', 'alive'],
      ['round16#3', 'correct'],
      // p1 lost in round 16: its quarterfinal can no longer be won.
      ['quarterfinal#1', 'busted'],
      ['quarterfinal#2', 'alive'],
    ])
    const slots = slotsFromPredictions(
      picks.slice(0, 1).map((pick) => ({
        ...pick,
        round: 'round16' as const,
        matchNumber: 1,
        team1Id: 'p1',
        team2Id: 'p2',
        winnerTeamId: 'p2',
        isCorrect: false,
        sets: null,
        startsAt: null,
        court: null,
      })),
      marks,
    )
    expect(slots[0]).toMatchObject({ mark: 'wrong', isCorrect: false, pickedId: 'p1' })
  })
})
