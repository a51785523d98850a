// The order of an A/B's rounds: A B, then B A, and so on (decision 168). Each round adds work to
// the same databases and the machine's load drifts during a run, so a fixed order would bill that
// drift to whichever side always comes second; reversed every other round, it falls on both alike.

/** The variants of each round, in order: round 1 [a, b], round 2 [b, a], round 3 [a, b], … */
export function abbaOrder<T>(a: T, b: T, rounds: number): T[][] {
  return Array.from({ length: rounds }, (_, round) => (round % 2 === 0 ? [a, b] : [b, a]))
}

export function mean(values: number[]): number {
  return values.length === 0
    ? Number.NaN
    : values.reduce((sum, value) => sum + value, 0) / values.length
}

export interface AbRound<T> {
  /** 1 for the first measured round; 0 for the warm-up round, when there is one. */
  round: number
  variants: T[]
  measured: boolean
}

/**
 * `abbaOrder` as rounds, optionally after one unmeasured round of both variants. A first round on
 * a fresh database and a freshly started process ran up to a quarter slower than the rest (the
 * guard, 29 Nov: one build's rounds 1,238 and 1,693 bets/s, 331 and 274 ms to settle), which
 * billed the warm-up to whichever variant went first. The measured rounds stay balanced: B A, A B.
 */
export function abbaRounds<T>(a: T, b: T, rounds: number, { warmUp = false } = {}): AbRound<T>[] {
  const first = warmUp ? 0 : 1
  return abbaOrder(a, b, rounds + 1 - first).map((variants, index) => ({
    round: index + first,
    variants,
    measured: index + first > 0,
  }))
}
