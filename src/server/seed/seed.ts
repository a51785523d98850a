// What start-up loads into the database after the migrations (start-server's seed hook, and
// `npm run db:seed`): the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, and on an empty database
// with DEMO_DATA the demo accounts, the demo players, pairs and tournaments, and demo fans who have
// already bet on the open tournaments.
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { ensureAdmin, hasNoAccounts, insertConfirmedAccount } from '../auth/accounts.service'
import type { Env } from '../env'
import type { Logger } from '../logger'
import type { DatabaseHandle } from '../db/client'
import { seedDemoFans } from './demo-fans'
import { seedDemoGameData } from './demo-game-data'

// Any fixed number: processes starting together against one PostgreSQL seed one after another.
const SEED_LOCK_KEY = 7_461_921_002

export const DEMO_ADMIN_EMAIL = 'admin@example.com'
export const DEMO_PLAYER_EMAIL = 'player@example.com'

export interface SeedOptions {
  env: Pick<Env, 'DEMO_DATA' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>
  database: DatabaseHandle
  logger: Logger
  /** Where the demo credentials are printed once; default stdout (not the log). */
  print?: (text: string) => void
}

export interface DemoAccount {
  role: 'admin' | 'user'
  username: string
  email: string
  password: string
}

export async function seedDatabase({
  env,
  database,
  logger,
  print = (text) => process.stdout.write(text),
}: SeedOptions): Promise<{ demoAccounts: DemoAccount[] }> {
  let demoAccounts: DemoAccount[] = []
  if (env.DEMO_DATA) {
    demoAccounts = await seedDemoAccounts(database)
    if (demoAccounts.length > 0) {
      print(formatDemoAccounts(demoAccounts))
      logger.info({ emails: demoAccounts.map((a) => a.email) }, 'demo accounts created')
    }
    // Players, pairs and tournaments in every state; a no-op once any game data exists.
    const game = await seedDemoGameData(database.db)
    if (game.seeded) logger.info({ tournaments: game.tournaments.length }, 'demo game data loaded')
    // Only on the database this run found empty of both accounts and game data, so a restart (or
    // a second process) never adds fans twice.
    if (demoAccounts.length > 0 && game.seeded) {
      const fans = await seedDemoFans(database.db, {
        tournamentIds: game.tournaments.map((t) => t.id),
      })
      logger.info(fans, 'demo fans and their bets loaded')
    }
  }

  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const result = await ensureAdmin(database.db, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      resetPassword: false,
    })
    logger.info({ email: env.ADMIN_EMAIL, ...result }, 'first admin from ADMIN_EMAIL ensured')
  }
  return { demoAccounts }
}

/**
 * The demo admin and player, with fresh random passwords, on an empty database only. Returns
 * what it created (nothing when there were accounts already).
 */
export async function seedDemoAccounts(database: DatabaseHandle): Promise<DemoAccount[]> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    if (!(await hasNoAccounts(tx))) return []
    const accounts: DemoAccount[] = [
      { role: 'admin', username: 'admin', email: DEMO_ADMIN_EMAIL, password: randomPassword() },
      { role: 'user', username: 'player', email: DEMO_PLAYER_EMAIL, password: randomPassword() },
    ]
    for (const demo of accounts) await insertConfirmedAccount(tx, demo)
    return accounts
  })
}

/** 24 characters from 144 random bits. */
function randomPassword(): string {
  return randomBytes(18).toString('base64url')
}

function formatDemoAccounts(accounts: DemoAccount[]): string {
  const rule = '─'.repeat(72)
  const rows = accounts.map(
    (a) =>
      `  ${a.role === 'admin' ? 'admin ' : 'player'}  ${a.email.padEnd(22)}  password: ${a.password}`,
  )
  return [
    '',
    rule,
    '  Golden Point demo accounts (shown only this once; change or note them now):',
    ...rows,
    rule,
    '',
  ].join('\n')
}
