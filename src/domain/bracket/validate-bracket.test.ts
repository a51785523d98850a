import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  indexBracket,
  nextMatchNumber,
  nextRound,
  predictedMatchups,
  type PickEntry,
  type PredictedMatch,
  type TeamRef,
} from './bracket'
import {
  completePicks,
  makeTournament,
  patchMatch,
  randomBetArb,
  toEntries,
} from './bracket-fixtures'
import {
  checkBracket,
  describeBracketProblem,
  isBracketValid,
  validateBracket,
  type BracketProblem,
} from './validate-bracket'

const { matches, teams } = makeTournament()
const teamsById = new Map(teams.map((team) => [team.id, team]))
// t1 wins everything on the team1 side: champion t1 (players p1a, p1b).
const picks = completePicks(matches)
const entries = toEntries(picks)

const without = (matchId: string) => entries.filter((entry) => entry.matchId !== matchId)
const replaced = (matchId: string, winnerTeamId: string) =>
  entries.map((entry) => (entry.matchId === matchId ? { matchId, winnerTeamId } : entry))

describe('validateBracket', () => {
  it('accepts a complete, consistent bracket with the champion’s player as MVP', () => {
    expect(validateBracket(matches, entries, 'p1a', teamsById)).toEqual([])
    expect(validateBracket(matches, entries, 'p1b', teams)).toEqual([])
    expect(isBracketValid(matches, entries, 'p1b', teams)).toBe(true)
  })

  it('accepts picks in any order', () => {
    expect(validateBracket(matches, [...entries].reverse(), 'p1a', teams)).toEqual([])
  })

  it('reports a missing round16 pick and the later picks it invalidates', () => {
    const problems = validateBracket(matches, without('r16-2'), 'p1a', teams)
    expect(problems).toEqual([
      { code: 'missing_pick', matchId: 'r16-2', round: 'round16', matchNumber: 2 },
    ])
  })

  it('reports a missing final pick without judging the MVP', () => {
    const problems = validateBracket(matches, without('final-1'), 'p1a', teams)
    expect(problems).toEqual([
      { code: 'missing_pick', matchId: 'final-1', round: 'final', matchNumber: 1 },
    ])
  })

  it('reports a round16 winner that is not in the match', () => {
    const problems = validateBracket(matches, replaced('r16-8', 't1'), 'p1a', teams)
    expect(problems).toEqual([
      {
        code: 'invalid_winner',
        matchId: 'r16-8',
        round: 'round16',
        matchNumber: 8,
        winnerTeamId: 't1',
        allowed: ['t15', 't16'],
      },
    ])
  })

  it('reports a later pick that the user’s own earlier picks did not put there', () => {
    // qf-1 is t1 v t3 in this bracket; t2 lost in round16.
    const problems = validateBracket(matches, replaced('qf-1', 't2'), 'p1a', teams)
    expect(problems).toEqual([
      {
        code: 'invalid_winner',
        matchId: 'qf-1',
        round: 'quarterfinal',
        matchNumber: 1,
        winnerTeamId: 't2',
        allowed: ['t1', 't3'],
      },
      // sf-1 now has no team from qf-1, so its pick t1 is not a participant either.
      {
        code: 'invalid_winner',
        matchId: 'sf-1',
        round: 'semifinal',
        matchNumber: 1,
        winnerTeamId: 't1',
        allowed: [null, 't5'],
      },
      {
        code: 'invalid_winner',
        matchId: 'final-1',
        round: 'final',
        matchNumber: 1,
        winnerTeamId: 't1',
        allowed: [null, 't9'],
      },
    ])
  })

  it('rejects flipping an earlier pick without fixing the rounds after it', () => {
    const problems = validateBracket(matches, replaced('r16-1', 't2'), 'p1a', teams)
    expect(problems.map((problem) => problem.code)).toEqual([
      'invalid_winner',
      'invalid_winner',
      'invalid_winner',
    ])
    expect(problems[0]).toMatchObject({ matchId: 'qf-1', allowed: ['t2', 't3'] })
  })

  it('reports unknown matches', () => {
    const problems = validateBracket(
      matches,
      [...entries, { matchId: 'nope', winnerTeamId: 't1' }],
      'p1a',
      teams,
    )
    expect(problems).toEqual([{ code: 'unknown_match', matchId: 'nope' }])
  })

  it('reports duplicate picks, even with the same winner, and checks the first one', () => {
    const same = validateBracket(
      matches,
      [...entries, { matchId: 'r16-1', winnerTeamId: 't1' }],
      'p1a',
      teams,
    )
    expect(same).toEqual([{ code: 'duplicate_pick', matchId: 'r16-1' }])
    const other = validateBracket(
      matches,
      [{ matchId: 'r16-1', winnerTeamId: 't2' }, ...entries],
      'p1a',
      teams,
    )
    expect(other[0]).toEqual({ code: 'duplicate_pick', matchId: 'r16-1' })
    expect(other.slice(1).map((problem) => problem.code)).toEqual([
      'invalid_winner',
      'invalid_winner',
      'invalid_winner',
    ])
  })

  it('reports a pick for a match outside the playable bracket', () => {
    const broken = patchMatch(matches, 'r16-8', { team2Id: null })
    const problems = validateBracket(broken, entries, 'p1a', teams)
    expect(problems).toEqual([
      { code: 'unexpected_pick', matchId: 'r16-8' },
      { code: 'unexpected_pick', matchId: 'qf-4' },
      { code: 'unexpected_pick', matchId: 'sf-2' },
      { code: 'unexpected_pick', matchId: 'final-1' },
      { code: 'no_playable_final' },
    ])
  })

  it('does not require malformed round16 matches (nor what depends on them)', () => {
    const broken = patchMatch(matches, 'r16-8', { team2Id: null })
    const kept = entries.filter(
      (entry) => !['r16-8', 'qf-4', 'sf-2', 'final-1'].includes(entry.matchId),
    )
    expect(validateBracket(broken, kept, 'p1a', teams)).toEqual([{ code: 'no_playable_final' }])
  })

  it('reports a missing MVP', () => {
    expect(validateBracket(matches, entries, null, teams)).toEqual([{ code: 'missing_mvp' }])
    expect(validateBracket(matches, entries, '', teams)).toEqual([{ code: 'missing_mvp' }])
  })

  it('reports an MVP who is not a player of the predicted champion', () => {
    expect(validateBracket(matches, entries, 'p9a', teams)).toEqual([
      { code: 'mvp_not_in_champion', mvpPlayerId: 'p9a', championTeamId: 't1' },
    ])
  })

  it('reports the MVP when the champion team is unknown to the lookup', () => {
    const others: TeamRef[] = teams.filter((team) => team.id !== 't1')
    expect(validateBracket(matches, entries, 'p1a', others)).toEqual([
      { code: 'mvp_not_in_champion', mvpPlayerId: 'p1a', championTeamId: 't1' },
    ])
  })

  it('reports every missing pick of an empty bracket', () => {
    const problems = validateBracket(matches, [], null, teams)
    expect(problems).toHaveLength(16)
    expect(problems.filter((problem) => problem.code === 'missing_pick')).toHaveLength(15)
    expect(problems.at(-1)).toEqual({ code: 'missing_mvp' })
  })

  it('treats match ids such as "constructor" safely', () => {
    const odd = matches.map((match) =>
      match.id === 'r16-1' ? { ...match, id: 'constructor' } : match,
    )
    const oddEntries = entries.map((entry) =>
      entry.matchId === 'r16-1' ? { ...entry, matchId: 'constructor' } : entry,
    )
    expect(validateBracket(odd, oddEntries, 'p1a', teams)).toEqual([])
    const problems = validateBracket(
      odd,
      oddEntries.filter((e) => e.matchId !== 'constructor'),
      'p1a',
      teams,
    )
    expect(problems[0]).toMatchObject({ code: 'missing_pick', matchId: 'constructor' })
  })
})

