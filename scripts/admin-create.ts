// npm run admin:create -- --email admin@club.example --password '…'
// Creates a confirmed admin (with wallet and welcome bonus) or promotes the account with that
// address and sets its password. Uses DATABASE_URL, or the PGlite DATA_DIR (stop the server first:
// one process per data folder).
import { parseArgs } from 'node:util'
import { ensureAdmin } from '#server/auth/accounts.service'
import { applyRuntimeSettings } from '#server/db/app-settings'
import { openDatabase } from '#server/db/client'
import { migrateDatabase } from '#server/db/migrate'
import { loadDotEnvFile, loadEnv } from '#server/env'

const USAGE = 'Usage: npm run admin:create -- --email <address> --password <at least 8 characters>'

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  })
  if (!values.email || !values.password) throw new Error(USAGE)

  loadDotEnvFile()
  const env = loadEnv()
  const database = await openDatabase(env)
  try {
    await migrateDatabase(database)
    await applyRuntimeSettings(database.db, env)
    const result = await ensureAdmin(database.db, {
      email: values.email,
      password: values.password,
      resetPassword: true,
    })
    const what = {
      created: 'Created the admin',
      promoted: 'Promoted to admin',
      'already-admin': 'Already an admin; password updated for',
    }[result.outcome]
    console.log(`${what} ${values.email.trim().toLowerCase()} (${database.kind}).`)
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error)
  // zod's messages for a bad address or password are JSON; say it plainly.
  console.error(message.startsWith('[') ? `Invalid --email or --password.\n${USAGE}` : message)
  process.exit(1)
})
