// Hostile input on every route, on PGlite (reliability/hostile/hostile-input-suite.ts); the
// PostgreSQL pass is fuzz-postgres.test.ts, a file of its own so that the two run side by side.
import { describeHostileInput } from './hostile/hostile-input-suite'

describeHostileInput('pglite')
