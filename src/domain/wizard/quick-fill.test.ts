import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pickEntries, predictedMatchups, type TeamRef } from '#domain/bracket/bracket'
import { makeTournament } from '#domain/bracket/bracket-fixtures'
import { validateBracket } from '#domain/bracket/validate-bracket'
import { FINAL_TOTAL_GAMES_MAX, FINAL_TOTAL_GAMES_MIN } from '#domain/padel/set-scores'
import { FAVOURITES_FINAL_TOTAL_GAMES, quickFill, type RankedPair } from './quick-fill'

/** t1…t16 ranked by `rankingOf` (default: t1 best); players ranked 2k−1 and 2k. */
function rankedPairs(
  teams: readonly TeamRef[],
  rankingOf: (index: number) => number = (index) => index + 1,
): RankedPair[] {
  return teams.map((team, index) => ({
    id: team.id,
    ranking: rankingOf(index),
    seed: index + 1,
    player1: { id: team.player1Id, ranking: 2 * index + 1 },
    player2: { id: team.player2Id, ranking: 2 * index + 2 },
  }))
}

/** A deterministic source: a small linear congruential generator from a seed. */
function seeded(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

const isValid = (
  tournament: ReturnType<typeof makeTournament>,
  fill: ReturnType<typeof quickFill>,
) =>
  validateBracket(tournament.matches, pickEntries(fill.picks), fill.mvpPlayerId, tournament.teams)

describe('quickFill favourites', () => {
  it('the better-ranked pair wins every match: t1 champion, its better player MVP', () => {
    const tournament = makeTournament()
    const fill = quickFill(tournament.matches, rankedPairs(tournament.teams), 'favourites')
    expect(isValid(tournament, fill)).toEqual([])
    // Round 16: t1 v t2 … t15 v t16, so the odd pairs win; then t1, t5, t9, t13; t1, t9; t1.
    expect(fill.picks).toMatchObject({
      'r16-1': 't1',
      'r16-8': 't15',
      'qf-1': 't1',
      'qf-4': 't13',
      'sf-1': 't1',
      'sf-2': 't9',
      'final-1': 't1',
    })
    for (const match of predictedMatchups(tournament.matches, fill.picks)) {
      const [a, b] = [match.team1Id!, match.team2Id!].map((id) => Number(id.slice(1)))
      expect(match.winnerTeamId).toBe(`t${Math.min(a!, b!)}`)
    }
    expect(fill.mvpPlayerId).toBe('p1a')
    expect(fill.finalTotalGames).toBe(FAVOURITES_FINAL_TOTAL_GAMES)
  })

  it('a lower ranking number wins, an unranked pair (0) loses to any ranked one', () => {
    const tournament = makeTournament()
    // Reversed: t16 best … t1 worst, and t15 unranked.
    const pairs = rankedPairs(tournament.teams, (index) => (index === 14 ? 0 : 16 - index))
    const fill = quickFill(tournament.matches, pairs, 'favourites')
    expect(isValid(tournament, fill)).toEqual([])
    expect(fill.picks['r16-1']).toBe('t2')
    // t15 (unranked) v t16 (ranked 1).
    expect(fill.picks['r16-8']).toBe('t16')
    expect(fill.picks['final-1']).toBe('t16')
  })

  it('equal rankings: the better seed wins; the MVP is the better-ranked player even if second', () => {
    const tournament = makeTournament()
    const pairs = rankedPairs(tournament.teams, () => 5).map((pair, index) =>
      index === 0 ? { ...pair, seed: 2 } : index === 1 ? { ...pair, seed: 1 } : pair,
    )
    pairs[1] = {
      ...pairs[1]!,
      player1: { id: 'p2a', ranking: 0 },
      player2: { id: 'p2b', ranking: 9 },
    }
    const fill = quickFill(tournament.matches, pairs, 'favourites')
    expect(fill.picks['r16-1']).toBe('t2')
    expect(fill.picks['final-1']).toBe('t2')
    expect(fill.mvpPlayerId).toBe('p2b')
  })

  it('leaves everything unpicked while the draw is not made', () => {
    const tournament = makeTournament()
    const undrawn = tournament.matches.map((match) => ({ ...match, team1Id: null, team2Id: null }))
    const fill = quickFill(undrawn, rankedPairs(tournament.teams), 'favourites')
    expect(fill.picks).toEqual({})
    expect(fill.mvpPlayerId).toBeNull()
  })
})

describe('quickFill random', () => {
  it('is deterministic for a given random source, and differs between sources', () => {
    const tournament = makeTournament()
    const pairs = rankedPairs(tournament.teams)
    const first = quickFill(tournament.matches, pairs, 'random', { random: seeded(7) })
    expect(quickFill(tournament.matches, pairs, 'random', { random: seeded(7) })).toEqual(first)
    const others = [1, 2, 3, 4, 5].map((seed) =>
      quickFill(tournament.matches, pairs, 'random', { random: seeded(seed) }),
    )
    expect(
      others.some((other) => JSON.stringify(other.picks) !== JSON.stringify(first.picks)),
    ).toBe(true)
  })

  it('a source of 0 picks every first pair and player; one of almost 1 every second one', () => {
    const tournament = makeTournament()
    const pairs = rankedPairs(tournament.teams)
    const low = quickFill(tournament.matches, pairs, 'random', { random: () => 0 })
    expect(low.picks['final-1']).toBe('t1')
    expect(low.mvpPlayerId).toBe('p1a')
    expect(low.finalTotalGames).toBe(FINAL_TOTAL_GAMES_MIN)
    const high = quickFill(tournament.matches, pairs, 'random', { random: () => 0.999999 })
    expect(high.picks['r16-1']).toBe('t2')
    expect(high.picks['final-1']).toBe('t16')
    expect(high.mvpPlayerId).toBe('p16b')
    expect(high.finalTotalGames).toBe(FINAL_TOTAL_GAMES_MAX)
    // A source that returns exactly 1 stays in range.
    const edge = quickFill(tournament.matches, pairs, 'random', { random: () => 1 })
    expect(isValid(tournament, edge)).toEqual([])
    expect(edge.finalTotalGames).toBe(FINAL_TOTAL_GAMES_MAX)
  })

  it('always fills a complete bracket the server accepts, with a tiebreaker in range', () => {
    const tournament = makeTournament()
    const pairs = rankedPairs(tournament.teams)
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const fill = quickFill(tournament.matches, pairs, 'random', { random: seeded(seed) })
        expect(isValid(tournament, fill)).toEqual([])
        expect(Object.keys(fill.picks)).toHaveLength(15)
        expect(fill.finalTotalGames).toBeGreaterThanOrEqual(FINAL_TOTAL_GAMES_MIN)
        expect(fill.finalTotalGames).toBeLessThanOrEqual(FINAL_TOTAL_GAMES_MAX)
      }),
      { numRuns: 200 },
    )
  })
})

