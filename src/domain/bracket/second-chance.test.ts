import { describe, expect, it } from 'vitest'
import type { Round } from './bracket'
import {
  checkSecondChanceBracket,
  hasQuarterfinalResult,
  indexSecondChance,
  isRound16Complete,
  SECOND_CHANCE_PICK_COUNT,
  secondChanceOpenProblem,
} from './second-chance'

/** 15 matches; the quarterfinals hold the winners (team 1) of the round of 16 when `played`. */
function tournament({ played = true }: { played?: boolean } = {}) {
  const rows: {
    id: string
    round: Round
    matchNumber: number
    team1Id: string | null
    team2Id: string | null
    winnerTeamId: string | null
  }[] = []
  for (let n = 1; n <= 8; n += 1) {
    const team1 = `t${2 * n - 1}`
    rows.push({
      id: `r16-${n}`,
      round: 'round16',
      matchNumber: n,
      team1Id: team1,
      team2Id: `t${2 * n}`,
      winnerTeamId: played ? team1 : null,
    })
  }
  for (let n = 1; n <= 4; n += 1) {
    rows.push({
      id: `qf-${n}`,
      round: 'quarterfinal',
      matchNumber: n,
      team1Id: played ? `t${4 * n - 3}` : null,
      team2Id: played ? `t${4 * n - 1}` : null,
      winnerTeamId: null,
    })
  }
  for (let n = 1; n <= 2; n += 1) {
    rows.push({
      id: `sf-${n}`,
      round: 'semifinal',
      matchNumber: n,
      team1Id: null,
      team2Id: null,
      winnerTeamId: null,
    })
  }
  rows.push({
    id: 'final',
    round: 'final',
    matchNumber: 1,
    team1Id: null,
    team2Id: null,
    winnerTeamId: null,
  })
  return rows
}

const teams = Array.from({ length: 16 }, (_, i) => ({
  id: `t${i + 1}`,
  player1Id: `p${2 * i + 1}`,
  player2Id: `p${2 * i + 2}`,
}))

/** Team 1 wins everywhere from the quarterfinals: t1, t5, t9, t13; t1, t9; t1. */
const picks = [
  { matchId: 'qf-1', winnerTeamId: 't1' },
  { matchId: 'qf-2', winnerTeamId: 't5' },
  { matchId: 'qf-3', winnerTeamId: 't9' },
  { matchId: 'qf-4', winnerTeamId: 't13' },
  { matchId: 'sf-1', winnerTeamId: 't1' },
  { matchId: 'sf-2', winnerTeamId: 't9' },
  { matchId: 'final', winnerTeamId: 't1' },
]

describe('why the second chance cannot open', () => {
  const played = tournament()
  const withoutWinners = (...ids: string[]) =>
    played.map((match) => (ids.includes(match.id) ? { ...match, winnerTeamId: null } : match))
  const quarterfinalPlayed = played.map((match) =>
    match.id === 'qf-3' ? { ...match, winnerTeamId: 't9' } : match,
  )
  const noRound16Match = played.filter((match) => match.id !== 'r16-4')

  it.each([
    ['a live tournament, round of 16 complete', 'active', false, played, null],
    ['an upcoming one whose round of 16 is complete', 'upcoming', false, played, null],
    [
      'no result yet',
      'upcoming',
      false,
      tournament({ played: false }),
      ['ROUND_OF_16_INCOMPLETE', 8],
    ],
    ['one result missing', 'active', false, withoutWinners('r16-8'), ['ROUND_OF_16_INCOMPLETE', 1]],
    [
      'three missing',
      'active',
      false,
      withoutWinners('r16-1', 'r16-2', 'r16-7'),
      ['ROUND_OF_16_INCOMPLETE', 3],
    ],
    [
      'a round-of-16 match not drawn',
      'active',
      false,
      noRound16Match,
      ['ROUND_OF_16_INCOMPLETE', 1],
    ],
    ['no bracket at all', 'upcoming', false, [], ['ROUND_OF_16_INCOMPLETE', 8]],
    ['a quarterfinal played', 'active', false, quarterfinalPlayed, ['QUARTERFINAL_PLAYED', 0]],
    ['a completed tournament', 'completed', false, played, ['QUARTERFINAL_PLAYED', 0]],
    ['one already opened', 'active', true, played, ['SECOND_CHANCE_EXISTS', 0]],
    [
      'opened, and results missing',
      'active',
      true,
      withoutWinners('r16-1'),
      ['SECOND_CHANCE_EXISTS', 0],
    ],
    ['a cancelled tournament', 'cancelled', false, played, ['TOURNAMENT_CANCELLED', 0]],
    ['cancelled after it opened', 'cancelled', true, [], ['TOURNAMENT_CANCELLED', 0]],
  ] as const)('%s', (_name, status, hasSecondChance, matches, expected) => {
    expect(secondChanceOpenProblem({ status, hasSecondChance, matches })).toEqual(
      expected === null ? null : { reason: expected[0], missingResults: expected[1] },
    )
  })
})

describe('the second-chance bracket', () => {
  it('opens once every round-of-16 match has a winner, and closes at a quarterfinal result', () => {
    expect(isRound16Complete(tournament())).toBe(true)
    expect(isRound16Complete(tournament({ played: false }))).toBe(false)
    const oneMissing = tournament().map((match) =>
      match.id === 'r16-8' ? { ...match, winnerTeamId: null } : match,
    )
    expect(isRound16Complete(oneMissing)).toBe(false)
    expect(hasQuarterfinalResult(tournament())).toBe(false)
    const played = tournament().map((match) =>
      match.id === 'qf-2' ? { ...match, winnerTeamId: 't5' } : match,
    )
    expect(hasQuarterfinalResult(played)).toBe(true)
  })

  it('predicts 7 matches from the quarterfinals, whose pairs are the real ones', () => {
    const index = indexSecondChance(tournament())
    expect(index.playable.map((match) => match.id)).toEqual([
      'qf-1',
      'qf-2',
      'qf-3',
      'qf-4',
      'sf-1',
      'sf-2',
      'final',
    ])
    expect(index.playable).toHaveLength(SECOND_CHANCE_PICK_COUNT)
    const { problems, predicted } = checkSecondChanceBracket(index, picks, 'p1', teams)
    expect(problems).toEqual([])
    expect(predicted.find((match) => match.matchId === 'sf-1')).toMatchObject({
      team1Id: 't1',
      team2Id: 't5',
    })
  })

  it('refuses a round-of-16 pick, an 8th pick, a quarterfinal loser and an MVP of another pair', () => {
    const index = indexSecondChance(tournament())
    const codes = (list: typeof picks, mvp = 'p1') =>
      checkSecondChanceBracket(index, list, mvp, teams).problems.map((problem) => problem.code)
    expect(codes([...picks, { matchId: 'r16-1', winnerTeamId: 't1' }])).toEqual(['unexpected_pick'])
    expect(codes([...picks, { matchId: 'qf-1', winnerTeamId: 't1' }])).toEqual(['duplicate_pick'])
    // t2 lost in the round of 16: not one of the first quarterfinal's pairs.
    const withLoser = picks.map((pick) =>
      pick.matchId === 'qf-1' ? { ...pick, winnerTeamId: 't2' } : pick,
    )
    expect(codes(withLoser)).toContain('invalid_winner')
    expect(codes(picks, 'p9')).toEqual(['mvp_not_in_champion'])
    expect(codes(picks.slice(1))).toContain('missing_pick')
  })
})
