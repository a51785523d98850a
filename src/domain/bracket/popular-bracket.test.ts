import { describe, expect, it } from 'vitest'
import { pickEntries, picksFromEntries } from './bracket'
import { makeTournament } from './bracket-fixtures'
import { popularBracket, type PickTally } from './popular-bracket'
import { validateBracket } from './validate-bracket'

describe('popularBracket', () => {
  const tournament = makeTournament()

  it('takes the most-picked winner of each match among the pairs the popular picks put there', () => {
    const winners = new Map<string, PickTally[]>([
      // Round 16: the fans like t2 over t1 (30 v 20) and t3 over t4.
      [
        'r16-1',
        [
          { id: 't2', count: 30 },
          { id: 't1', count: 20 },
        ],
      ],
      [
        'r16-2',
        [
          { id: 't3', count: 40 },
          { id: 't4', count: 10 },
        ],
      ],
      // More fans put t1 through the quarterfinal than t2 or t3, but t1 is not there: t3 (12) > t2 (8).
      [
        'qf-1',
        [
          { id: 't1', count: 25 },
          { id: 't3', count: 12 },
          { id: 't2', count: 8 },
        ],
      ],
    ])
    const mvps = [
      { id: 'p1a', count: 30 },
      { id: 'p3b', count: 9 },
      { id: 'p3a', count: 4 },
    ]
    const bracket = popularBracket(tournament.matches, winners, mvps, tournament.teams)
    const picks = picksFromEntries(bracket.picks)
    expect(bracket.picks).toHaveLength(15)
    expect(
      validateBracket(
        tournament.matches,
        pickEntries(picks),
        bracket.mvp?.id ?? null,
        tournament.teams,
      ),
    ).toEqual([])
    expect(bracket.picks.slice(0, 2)).toEqual([
      { matchId: 'r16-1', winnerTeamId: 't2', count: 30 },
      { matchId: 'r16-2', winnerTeamId: 't3', count: 40 },
    ])
    expect(picks['qf-1']).toBe('t3')
    // Nobody picked anything else: ties (0 v 0) go to the first pair of the match.
    expect(picks['final-1']).toBe('t3')
    expect(bracket.mvp).toEqual({ id: 'p3b', count: 9 })
  })

  it('a tie goes to the first pair; no counts at all still give a valid bracket', () => {
    const winners = new Map([
      [
        'r16-1',
        [
          { id: 't2', count: 5 },
          { id: 't1', count: 5 },
        ],
      ],
    ])
    const bracket = popularBracket(tournament.matches, winners, [], tournament.teams)
    expect(bracket.picks[0]).toEqual({ matchId: 'r16-1', winnerTeamId: 't1', count: 5 })
    expect(bracket.mvp).toEqual({ id: 'p1a', count: 0 })
  })

  it('an undrawn tournament gives no picks and no MVP', () => {
    const undrawn = tournament.matches.map((match) => ({ ...match, team1Id: null, team2Id: null }))
    expect(popularBracket(undrawn, new Map(), [], tournament.teams)).toEqual({
      picks: [],
      mvp: null,
    })
  })
})
