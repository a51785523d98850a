import { defineConfig } from 'vitest/config'

export default defineConfig({
  // The #domain/, #shared/, #server/, #web/, #tests/ aliases of tsconfig.json (decision 116).
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite needs ~1 GB per instance; keep the number of parallel files modest on 2 cores.
    maxWorkers: 2,
  },
})
