// The Node entry point (bundled to dist/server/index.js). The sequence lives in start-server.ts.
import { DataDirLockedError } from './db/data-dir-lock'
import { seedDatabase } from './seed/seed'
import { EnvError } from './env'
import { startServer, type SeedContext } from './start-server'

// The first admin (ADMIN_EMAIL) and, on an empty database, the demo data (DEMO_DATA).
const seed = async (context: SeedContext) => void (await seedDatabase(context))

startServer({ seed }).catch((error: unknown) => {
  // No logger may exist yet: say it plainly on stderr. Known start-up problems need no stack.
  const isExpected = error instanceof EnvError || error instanceof DataDirLockedError
  console.error(isExpected ? error.message : error)
  process.exit(1)
})
