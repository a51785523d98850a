// At most `max` account mails (confirmation, password reset) to one address per hour, whoever
// asks and from however many client addresses (docs/decisions/067). The per-client rate limits
// (decision 033) cannot stop a crowd of addresses aiming at one mailbox; this does. A mail over
// the cap is not sent and the request is answered as usual, so the cap reveals nothing.
import { and, eq, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { accountMailSends } from '../db/schema'

const HOUR_MS = 60 * 60 * 1000
const GLOBAL_PRUNE_EVERY_MS = 60 * 1000

export interface MailCap {
  /** Records a mail to `address` and answers true, or answers false when the hour's cap is full. */
  tryRecord(address: string): Promise<boolean>
}

export function createMailCap(
  db: Database,
  max: number,
  now: () => number = () => Date.now(),
): MailCap {
  let lastGlobalPrune = 0
  return {
    async tryRecord(address) {
      const addressKey = address.trim().toLowerCase()
      const at = now()
      if (at - lastGlobalPrune >= GLOBAL_PRUNE_EVERY_MS) {
        lastGlobalPrune = at
        await db
          .delete(accountMailSends)
          .where(lte(accountMailSends.sentAt, new Date(at - HOUR_MS)))
      }
      return db.transaction(async (tx) => {
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
      })
    },
  }
}
