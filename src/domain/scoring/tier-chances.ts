// The chance of each tier for one bracket while its tournament is played, exactly: every way the
// matches still to play can go is counted (up to 2^15 of them), not by walking each path but
// match by match up the bracket, keeping per match the chance of each (winner, correct picks in
// its part of the bracket) — two feeder matches share no match, so they are independent. At
// most 16 × 16 combinations per match: microseconds where the walk took tens of milliseconds
// (decision 098). The model, which the insight page states:
// - a match not yet played is won by pair A over pair B with probability rB / (rA + rB), where r
//   is the pair's ranking (1 is the best; an unranked pair counts as UNRANKED_AS);
// - the MVP, while unset, is any player of a pair still in the tournament, each equally likely.

import {
  feederMatchNumbers,
  indexBracket,
  pickOf,
  previousRound,
  slotKey,
  type Picks,
  type PlayerId,
  type TeamId,
  type TeamRef,
} from '#domain/bracket/bracket'
import {
  DEFAULT_TIERS,
  NO_TIER,
  TIER_KEYS,
  tierFor,
  type TierConfig,
  type TierResult,
} from '#domain/prize/tiers'
import { eliminatedTeams } from './outlook'
import type { MatchResult } from './scoring'

/** An unranked pair (ranking 0) is taken as ranked here, behind a full draw of 16 pairs. */
export const UNRANKED_AS = 32

export type TierChances = Readonly<Record<TierResult, number>>

export interface TierChanceInput {
  readonly picks: Picks
  readonly results: readonly MatchResult[]
  readonly teams: readonly (TeamRef & { readonly ranking: number })[]
  readonly mvp: { readonly pick: PlayerId | null; readonly actual: PlayerId | null }
  readonly tiers?: readonly TierConfig[]
}

/** P(pair A beats pair B) under the model above. */
export function winProbability(rankingA: number, rankingB: number): number {
  const a = rankingA > 0 ? rankingA : UNRANKED_AS
  const b = rankingB > 0 ? rankingB : UNRANKED_AS
  return b / (a + b)
}

export function tierChances({
  picks,
  results,
  teams,
  mvp,
  tiers = DEFAULT_TIERS,
}: TierChanceInput): TierChances {
  const { playable } = indexBracket(results)
  const total = playable.length + 1
  const ranking = new Map(teams.map((team) => [team.id, team.ranking]))

  // Per slot: the chance of each (winner, correct picks within its part of the bracket).
  const outcomes = new Map<string, Outcomes>()
  const feedsAnother = new Set<string>()
  for (const match of playable) {
    const pick = pickOf(picks, match.id)
    const before = previousRound(match.round)
    const feeders =
      before === null ? [] : feederMatchNumbers(match.matchNumber).map((n) => slotKey(before, n))
    for (const key of feeders) feedsAnother.add(key)
    const [first, second] = feeders.map((key) => outcomes.get(key) ?? onlyOutcome(null))
    const pairings: [TeamId | null, TeamId | null, number[]][] =
      first === undefined || second === undefined
        ? [[match.team1Id, match.team2Id, [1]]]
        : [...first].flatMap(([team1, counts1]) =>
            [...second].map(([team2, counts2]): [TeamId | null, TeamId | null, number[]] => [
              team1,
              team2,
              convolve(counts1, counts2),
            ]),
          )
    const result: Outcomes = new Map()
    for (const [team1, team2, counts] of pairings) {
      const winners: [TeamId | null, number][] =
        match.winnerTeamId !== null
          ? [[match.winnerTeamId, 1]]
          : team1 === null || team2 === null
            ? [[null, 1]]
            : [
                [team1, winProbability(ranking.get(team1) ?? 0, ranking.get(team2) ?? 0)],
                [team2, winProbability(ranking.get(team2) ?? 0, ranking.get(team1) ?? 0)],
              ]
      for (const [winner, chance] of winners) {
        if (chance === 0) continue
        const isCorrect = winner !== null && pick === winner
        addCounts(result, winner, counts, chance, isCorrect ? 1 : 0)
      }
    }
    outcomes.set(slotKey(match.round, match.matchNumber), result)
  }
  // The final (and any match that feeds none, in an odd bracket): independent parts.
  let byCorrectPicks = [1]
  for (const [key, result] of outcomes) {
    if (feedsAnother.has(key)) continue
    const counts: number[] = []
    for (const part of result.values()) addInto(counts, part, 1, 0)
    byCorrectPicks = convolve(byCorrectPicks, counts)
  }

  const mvpChance = chanceMvpIsRight(mvp, teams, results)
  const chances = Object.fromEntries([...TIER_KEYS, NO_TIER].map((key) => [key, 0])) as Record<
    TierResult,
    number
  >
  for (const [correct, probability] of byCorrectPicks.entries()) {
    if (probability === undefined || probability === 0) continue
    chances[tierFor(correct + 1, total, tiers)] += probability * mvpChance
    chances[tierFor(correct, total, tiers)] += probability * (1 - mvpChance)
  }
  return chances
}

/** Per winner (null: the match cannot be played), the chance of each number of correct picks. */
type Outcomes = Map<TeamId | null, number[]>

function onlyOutcome(winner: TeamId | null): Outcomes {
  return new Map([[winner, [1]]])
}

/** The distribution of the sum of two independent counts. */
function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = []
  for (const [i, x] of a.entries()) {
    if (!x) continue
    for (const [j, y] of b.entries()) if (y) out[i + j] = (out[i + j] ?? 0) + x * y
  }
  return out
}

function addInto(target: number[], counts: readonly number[], chance: number, shift: number) {
  for (const [n, p] of counts.entries()) {
    if (p) target[n + shift] = (target[n + shift] ?? 0) + p * chance
  }
}

function addCounts(
  result: Outcomes,
  winner: TeamId | null,
  counts: readonly number[],
  chance: number,
  shift: number,
) {
  const target = result.get(winner) ?? []
  addInto(target, counts, chance, shift)
  result.set(winner, target)
}

/** 1 or 0 once the MVP is set; before that, uniform over the players of the pairs still in. */
function chanceMvpIsRight(
  mvp: TierChanceInput['mvp'],
  teams: TierChanceInput['teams'],
  results: readonly MatchResult[],
): number {
  if (mvp.actual !== null) return mvp.pick === mvp.actual ? 1 : 0
  if (mvp.pick === null) return 0
  const out = eliminatedTeams(results)
  const alive = teams.filter((team) => !out.has(team.id))
  const isPickAlive = alive.some((t) => t.player1Id === mvp.pick || t.player2Id === mvp.pick)
  return isPickAlive ? 1 / (alive.length * 2) : 0
}
