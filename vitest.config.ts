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
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    // With TEST_DATABASE_URL: one migrated PostgreSQL template that every test database copies.
    globalSetup: ['tests/postgres-template-setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite needs ~1 GB per instance; keep the number of parallel files modest on 2 cores.
    maxWorkers: 2,
    // A worker keeps the modules it loaded for its next file: importing the server again for each
    // of ~180 files cost about 40 % of the suite's CPU. Test files share no module state: each
    // builds its own app and database (docs/decisions/123).
    isolate: false,
  },
})