describe('describeBracketProblem', () => {
  it('gives an English sentence for every problem', () => {
    const problems: BracketProblem[] = [
      { code: 'unknown_match', matchId: 'm' },
      { code: 'duplicate_pick', matchId: 'm' },
      { code: 'unexpected_pick', matchId: 'm' },
      { code: 'missing_pick', matchId: 'm', round: 'semifinal', matchNumber: 2 },
      {
        code: 'invalid_winner',
        matchId: 'm',
        round: 'final',
        matchNumber: 1,
        winnerTeamId: 't1',
        allowed: ['t2', 't3'],
      },
      {
        code: 'invalid_winner',
        matchId: 'm',
        round: 'final',
        matchNumber: 1,
        winnerTeamId: 't1',
        allowed: [null, null],
      },
      { code: 'no_playable_final' },
      { code: 'missing_mvp' },
      { code: 'mvp_not_in_champion', mvpPlayerId: 'p', championTeamId: 't' },
    ]
    expect(problems.map(describeBracketProblem)).toEqual([
      'Match m is not part of this tournament',
      'Match m is picked more than once',
      'Match m is not part of the playable bracket',
      'Missing pick for semifinal match 2 (m)',
      'Pick t1 for final match 1 (m) is not one of the pairs your earlier picks put there: t2 or t3',
      'Pick t1 for final match 1 (m) is not one of the pairs your earlier picks put there: no pair yet',
      'The tournament has no playable final, so no bracket can be completed',
      'No MVP chosen',
      'MVP p is not a player of the predicted champion t',
    ])
  })
})

// Mutations that always make a consistent bracket invalid, with the problem they must produce.
interface Bet {
  entries: PickEntry[]
  mvp: string
  predicted: PredictedMatch[]
  teamIds: string[]
  otherPlayer: string
}
type Mutation = (bet: Bet) => {
  entries: PickEntry[]
  mvp: string | null
  expected: BracketProblem['code']
}

