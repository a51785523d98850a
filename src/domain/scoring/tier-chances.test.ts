import { describe, expect, it } from 'vitest'
import { predictedMatchups, type Picks } from '#domain/bracket/bracket'
import {
  completePicks,
  makeTournament,
  patchMatch,
  type TestMatch,
} from '#domain/bracket/bracket-fixtures'
import { bracketOutlook } from './outlook'
import {
  feederMatchNumbers,
  indexBracket,
  pickOf,
  previousRound,
  slotKey,
  type TeamId,
} from '#domain/bracket/bracket'
import { tierFor } from '#domain/prize/tiers'
import type { MatchResult } from './scoring'
import { tierChances, winProbability, type TierChanceInput } from './tier-chances'

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

describe('tierChances counts as walking every path would', () => {
  it('agrees with the walk on random pickings, results and rankings', () => {
    for (let seed = 1; seed <= 25; seed += 1) {
      const random = seeded(seed)
      const teamsRanked = teams.map((team) => ({ ...team, ranking: 1 + Math.floor(random() * 20) }))
      const picks = completePicks(matches, (match) =>
        random() < 0.5 ? match.team1Id : match.team2Id,
      )
      const truth = completePicks(matches, (match) =>
        random() < 0.6 ? match.team1Id : match.team2Id,
      )
      // The first `playedCount` matches played, in round order; later pairs not yet known.
      const playedCount = Math.floor(random() * 16)
      const results = playedAs(truth).map((match, index) =>
        index < playedCount
          ? match
          : match.round === 'round16'
            ? { ...match, winnerTeamId: null }
            : { ...match, team1Id: null, team2Id: null, winnerTeamId: null },
      )
      const walked = walkEveryPath({ picks, results, teams: teamsRanked })
      // The MVP set and picked right: one more correct pick on every path.
      const mvp = { pick: 'p1a', actual: 'p1a' }
      const chances = tierChances({ picks, results, teams: teamsRanked, mvp })
      const expected: Record<string, number> = Object.fromEntries(
        Object.keys(chances).map((key) => [key, 0]),
      )
      const total = indexBracket(results).playable.length + 1
      for (const [correct, probability] of walked) {
        expected[tierFor(correct + 1, total)]! += probability
      }
      for (const [key, value] of Object.entries(chances)) {
        expect(value, `seed ${seed} ${key}`).toBeCloseTo(expected[key]!, 12)
      }
    }
  })
})

/** mulberry32: the same cases on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** The walk over every path that tierChances replaced: the reference the sums must match. */
function walkEveryPath({
  picks,
  results,
  teams,
}: Omit<TierChanceInput, 'mvp'>): Map<number, number> {
  const { playable } = indexBracket(results)
  const ranking = new Map(teams.map((team) => [team.id, team.ranking]))
  const byCorrectPicks = new Map<number, number>()

  // Depth-first over the playable matches in round order; `winners` holds each slot's winner on
  // the current path (played matches keep their actual winner).
  const winners = new Map<string, TeamId>()
  const visit = (index: number, correct: number, probability: number): void => {
    const match = playable[index]
    if (!match) {
      byCorrectPicks.set(correct, (byCorrectPicks.get(correct) ?? 0) + probability)
      return
    }
    const key = slotKey(match.round, match.matchNumber)
    const [team1, team2] = participants(match, winners)
    const outcomes: [TeamId | null, number][] =
      match.winnerTeamId !== null
        ? [[match.winnerTeamId, 1]]
        : team1 === null || team2 === null
          ? [[null, 1]]
          : [
              [team1, winProbability(ranking.get(team1) ?? 0, ranking.get(team2) ?? 0)],
              [team2, winProbability(ranking.get(team2) ?? 0, ranking.get(team1) ?? 0)],
            ]
    for (const [winner, chance] of outcomes) {
      if (chance === 0) continue
      if (winner === null) winners.delete(key)
      else winners.set(key, winner)
      const isCorrect = winner !== null && pickOf(picks, match.id) === winner
      visit(index + 1, correct + (isCorrect ? 1 : 0), probability * chance)
    }
    winners.delete(key)
  }
  visit(0, 0, 1)

  return byCorrectPicks
  function participants(
    match: MatchResult,
    onPath: ReadonlyMap<string, TeamId>,
  ): [TeamId | null, TeamId | null] {
    const before = previousRound(match.round)
    if (before === null || match.winnerTeamId !== null) return [match.team1Id, match.team2Id]
    const [first, second] = feederMatchNumbers(match.matchNumber)
    return [onPath.get(slotKey(before, first)) ?? null, onPath.get(slotKey(before, second)) ?? null]
  }
}
