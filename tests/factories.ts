// Minimal valid rows for tests. Each factory inserts one row with sensible defaults and returns
// it; pass overrides for what the test is about. Money helpers write the ledger row and the
// balance together, as services must.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Contest } from '#shared/schemas/contest'
import type { Database } from '#server/db/client'
import { hashPassword } from '#server/auth/password-hashing'
import {
  account,
  bets,
  players,
  tournaments,
  user,
  walletTransactions,
  wallets,
  type StoredPrizePoolConfig,
} from '#server/db/schema'

const DAY_MS = 24 * 60 * 60 * 1000

export const defaultPrizePoolConfig: StoredPrizePoolConfig = {
  base_pool: 5000,
  entry_fee: 50,
  multiplier: 0.7,
  tiers: {
    tier_100: { min_accuracy: 100, prize_percentage: 100, description: 'Perfect Prediction' },
    tier_90: { min_accuracy: 90, prize_percentage: 60, description: 'Near Perfect' },
    tier_80: { min_accuracy: 80, prize_percentage: 30, description: 'Excellent' },
    tier_70: { min_accuracy: 70, prize_percentage: 15, description: 'Very Good' },
    tier_60: { min_accuracy: 60, prize_percentage: 5, description: 'Good' },
  },
  calculation_method: 'percentage',
  max_participants: 1000,
  min_participants: 10,
}

export async function insertPlayer(
  db: Database,
  values: Partial<typeof players.$inferInsert> = {},
) {
  const [row] = await db
    .insert(players)
    .values({ name: `Player ${randomUUID().slice(0, 8)}`, country: 'ES', ...values })
    .returning()
  return row!
}

export async function insertTournament(
  db: Database,
  values: Partial<typeof tournaments.$inferInsert> = {},
) {
  const startDate = values.startDate ?? new Date(Date.now() + 7 * DAY_MS)
  const [row] = await db
    .insert(tournaments)
    .values({
      name: `Open ${randomUUID().slice(0, 8)}`,
      startDate,
      endDate: new Date(startDate.getTime() + 2 * DAY_MS),
      bettingDeadline: new Date(startDate.getTime() - 60 * 60 * 1000),
      prizePoolConfig: defaultPrizePoolConfig,
      ...values,
    })
    .returning()
  return row!
}

const fixtureHashes = new Map<string, Promise<string>>()

/**
 * One argon2id hash per password for all the fixture users of a worker, made with the production
 * parameters: each hash costs about 14 ms of CPU, and the route tests write hundreds of users
 * who sign in. Signing in still verifies the hash for real; tests of hashing call hashPassword.
 */
function fixturePasswordHash(password: string): Promise<string> {
  let hashed = fixtureHashes.get(password)
  if (hashed === undefined) {
    hashed = hashPassword(password)
    fixtureHashes.set(password, hashed)
  }
  return hashed
}

export interface UserValues {
  id?: string
  email?: string
  username?: string | null
  role?: 'user' | 'admin'
  emailVerified?: boolean
  /** Also creates the credential account, so the user can sign in with it. */
  password?: string
}

/**
 * A user row, as better-auth would write it (verified by default). The database trigger gives it
 * its wallet and welcome bonus, as for every account.
 */
export async function insertUser(db: Database, values: UserValues = {}) {
  const id = values.id ?? `user-${randomUUID()}`
  const email = (values.email ?? `${id}@example.test`).toLowerCase()
  const username = values.username === undefined ? null : values.username
  const [row] = await db
    .insert(user)
    .values({
      id,
      name: username ?? email.split('@')[0]!,
      email,
      emailVerified: values.emailVerified ?? true,
      username: username?.toLowerCase() ?? null,
      displayUsername: username,
      role: values.role ?? 'user',
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning()
  if (values.password !== undefined) {
    await db.insert(account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await fixturePasswordHash(values.password),
      createdAt: new Date(),
      updatedAt: new Date(),
    })
  }
  return row!
}

/**
 * A user's wallet holding exactly `balance` coins: the trigger credits the welcome bonus, and a
 * deposit or withdrawal makes up the difference, so balance = sum(ledger) as always.
 */
export async function insertWallet(
  db: Database,
  { userId, balance = 0 }: { userId?: string; balance?: number } = {},
) {
  const owner = await insertUser(db, { id: userId })
  return db.transaction(async (tx) => {
    const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, owner.id))
    const difference = balance - wallet!.balance
    if (difference === 0) return wallet!
    await tx.insert(walletTransactions).values({
      walletId: wallet!.id,
      type: difference > 0 ? 'deposit' : 'withdrawal',
      amount: difference,
      description: 'test adjustment',
    })
    const [adjusted] = await tx
      .update(wallets)
      .set({ balance })
      .where(eq(wallets.id, wallet!.id))
      .returning()
    return adjusted!
  })
}

/** A bet plus its bet_placed ledger row and the debit, in one transaction. */
export async function insertBet(
  db: Database,
  {
    walletId,
    userId,
    tournamentId,
    amount = 50,
    contest = 'main',
  }: {
    walletId: string
    userId: string
    tournamentId: string
    amount?: number
    contest?: Contest
  },
) {
  return db.transaction(async (tx) => {
    const [bet] = await tx
      .insert(bets)
      .values({ userId, tournamentId, amount, contest })
      .returning()
    await tx.insert(walletTransactions).values({
      walletId,
      type: 'bet_placed',
      amount: -amount,
      relatedBetId: bet!.id,
      description: 'test bet',
    })
    await tx
      .update(wallets)
      .set({ balance: sql`${wallets.balance} - ${amount}` })
      .where(eq(wallets.id, walletId))
    return bet!
  })
}