describe('quickFill popular', () => {
  it('follows the most-picked winner of every match and the popular MVP', () => {
    const tournament = makeTournament()
    const pairs = rankedPairs(tournament.teams)
    // The underdog bracket: team 2 everywhere (t2, t4 … in round 16; then their winners).
    const underdog = quickFill(
      tournament.matches,
      rankedPairs(tournament.teams, (i) => 16 - i),
      'favourites',
    )
    const popular = { picks: underdog.picks, mvpPlayerId: 'p16a' }
    const fill = quickFill(tournament.matches, pairs, 'popular', { popular })
    expect(isValid(tournament, fill)).toEqual([])
    expect(fill.picks).toEqual(underdog.picks)
    expect(fill.picks['final-1']).toBe('t16')
    // p16a is t16's worse-ranked player: the fans' MVP wins over the rankings.
    expect(fill.mvpPlayerId).toBe('p16a')
    expect(fill.finalTotalGames).toBe(FAVOURITES_FINAL_TOTAL_GAMES)
  })

  it('where the popular winner is not in the match, or there are no popular picks, the favourite wins', () => {
    const tournament = makeTournament()
    const pairs = rankedPairs(tournament.teams)
    // The fans like t2 in round 16 but t1 in the quarterfinal: t1 is not there, so t2 v t3 → t2.
    // t9 is their champion and reaches the final by the rankings; their MVP plays for t1.
    const popular = { picks: { 'r16-1': 't2', 'qf-1': 't1', 'final-1': 't9' }, mvpPlayerId: 'p1a' }
    const fill = quickFill(tournament.matches, pairs, 'popular', { popular })
    expect(isValid(tournament, fill)).toEqual([])
    expect(fill.picks).toMatchObject({ 'r16-1': 't2', 'qf-1': 't2', 'sf-1': 't2', 'sf-2': 't9' })
    expect(fill.picks['final-1']).toBe('t9')
    // The popular MVP does not play for the champion: the champion's better-ranked player.
    expect(fill.mvpPlayerId).toBe('p9a')
    expect(quickFill(tournament.matches, pairs, 'popular')).toEqual(
      quickFill(tournament.matches, pairs, 'favourites'),
    )
  })
})

