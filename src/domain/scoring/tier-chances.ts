// The chance of each tier for one bracket while its tournament is played, by exact enumeration of
// the matches still to play (at most 2^15 paths). The model, which the insight page states:
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
} from '../bracket/bracket'
import {
  DEFAULT_TIERS,
  NO_TIER,
  TIER_KEYS,
  tierFor,
  type TierConfig,
  type TierResult,
} from '../prize/tiers'
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

  const mvpChance = chanceMvpIsRight(mvp, teams, results)
  const chances = Object.fromEntries([...TIER_KEYS, NO_TIER].map((key) => [key, 0])) as Record<
    TierResult,
    number
  >
  for (const [correct, probability] of byCorrectPicks) {
    chances[tierFor(correct + 1, total, tiers)] += probability * mvpChance
    chances[tierFor(correct, total, tiers)] += probability * (1 - mvpChance)
  }
  return chances

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
