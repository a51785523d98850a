// `npm run db:audit`: checks every money invariant of DATABASE_URL (or the PGlite DATA_DIR) and
// exits 1 when one is broken. Safe on a live database: it only reads.
import { loadDotEnvFile, loadEnv } from '#server/env'
import { openDatabase } from './client'
import { auditLedger } from './ledger-audit'

async function main(): Promise<void> {
  loadDotEnvFile()
  const database = await openDatabase(loadEnv())
  try {
    const { problems, stoppedSettlements, totals } = await auditLedger(database.db)
    console.table(totals)
    for (const problem of problems) console.error(`✗ ${problem}`)
    // Owed money: resume the settlement or cancel the tournament (docs/decisions/068).
    for (const stopped of stoppedSettlements) console.error(`! ${stopped}`)
    console.log(
      problems.length === 0
        ? 'Ledger audit: every invariant holds.'
        : `Ledger audit: ${problems.length} problem(s).`,
    )
    if (stoppedSettlements.length > 0) {
      console.log(`Ledger audit: ${stoppedSettlements.length} settlement(s) stopped unfinished.`)
    }
    process.exitCode = problems.length === 0 && stoppedSettlements.length === 0 ? 0 : 1
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
