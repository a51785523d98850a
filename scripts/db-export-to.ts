// npm run db:export-to -- postgres://user:password@host:5432/golden_point
// Moves the embedded database (DATA_DIR/pglite, default ./data) into an empty PostgreSQL database,
// ids and timestamps unchanged, then checks row counts and the money invariants. Stop the server
// first: a server holding DATA_DIR makes this refuse. Afterwards start with DATABASE_URL set.
import { exportPgliteToPostgres } from './db-export/export-to-postgres'
import { loadDotEnvFile, loadEnv } from '#server/env'

const USAGE = 'Usage: npm run db:export-to -- <postgres://… of an empty database>'

async function main(): Promise<void> {
  const targetUrl = process.argv[2]
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) throw new Error(USAGE)
  loadDotEnvFile()
  const { DATA_DIR } = loadEnv()
  const summary = await exportPgliteToPostgres({
    dataDir: DATA_DIR,
    targetUrl,
    log: (message) => console.log(`  ${message}`),
  })
  const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0)
  console.log(
    `Exported ${rows} rows in ${summary.tables.length} tables from ${DATA_DIR}; ` +
      `${summary.wallets} wallets holding ${summary.totalCoins} coins, invariants hold.`,
  )
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
