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
