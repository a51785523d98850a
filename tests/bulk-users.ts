// Many confirmed users written straight into a database, for the suites that need more than a
// route test signs up (reliability/, bench/): through the API each would cost an argon2 hash and
// an e-mail confirmation. The user table's trigger (drizzle/0005) gives each its wallet and the
// welcome bonus, exactly as a sign-up does; set-based statements, so a million take seconds.
import { sql } from 'drizzle-orm'
import { hashPassword } from '#server/auth/password-hashing'
import type { Database } from '#server/db/client'

// Users per statement: big enough to be set-based, small enough to stay far inside the app
// pool's statement timeout and PGlite's memory.
const BATCH_SIZE = 10_000

export interface UserRange {
  /**
   * Ids, usernames and names are `<prefix><n>`, e-mails `<prefix><n>@example.test`. Prefixes keep
   * the runs on one database apart; keep them short (usernames hold at most 30 characters).
   */
  prefix: string
  /** n from `from` to `to`, both included. */
  from: number
  to: number
  /** A credential account each that signs in with this password (hashed once for all). */
  password?: string
}

/** Inserts the confirmed users `<prefix><from>` … `<prefix><to>`. */
export async function insertUserRange(
  db: Database,
  { prefix, from, to, password }: UserRange,
): Promise<void> {
  const passwordHash = password === undefined ? undefined : await hashPassword(password)
  for (let first = from; first <= to; first += BATCH_SIZE) {
    const last = Math.min(to, first + BATCH_SIZE - 1)
    const ids = sql`select ${prefix}::text || g as id
      from generate_series(${first}::integer, ${last}::integer) g`
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified, username, display_username)
      select id, id, id || '@example.test', true, id, id from (${ids}) as ids`)
    if (passwordHash === undefined) continue
    await db.execute(sql`
      insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
      select 'credential-' || id, id, 'credential', id, ${passwordHash}, now(), now()
        from (${ids}) as ids`)
  }
}
