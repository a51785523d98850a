// What start-up loads into the database after the migrations (start-server's seed hook, and
// `npm run db:seed`): the first admin from ADMIN_EMAIL/ADMIN_PASSWORD, and on an empty database
// with DEMO_DATA the demo accounts and the demo world (decision 099): players, pairs and
// tournaments in every state, demo fans with their brackets, every tournament in one season, and
// the completed tournament settled.
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { ensureAdmin, hasNoAccounts, insertConfirmedAccount } from '#server/auth/accounts.service'
import type { Env } from '#server/env'
import type { Logger } from '#server/logger'
import type { DatabaseHandle, Transaction } from '#server/db/client'
import { user } from '#server/db/schema'
import { settleTournament } from '#server/features/settlement/settle.service'
import { seedDemoFans, type DemoFansResult } from './demo-fans'
import { seedDemoGameData, type DemoTournament } from './demo-game-data'
import { seedDemoSeason } from './demo-season'

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
    const startedAt = performance.now()
    // Players, pairs and tournaments in every state; a no-op once any game data exists. The fans
    // come only with the demo accounts this run created, so a restart (or a second process) never
    // adds them twice; everything commits together.
    const loaded: { fans?: DemoFansResult } = {}
    const game = await seedDemoGameData(database.db, {
      ...(demoAccounts.length > 0 && {
        whileOpen: async (tx, tournaments) => {
          loaded.fans = await seedDemoFans(tx, {
            tournaments,
            alsoFor: await userIdOf(tx, DEMO_PLAYER_EMAIL),
          })
        },
        afterPlay: async (tx, tournaments) => {
          await seedDemoSeason(
            tx,
            tournaments.map((tournament) => tournament.id),
          )
          await settleCompleted(tx, tournaments)
        },
      }),
    })
    if (game.seeded) {
      logger.info(
        {
          tournaments: game.tournaments.length,
          ...loaded.fans,
          ms: Math.round(performance.now() - startedAt),
        },
        'demo world loaded',
      )
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

async function userIdOf(tx: Transaction, email: string): Promise<string | null> {
  const [row] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email))
  return row?.id ?? null
}

/**
 * The completed demo tournament is settled by the demo admin through the real settlement, so its
 * winners have their payouts in the ledger (a savepoint of the seeding transaction).
 */
async function settleCompleted(tx: Transaction, tournaments: readonly DemoTournament[]) {
  const actorId = await userIdOf(tx, DEMO_ADMIN_EMAIL)
  for (const tournament of tournaments) {
    if (tournament.status !== 'completed' || actorId === null) continue
    await settleTournament(tx, { actorId, tournamentId: tournament.id }, { chunkSize: 1000 })
  }
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
