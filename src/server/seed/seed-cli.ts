// `npm run db:seed`: migrates DATABASE_URL (or the PGlite DATA_DIR) and loads what start-up would:
// the ADMIN_EMAIL admin and, on an empty database with DEMO_DATA, the demo data.
import { loadDotEnvFile, loadEnv } from '#server/env'
import { createLogger } from '#server/logger'
import { applyRuntimeSettings } from '#server/db/app-settings'
import { openDatabase } from '#server/db/client'
import { migrateDatabase } from '#server/db/migrate'
import { seedDatabase } from './seed'

async function main(): Promise<void> {
  loadDotEnvFile()
  const env = loadEnv()
  const logger = createLogger(env)
  const database = await openDatabase(env, logger)
  try {
    await migrateDatabase(database)
    await applyRuntimeSettings(database.db, env)
    const { demoAccounts } = await seedDatabase({ env, database, logger })
    if (env.DEMO_DATA && demoAccounts.length === 0) {
      console.log('The database already has accounts: no demo data loaded.')
    }
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
