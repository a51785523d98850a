// `npm run db:audit`: checks every money invariant of DATABASE_URL (or the PGlite DATA_DIR) and
// exits 1 when one is broken. Safe on a live database: it only reads.
import { loadDotEnvFile, loadEnv } from '../env'
import { openDatabase } from './client'
import { auditLedger } from './ledger-audit'

async function main(): Promise<void> {
  loadDotEnvFile()
  const database = await openDatabase(loadEnv())
  try {
    const { problems, totals } = await auditLedger(database.db)
    console.table(totals)
    for (const problem of problems) console.error(`✗ ${problem}`)
    console.log(
      problems.length === 0
        ? 'Ledger audit: every invariant holds.'
        : `Ledger audit: ${problems.length} problem(s).`,
    )
    process.exitCode = problems.length === 0 ? 0 : 1
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
