import { describe, expect, it } from 'vitest'
import { predictedMatchups, type Picks } from '#domain/bracket/bracket'
import {
  completePicks,
  makeTournament,
  patchMatch,
  type TestMatch,
} from '#domain/bracket/bracket-fixtures'
import { bracketOutlook } from './outlook'

const { matches } = makeTournament()

/** The round of 16 played, pair 1 winning each, and the quarterfinals drawn from its winners. */
function afterRoundOf16(): TestMatch[] {
  let played: TestMatch[] = matches.map((match) =>
    match.round === 'round16' ? { ...match, winnerTeamId: match.team1Id } : match,
  )
  for (let n = 1; n <= 4; n += 1) {
    played = patchMatch(played, `qf-${n}`, { team1Id: `t${4 * n - 3}`, team2Id: `t${4 * n - 1}` })
  }
  return played
}

/** Pair 1 of every match as drawn: t1 champion. */
const favourites: Picks = completePicks(matches)
/** t2 all the way: out in its first match, so every later pick of it is busted. */
const t2AllTheWay: Picks = completePicks(matches, (match) =>
  match.team1Id === 't2' || match.team2Id === 't2' ? 't2' : match.team1Id,
)

describe('bracketOutlook', () => {
  it('before any result: every pick alive and the best tier still open', () => {
    const outlook = bracketOutlook(favourites, matches, { pick: 'p1a', actual: null })
    expect([...outlook.marks.values()]).toEqual(Array(15).fill('alive'))
    expect(outlook).toMatchObject({
      mvpMark: 'open',
      correct: 0,
      total: 16,
      maxPossible: 16,
      tierNow: 'no_tier',
      bestReachableTier: 'tier_100',
    })
  })

  it('after the round of 16: played picks marked, the rest alive while their pair is in', () => {
    const outlook = bracketOutlook(favourites, afterRoundOf16(), { pick: 'p1a', actual: null })
    expect(outlook.marks.get('r16-1')).toBe('correct')
    expect(outlook.marks.get('final-1')).toBe('alive')
    expect(outlook).toMatchObject({ correct: 8, maxPossible: 16, tierNow: 'no_tier' })
    expect(outlook.bestReachableTier).toBe('tier_100')
  })

  it('busts every later pick of a pair that is out', () => {
    const outlook = bracketOutlook(t2AllTheWay, afterRoundOf16(), { pick: 'p2a', actual: null })
    expect(outlook.marks.get('r16-1')).toBe('wrong')
    for (const id of ['qf-1', 'sf-1', 'final-1']) expect(outlook.marks.get(id)).toBe('busted')
    for (const id of ['qf-2', 'qf-3', 'qf-4', 'sf-2']) expect(outlook.marks.get(id)).toBe('alive')
    // 7 correct + 4 alive + the open MVP = 12 of 16 = 75 %: 70 % is the best left.
    expect(outlook).toMatchObject({ correct: 7, maxPossible: 12, bestReachableTier: 'tier_70' })
  })

  it('closes the MVP once it is set', () => {
    const played = afterRoundOf16()
    const wrongMvp = bracketOutlook(t2AllTheWay, played, { pick: 'p2a', actual: 'p1a' })
    expect(wrongMvp).toMatchObject({ mvpMark: 'wrong', maxPossible: 11 })
    expect(wrongMvp.bestReachableTier).toBe('tier_60')
    const rightMvp = bracketOutlook(favourites, played, { pick: 'p1a', actual: 'p1a' })
    expect(rightMvp).toMatchObject({ mvpMark: 'correct', correct: 9, maxPossible: 16 })
  })

  it('an upset turns the pick wrong and the picked pair busted further on', () => {
    const played = patchMatch(afterRoundOf16(), 'qf-1', { winnerTeamId: 't3' })
    const outlook = bracketOutlook(favourites, played, { pick: 'p1a', actual: null })
    expect(outlook.marks.get('qf-1')).toBe('wrong')
    expect(outlook.marks.get('sf-1')).toBe('busted')
    expect(outlook.marks.get('final-1')).toBe('busted')
    expect(outlook).toMatchObject({ correct: 8, maxPossible: 13, tierNow: 'no_tier' })
    expect(outlook.bestReachableTier).toBe('tier_80')
  })

  it('stands in the tier it reached once the tournament is played', () => {
    const played: TestMatch[] = predictedMatchups(matches, favourites).map((match) => ({
      id: match.matchId,
      round: match.round,
      matchNumber: match.matchNumber,
      team1Id: match.team1Id,
      team2Id: match.team2Id,
      winnerTeamId: match.winnerTeamId,
    }))
    const outlook = bracketOutlook(t2AllTheWay, played, { pick: 'p1a', actual: 'p1a' })
    // 7 of the round of 16, qf-2…qf-4 and sf-2 (pair 1 throughout) and the MVP: 12 of 16.
    expect(outlook).toMatchObject({ correct: 12, maxPossible: 12, tierNow: 'tier_70' })
    expect(outlook.bestReachableTier).toBe('tier_70')
  })
})
