// `npm run test:reliability`: the system-wide reliability suites (reliability/), kept out of
// `npm test`. One file at a time: races, faults and soak measure the machine, so they must not
// compete with each other for its two cores.
import { defineConfig } from 'vitest/config'
import { longestFirst } from './tests/longest-first-sequencer'

/**
 * The steady part and the fault drills run two files at a time (scripts/test-reliability.mjs);
 * these take most of their part's time, so they start first, one per worker, and the short ones
 * fill in after them. The two hostile-input passes are about the same size (decision 179).
 */
const LONGEST_FIRST = [
  'reliability/fuzz.test.ts',
  'reliability/model.test.ts',
  'reliability/fuzz-postgres.test.ts',
  'reliability/faults/postgres-kill-push-fanout.test.ts',
  'reliability/faults/postgres-kill-settlement.test.ts',
  'reliability/soak.test.ts',
]

export default defineConfig({
  // The #domain/, #shared/, #server/, #web/, #tests/ aliases of tsconfig.json (decision 116).
  resolve: { tsconfigPaths: true },
  test: {
    include: ['reliability/**/*.test.ts'],
    environment: 'node',
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/reliability.json' },
    testTimeout: 600_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { sequencer: longestFirst(LONGEST_FIRST) },
  },
})
