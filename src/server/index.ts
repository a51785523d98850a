// The Node entry point (bundled to dist/server/index.js). The sequence lives in start-server.ts.
import { DataDirLockedError } from './db/data-dir-lock'
import { EnvError } from './env'
import { startServer } from './start-server'

startServer().catch((error: unknown) => {
  // No logger may exist yet: say it plainly on stderr. Known start-up problems need no stack.
  const isExpected = error instanceof EnvError || error instanceof DataDirLockedError
  console.error(isExpected ? error.message : error)
  process.exit(1)
})
