// bustedPicks must say exactly what bracketOutlook says of a valid bracket: for random brackets
// and a tournament played part way (random winners, round by round), the outlook's maximum equals
// correct + undecided − the bracket's picks among the busted pairs + the open MVP.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MATCHES_PER_ROUND, ROUND_ORDER, type Picks } from '#domain/bracket/bracket'
import { bustedPicks } from './busted-picks'
import { bracketOutlook } from './outlook'
import type { MatchResult } from './scoring'

const TEAMS = Array.from({ length: 16 }, (_, i) => `team-${i + 1}`)

/** A bracket whose first `played` matches (round order) have winners; later ones get teams. */
function playedTournament(winnerBits: readonly boolean[], played: number): MatchResult[] {
  const rows: MatchResult[] = []
  const winners = new Map<string, string>()
  let order = 0
  for (const round of ROUND_ORDER) {
    for (let n = 1; n <= MATCHES_PER_ROUND[round]; n += 1) {
      const feeders = round === 'round16' ? null : [2 * n - 1, 2 * n]
      const before = ROUND_ORDER[ROUND_ORDER.indexOf(round) - 1]
      const team1Id = feeders ? (winners.get(`${before}-${feeders[0]}`) ?? null) : TEAMS[2 * n - 2]!
      const team2Id = feeders ? (winners.get(`${before}-${feeders[1]}`) ?? null) : TEAMS[2 * n - 1]!
      const decided = order < played && team1Id !== null && team2Id !== null
      const winnerTeamId = decided ? (winnerBits[order] ? team2Id : team1Id) : null
      if (winnerTeamId) winners.set(`${round}-${n}`, winnerTeamId)
      rows.push({ id: `${round}-${n}`, round, matchNumber: n, team1Id, team2Id, winnerTeamId })
      order += 1
    }
  }
  return rows
}

/** A valid complete bracket: each bit picks team 1 or team 2 of the predicted match. */
function bracketFrom(bits: readonly boolean[]): Picks {
  const picks: Record<string, string> = {}
  let order = 0
  for (const round of ROUND_ORDER) {
    const before = ROUND_ORDER[ROUND_ORDER.indexOf(round) - 1]
    for (let n = 1; n <= MATCHES_PER_ROUND[round]; n += 1) {
      const one = round === 'round16' ? TEAMS[2 * n - 2]! : picks[`${before}-${2 * n - 1}`]!
      const two = round === 'round16' ? TEAMS[2 * n - 1]! : picks[`${before}-${2 * n}`]!
      picks[`${round}-${n}`] = bits[order] ? two : one
      order += 1
    }
  }
  return picks
}

const bits = fc.array(fc.boolean(), { minLength: 15, maxLength: 15 })

describe('bustedPicks', () => {
  it('agrees with bracketOutlook on the maximum still possible of any valid bracket', () => {
    fc.assert(
      fc.property(bits, bits, fc.integer({ min: 0, max: 15 }), (results, picked, played) => {
        const matches = playedTournament(results, played)
        const picks = bracketFrom(picked)
        const outlook = bracketOutlook(picks, matches, { pick: 'p1', actual: null })
        const { undecided, busted } = bustedPicks(matches)
        const bustedCount = busted.filter(({ matchId, teamIds }) =>
          teamIds.includes(picks[matchId]!),
        ).length
        expect(outlook.maxPossible).toBe(outlook.correct + undecided - bustedCount + 1)
      }),
      { numRuns: 300 },
    )
  })

  it('lists nothing before the first result', () => {
    expect(bustedPicks(playedTournament(Array(15).fill(false), 0))).toEqual({
      undecided: 15,
      busted: [],
    })
  })
})