describe('quickFill finishing a bracket (keep)', () => {
  const tournament = makeTournament()
  const pairs = rankedPairs(tournament.teams)

  it('keeps every valid pick made and fills only the rest by the rule', () => {
    // The fan picked two underdogs in round 16 and t4 through to the semifinal.
    const kept = { 'r16-1': 't2', 'r16-2': 't4', 'qf-1': 't4', 'sf-1': 't4' }
    for (const mode of ['favourites', 'random', 'popular'] as const) {
      const fill = quickFill(tournament.matches, pairs, mode, {
        random: seeded(3),
        keep: { picks: kept, mvpPlayerId: null },
      })
      expect(isValid(tournament, fill), mode).toEqual([])
      expect(fill.picks, mode).toMatchObject(kept)
      expect(Object.keys(fill.picks), mode).toHaveLength(15)
    }
    const favourites = quickFill(tournament.matches, pairs, 'favourites', {
      keep: { picks: kept, mvpPlayerId: null },
    })
    // The rest by the rankings: t5 over t6 …, and t4 (kept) meets t9 in the final, t4 wins.
    expect(favourites.picks).toMatchObject({ 'r16-3': 't5', 'qf-2': 't5', 'sf-2': 't9' })
    expect(favourites.picks['final-1']).toBe('t4')
  })

  it('keeps the MVP when they play for the champion, and drops a pick that no longer fits', () => {
    const full = quickFill(tournament.matches, pairs, 'favourites')
    expect(
      quickFill(tournament.matches, pairs, 'random', {
        random: seeded(1),
        keep: { picks: full.picks, mvpPlayerId: 'p1b' },
      }),
    ).toMatchObject({ picks: full.picks, mvpPlayerId: 'p1b' })
    // The kept r16-2 pick is t4, so t3 is not in qf-1 (t1 v t4): its kept pick goes, and the
    // rule fills it; the kept MVP plays for t16, not the champion, and goes too.
    const fill = quickFill(tournament.matches, pairs, 'favourites', {
      keep: { picks: { 'r16-2': 't4', 'qf-1': 't3' }, mvpPlayerId: 'p16a' },
    })
    expect(fill.picks).toMatchObject({ 'r16-2': 't4', 'qf-1': 't1' })
    expect(fill.mvpPlayerId).toBe('p1a')
  })

  it('a random finish keeps every pick made, whatever the source', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (keepSeed, fillSeed) => {
        const kept = quickFill(tournament.matches, pairs, 'random', { random: seeded(keepSeed) })
        // Keep the first round and a half of the fan's picks.
        const made = Object.fromEntries(Object.entries(kept.picks).slice(0, 12))
        const fill = quickFill(tournament.matches, pairs, 'random', {
          random: seeded(fillSeed),
          keep: { picks: made, mvpPlayerId: null },
        })
        expect(isValid(tournament, fill)).toEqual([])
        expect(fill.picks).toMatchObject(made)
      }),
      { numRuns: 100 },
    )
  })
})
