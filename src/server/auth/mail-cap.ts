// At most `max` account mails (confirmation, password reset) to one address per hour, whoever
// asks and from however many client addresses (docs/decisions/067). The per-client rate limits
// (decision 033) cannot stop a crowd of addresses aiming at one mailbox; this does. A mail over
// the cap is not sent and the request is answered as usual, so the cap reveals nothing.
// The check runs in the transaction that writes the mail into the outbox (decision 091): a
// rolled-back cause neither sends nor counts.
import { and, eq, lte, sql } from 'drizzle-orm'
import type { Database, Transaction } from '#server/db/client'
import { accountMailSends } from '#server/db/schema'

const HOUR_MS = 60 * 60 * 1000
const GLOBAL_PRUNE_EVERY_MS = 60 * 1000

export interface MailCap {
  /**
   * Records a mail to `address` in `tx` and answers true, or answers false when the hour's cap
   * is full. Holds a lock on the address until `tx` ends.
   */
  tryRecord(tx: Transaction, address: string): Promise<boolean>
  /**
   * Deletes the records older than an hour, at most once a minute; outside any transaction, so
   * concurrent sign-ups never wait on each other's prune.
   */
  pruneOld(db: Database): Promise<void>
}

export function createMailCap(max: number, now: () => number = () => Date.now()): MailCap {
  let lastGlobalPrune = 0
  return {
    async tryRecord(tx, address) {
      const addressKey = address.trim().toLowerCase()
      const at = now()
      // Concurrent requests for one address must not both take the last place.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`account-mail:${addressKey}`}, 0))`,
      )
      const [row] = await tx
        .select({ sent: sql<number>`count(*)::int` })
        .from(accountMailSends)
        .where(
          and(
            eq(accountMailSends.addressKey, addressKey),
            sql`${accountMailSends.sentAt} > ${new Date(at - HOUR_MS)}`,
          ),
        )
      if ((row?.sent ?? 0) >= max) return false
      await tx.insert(accountMailSends).values({ addressKey, sentAt: new Date(at) })
      return true
    },
    async pruneOld(db) {
      const at = now()
      if (at - lastGlobalPrune < GLOBAL_PRUNE_EVERY_MS) return
      lastGlobalPrune = at
      await db.delete(accountMailSends).where(lte(accountMailSends.sentAt, new Date(at - HOUR_MS)))
    },
  }
}
