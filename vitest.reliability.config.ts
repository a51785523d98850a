// `npm run test:reliability`: the system-wide reliability suites (reliability/), kept out of
// `npm test`. One file at a time: races, faults and soak measure the machine, so they must not
// compete with each other for its two cores.
import { defineConfig } from 'vitest/config'

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
  },
})
