// `npm run db:migrate`: applies pending migrations to DATABASE_URL (or the PGlite DATA_DIR) and exits.
import { loadDotEnvFile, loadEnv } from '#server/env'
import { openDatabase } from './client'
import { migrateDatabase } from './migrate'

async function main(): Promise<void> {
  loadDotEnvFile()
  const env = loadEnv()
  const database = await openDatabase(env)
  try {
    await migrateDatabase(database)
    console.log(`Migrations applied (${database.kind}).`)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
