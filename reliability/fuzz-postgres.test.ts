// Hostile input on every route, on PostgreSQL when TEST_DATABASE_URL names one
// (reliability/hostile/hostile-input-suite.ts; the PGlite pass is fuzz.test.ts).
import { describe } from 'vitest'
import { testDatabaseKinds } from '#tests/test-database'
import { describeHostileInput } from './hostile/hostile-input-suite'

if (testDatabaseKinds.includes('postgres')) describeHostileInput('postgres')
else describe.skip('hostile input on postgres (TEST_DATABASE_URL is not set)', () => undefined)