const mutations: fc.Arbitrary<Mutation>[] = [
  fc.nat().map((i) => ({ entries, mvp }) => ({
    entries: entries.filter((_, j) => j !== i % entries.length),
    mvp,
    expected: 'missing_pick',
  })),
  // A winner that is not one of the match's two predicted pairs (another pair, or no pair).
  fc.tuple(fc.nat(), fc.nat()).map(([i, k]) => ({ entries, mvp, predicted, teamIds }) => {
    const entry = entries[i % entries.length]!
    const match = predicted.find((m) => m.matchId === entry.matchId)!
    const outsiders = ['not-a-team', ...teamIds].filter(
      (id) => id !== match.team1Id && id !== match.team2Id,
    )
    const winnerTeamId = outsiders[k % outsiders.length]!
    return {
      entries: entries.map((e) => (e === entry ? { ...e, winnerTeamId } : e)),
      mvp,
      expected: 'invalid_winner',
    }
  }),
  fc.tuple(fc.nat(), fc.boolean()).map(([i, same]) => ({ entries, mvp }) => {
    const copy = entries[i % entries.length]!
    const winnerTeamId = same ? copy.winnerTeamId : 'not-a-team'
    return { entries: [...entries, { ...copy, winnerTeamId }], mvp, expected: 'duplicate_pick' }
  }),
  fc.uuid().map((id) => ({ entries, mvp }) => ({
    entries: [...entries, { matchId: `x-${id}`, winnerTeamId: entries[0]!.winnerTeamId }],
    mvp,
    expected: 'unknown_match',
  })),
  fc.constant(({ entries, otherPlayer }: Bet) => ({
    entries,
    mvp: otherPlayer,
    expected: 'mvp_not_in_champion' as const,
  })),
  fc.constant(({ entries }: Bet) => ({ entries, mvp: null, expected: 'missing_mvp' as const })),
]

describe('validateBracket properties', () => {
  it('accepts every complete bracket built from random valid picks', () => {
    fc.assert(
      fc.property(randomBetArb, ({ tournament, picks, mvpPlayerId, championId }) => {
        const predicted = predictedMatchups(tournament.matches, picks)
        expect(predicted.find((m) => m.round === 'final')?.winnerTeamId).toBe(championId)
        for (const match of predicted) {
          expect([match.team1Id, match.team2Id]).toContain(picks[match.matchId])
        }
        expect(
          validateBracket(tournament.matches, toEntries(picks), mvpPlayerId, tournament.teams),
        ).toEqual([])
      }),
    )
  })

  it('checkBracket on an index answers validateBracket and, for a valid bracket, its matchups', () => {
    fc.assert(
      fc.property(randomBetArb, ({ tournament, picks, mvpPlayerId }) => {
        const index = indexBracket(tournament.matches)
        const valid = checkBracket(index, toEntries(picks), mvpPlayerId, tournament.teams)
        expect(valid).toEqual({
          problems: [],
          predicted: predictedMatchups(tournament.matches, picks),
        })
        // The same index serves the next bracket: an incomplete one gets the same problems.
        const partial = toEntries(picks).slice(1)
        expect(checkBracket(index, partial, mvpPlayerId, tournament.teams).problems).toEqual(
          validateBracket(tournament.matches, partial, mvpPlayerId, tournament.teams),
        )
      }),
    )
  })

  it('rejects random invalid modifications with the matching problem', () => {
    fc.assert(
      fc.property(
        randomBetArb,
        fc.oneof(...mutations),
        fc.nat(),
        ({ tournament, picks, mvpPlayerId, championId }, mutate, n) => {
          const others = tournament.teams.filter((team) => team.id !== championId)
          const other = others[n % others.length]!
          const { entries, mvp, expected } = mutate({
            entries: toEntries(picks),
            mvp: mvpPlayerId,
            predicted: predictedMatchups(tournament.matches, picks),
            teamIds: tournament.teams.map((team) => team.id),
            otherPlayer: n % 2 === 0 ? other.player1Id : other.player2Id,
          })
          const problems = validateBracket(tournament.matches, entries, mvp, tournament.teams)
          expect(problems.map((problem) => problem.code)).toContain(expected)
        },
      ),
    )
  })

  it('rejects flipping a pick whose winner advanced when later picks are not changed', () => {
    fc.assert(
      fc.property(randomBetArb, fc.nat(), ({ tournament, picks, mvpPlayerId }, n) => {
        const predicted = predictedMatchups(tournament.matches, picks)
        const advanced = predicted.filter((match) => {
          const after = nextRound(match.round)
          return predicted.some(
            (next) =>
              next.round === after &&
              next.matchNumber === nextMatchNumber(match.matchNumber) &&
              next.winnerTeamId === match.winnerTeamId,
          )
        })
        const target = advanced[n % advanced.length]!
        const loser = target.winnerTeamId === target.team1Id ? target.team2Id! : target.team1Id!
        const flipped = toEntries(picks).map((entry) =>
          entry.matchId === target.matchId ? { ...entry, winnerTeamId: loser } : entry,
        )
        const problems = validateBracket(tournament.matches, flipped, mvpPlayerId, tournament.teams)
        expect(problems.length).toBeGreaterThan(0)
        expect(problems.every((problem) => problem.code === 'invalid_winner')).toBe(true)
      }),
    )
  })
})
