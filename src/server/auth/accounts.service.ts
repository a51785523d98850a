// Accounts made by the server itself rather than by sign-up: the first admin (ADMIN_EMAIL or
// `npm run admin:create`) and the demo accounts. Written straight to better-auth's tables in one
// transaction; the user insert's trigger adds the wallet and welcome bonus as for everyone.
import { generateId } from 'better-auth'
import { and, eq, sql } from 'drizzle-orm'
import { EmailSchema, PasswordSchema } from '#shared/schemas/auth'
import type { Role } from '#shared/schemas/me'
import type { Database, Transaction } from '#server/db/client'
import { account, session, user } from '#server/db/schema'
import { hashPassword } from './password-hashing'

export interface NewAccount {
  email: string
  /** null: no password at all, so nobody can sign in as it (the demo fans). */
  password: string | null
  username?: string | null
  role: Role
}

/** A confirmed account with a password (and, by the trigger, its wallet). Returns the user id. */
export async function insertConfirmedAccount(tx: Transaction, input: NewAccount): Promise<string> {
  const [id] = await insertConfirmedAccounts(tx, [input])
  return id!
}

/** Several confirmed accounts in one insert (the demo fans); their ids, in the same order. */
export async function insertConfirmedAccounts(
  tx: Transaction,
  inputs: readonly NewAccount[],
): Promise<string[]> {
  const now = new Date()
  const rows = await Promise.all(
    inputs.map(async (input) => {
      const email = EmailSchema.parse(input.email.trim().toLowerCase())
      const passwordHash =
        input.password === null ? null : await hashPassword(PasswordSchema.parse(input.password))
      const username = input.username ?? null
      return {
        passwordHash,
        user: {
          id: generateId(),
          email,
          name: username ?? email.split('@')[0]!,
          emailVerified: true,
          username: username?.toLowerCase() ?? null,
          displayUsername: username,
          role: input.role,
          createdAt: now,
          updatedAt: now,
        },
      }
    }),
  )
  if (rows.length === 0) return []
  await tx.insert(user).values(rows.map((row) => row.user))
  const credentials = rows.flatMap(({ user: { id }, passwordHash }) =>
    passwordHash === null
      ? []
      : [
          {
            id: generateId(),
            accountId: id,
            providerId: 'credential',
            userId: id,
            password: passwordHash,
            createdAt: now,
            updatedAt: now,
          },
        ],
  )
  if (credentials.length > 0) await tx.insert(account).values(credentials)
  return rows.map((row) => row.user.id)
}

export interface EnsureAdminInput {
  email: string
  password: string
  /**
   * Replace the password of an existing account too (the admin:create command). At start-up an
   * existing confirmed account keeps its own password, so a changed one is not reset on restart.
   */
  resetPassword: boolean
}

export type EnsureAdminOutcome = 'created' | 'promoted' | 'already-admin'

export interface EnsureAdminResult {
  userId: string
  outcome: EnsureAdminOutcome
  passwordSet: boolean
}

/**
 * Creates the admin, or promotes the account with that address. An unconfirmed account always
 * gets the given password: whoever registered the address without proving it owns it must not
 * keep a way in once it becomes an admin.
 */
export async function ensureAdmin(
  db: Database,
  input: EnsureAdminInput,
): Promise<EnsureAdminResult> {
  const email = EmailSchema.parse(input.email.trim().toLowerCase())
  const password = PasswordSchema.parse(input.password)
  return db.transaction(async (tx) => {
    // Row locks cannot serialise processes that both find no row: two servers starting together
    // with the same ADMIN_EMAIL would both insert it and one would fail its start.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ensure-admin:${email}`}))`)
    const [existing] = await tx.select().from(user).where(eq(user.email, email)).for('update')
    if (!existing) {
      const userId = await insertConfirmedAccount(tx, { email, password, role: 'admin' })
      return { userId, outcome: 'created' as const, passwordSet: true }
    }

    const passwordSet = input.resetPassword || !existing.emailVerified
    await tx
      .update(user)
      .set({ role: 'admin', emailVerified: true, banned: false, updatedAt: new Date() })
      .where(eq(user.id, existing.id))
    if (passwordSet) {
      await setPassword(tx, existing.id, password)
      // Sessions opened with the old password end with it.
      await tx.delete(session).where(eq(session.userId, existing.id))
    }
    const outcome = existing.role === 'admin' ? 'already-admin' : 'promoted'
    return { userId: existing.id, outcome, passwordSet }
  })
}

async function setPassword(tx: Transaction, userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password)
  const credential = and(eq(account.userId, userId), eq(account.providerId, 'credential'))
  const updated = await tx
    .update(account)
    .set({ password: passwordHash, updatedAt: new Date() })
    .where(credential)
    .returning({ id: account.id })
  if (updated.length > 0) return
  const now = new Date()
  await tx.insert(account).values({
    id: generateId(),
    accountId: userId,
    providerId: 'credential',
    userId,
    password: passwordHash,
    createdAt: now,
    updatedAt: now,
  })
}

/** Whether the database has no account at all (the demo data is only loaded into such a one). */
export async function hasNoAccounts(db: Database | Transaction): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).limit(1)
  return rows.length === 0
}
