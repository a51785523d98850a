// Sizes of the reliability suites. `npm run test:reliability` runs the standard sizes (CI);
// `npm run test:reliability -- --full` sets RELIABILITY_FULL=1 and runs the heavy sizes,
// whose figures docs/reliability.md records.

// The test runner's own switch, not app configuration, so it is read here directly.
export const isFull = process.env.RELIABILITY_FULL === '1'

/** `standard` in CI, `full` with --full. */
export function size(standard: number, full: number): number {
  return isFull ? full : standard
}
