import { describe, expect, it } from 'vitest'
import { predictedMatchups, type Picks } from '../bracket/bracket'
import {
  completePicks,
  makeTournament,
  patchMatch,
  type TestMatch,
} from '../bracket/bracket-fixtures'
import { bracketOutlook } from './outlook'
import { tierChances, winProbability } from './tier-chances'

const { matches, teams } = makeTournament()
/** Pair tN is ranked N. */
const ranked = teams.map((team, i) => ({ ...team, ranking: i + 1 }))
const unranked = teams.map((team) => ({ ...team, ranking: 0 }))
const favourites: Picks = completePicks(matches)

/** Every match played as `picks` says, except those listed, which stay unplayed. */
function playedAs(picks: Picks, unplayed: readonly string[] = []): TestMatch[] {
  return predictedMatchups(matches, picks).map((match) => ({
    id: match.matchId,
    round: match.round,
    matchNumber: match.matchNumber,
    team1Id: match.team1Id,
    team2Id: match.team2Id,
    winnerTeamId: unplayed.includes(match.matchId) ? null : match.winnerTeamId,
  }))
}

const sum = (chances: Record<string, number>) => Object.values(chances).reduce((a, b) => a + b, 0)

describe('winProbability', () => {
  it('favours the better-ranked pair by the ratio of rankings', () => {
    expect(winProbability(1, 16)).toBeCloseTo(16 / 17)
    expect(winProbability(9, 8)).toBeCloseTo(8 / 17)
    expect(winProbability(0, 0)).toBe(0.5)
  })
})

describe('tierChances', () => {
  it('before any result with equal pairs: a perfect bracket is one path in 2^15', () => {
    const chances = tierChances({
      picks: favourites,
      results: matches,
      teams: unranked,
      mvp: { pick: 'p1a', actual: 'p1a' },
    })
    expect(chances.tier_100).toBeCloseTo(2 ** -15, 12)
    expect(sum(chances)).toBeCloseTo(1, 12)
  })

  it('with only the final left, splits by the finalists’ rankings', () => {
    const played = playedAs(favourites, ['final-1'])
    const chances = tierChances({
      picks: favourites,
      results: played,
      teams: ranked,
      mvp: { pick: 'p1a', actual: 'p1a' },
    })
    // t1 (ranked 1) meets t9 (ranked 9): 16 of 16 with 9/10, else 15 of 16 (93.75 %: tier_90).
    expect(chances.tier_100).toBeCloseTo(0.9)
    expect(chances.tier_90).toBeCloseTo(0.1)
    expect(sum(chances)).toBeCloseTo(1)
  })

  it('an unset MVP is any of the players still in, equally likely', () => {
    const played = playedAs(favourites, ['final-1'])
    const chances = tierChances({
      picks: favourites,
      results: played,
      teams: unranked,
      mvp: { pick: 'p1a', actual: null },
    })
    // Final 50/50; MVP right with 1/4 (four players left). 16/16 needs both.
    expect(chances.tier_100).toBeCloseTo(0.5 * 0.25)
    expect(chances.tier_90).toBeCloseTo(0.5 * 0.75 + 0.5 * 0.25)
    expect(chances.tier_80).toBeCloseTo(0.5 * 0.75)
  })

  it('an MVP pick already out of the tournament never comes right', () => {
    const played = playedAs(favourites, ['final-1'])
    const chances = tierChances({
      picks: favourites,
      results: played,
      teams: unranked,
      mvp: { pick: 'p2a', actual: null },
    })
    expect(chances.tier_100).toBe(0)
  })

  it('once everything is played, the tier it stands in is certain', () => {
    const tournament = playedAs(favourites)
    const upset = patchMatch(tournament, 'qf-1', { winnerTeamId: 't3' })
    for (const results of [tournament, upset]) {
      const mvp = { pick: 'p1a', actual: 'p1a' }
      const chances = tierChances({ picks: favourites, results, teams: ranked, mvp })
      expect(chances[bracketOutlook(favourites, results, mvp).tierNow]).toBe(1)
      expect(sum(chances)).toBe(1)
    }
  })
})
