import { defineConfig } from 'vitest/config'
import { longestFirst } from './tests/longest-first-sequencer'

/**
 * Small files that take long: each opens a brand-new PGlite folder (initdb and the whole migration
 * chain) or builds the app and starts it. Vitest's fresh-clone order (largest file first) left
 * them to the end, where one worker ran them while the other had nothing left to do; first, they
 * run beside the large files.
 */
const SLOW_SMALL_FILES = [
  'scripts/production-start.test.ts',
  'src/server/start-server.test.ts',
  'scripts/db-export/export-to-postgres.test.ts',
  'src/server/db/client.test.ts',
  'src/server/db/pglite-turns.test.ts',
]

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
    // The cached PGlite dumps, made before any worker starts; with TEST_DATABASE_URL, one migrated
    // PostgreSQL template that every test database copies.
    globalSetup: ['tests/pglite-template-setup.ts', 'tests/postgres-template-setup.ts'],
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
    sequence: { sequencer: longestFirst(SLOW_SMALL_FILES) },
  },
})
