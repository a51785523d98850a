// How the demo tournaments are played (decision 099): the better seed wins about 72 % of matches,
// and each played match gets padel set scores that agree with its winner, valid by the domain's
// rules (src/domain/padel/set-scores.ts). Pure functions of a seeded generator: the same demo everywhere.
import { setScoresProblems, type SetScore, type Side } from '#domain/padel/set-scores'

export type Random = () => number

/** A small deterministic generator (mulberry32): the same demo on every install. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1))
}

/** How often the better seed wins a demo match. */
export const FAVOURITE_WINS = 0.72

// A won set's scores, the winner's games first, roughly as often as they happen.
const WON_SETS: readonly SetScore[] = [
  [6, 4],
  [6, 3],
  [6, 4],
  [6, 2],
  [7, 5],
  [6, 3],
  [7, 6],
  [6, 1],
  [6, 4],
  [7, 6],
  [6, 0],
]

/**
 * Set scores of a match that `winner` won, pair 1's games first: two sets, or three with a lost
 * set in between; a third set is a match tiebreak one time in three. Checked by the domain.
 */
export function demoSetScores(winner: Side, random: Random): SetScore[] {
  const won = (): SetScore => WON_SETS[Math.floor(random() * WON_SETS.length)]!
  const lost = (): SetScore => {
    const [high, low] = won()
    return [low, high]
  }
  // Straight sets about two times in three; otherwise the loser takes the first or second set.
  const sets: SetScore[] =
    random() < 0.65
      ? [won(), won()]
      : random() < 0.5
        ? [won(), lost(), decider(won, random)]
        : [lost(), won(), decider(won, random)]
  const scores = winner === 'pair1' ? sets : sets.map(([a, b]): SetScore => [b, a])
  const problems = setScoresProblems(scores, winner)
  if (problems.length > 0)
    throw new Error(`demo set scores ${JSON.stringify(scores)}: ${problems[0]!.code}`)
  return scores
}

/** The third set from the winner's side: a regular set, or a match tiebreak to 10 by two. */
function decider(won: () => SetScore, random: Random): SetScore {
  if (random() >= 1 / 3) return won()
  const loser = randomInt(random, 3, 10)
  return loser <= 8 ? [10, loser] : [loser + 2, loser]
}
