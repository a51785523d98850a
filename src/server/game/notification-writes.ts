// The notifications a cancellation writes in its own transaction (decision 102): one INSERT …
// SELECT, so a refund notification exists exactly when its refund commits, and is written only
// for a fan without one. A settlement's notifications come after it, from a follow-up job
// (settlement-notifications.ts), so its chunks write nothing but the payments.
import { sql } from 'drizzle-orm'
import { rowsOf, type Transaction } from '#server/db/client'
import { queueNotificationPushes } from './push-queue'

/**
 * After a cancel's refunds: a refund notification per refunded bet whose fan has none yet (a
 * second cancel refunds nothing and writes nothing). A stopped settlement's settled-with-nothing
 * notice of a fan now refunded is withdrawn.
 */
export async function writeRefundNotifications(
  tx: Transaction,
  tournamentId: string,
  { wasStopped }: { wasStopped: boolean },
): Promise<void> {
  if (wasStopped) {
    await tx.execute(sql`
      delete from notifications n using bets b
       where b.tournament_id = ${tournamentId}::uuid and b.status = 'refunded'
         and n.user_id = b.user_id and n.tournament_id = b.tournament_id
         and n.kind = 'tournament_settled'`)
  }
  const written = rowsOf<{ id: string }>(
    await tx.execute(sql`
    insert into notifications (user_id, kind, tournament_id, coins)
    select b.user_id, 'refund', b.tournament_id, b.amount
      from bets b
     where b.tournament_id = ${tournamentId}::uuid and b.status = 'refunded'
       and not exists (select 1 from notifications n
                        where n.user_id = b.user_id and n.tournament_id = b.tournament_id
                          and n.kind = 'refund')
    returning id`),
  )
  await queueNotificationPushes(
    tx,
    written.map((row) => row.id),
  )
}
