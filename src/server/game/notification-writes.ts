// The one writer of notifications (decision 155), as the ledger has one for coins: every
// notification row is inserted here, in its cause's transaction, and the pushes of the kinds that
// are pushed are queued with it (push-queue.ts), so a writer cannot forget them. Rows a caller
// holds go through writeNotifications; a set-based cause whose rows come from a query uses
// writeNotificationsFrom, or, where the insert must sit inside the cause's own statement (a
// settlement chunk, a nudge's claimed fans), insertNotificationsSql there and
// queueNotificationPushes with the ids it returns. A test (notification-writes.test.ts) keeps
// every other file from inserting notifications.
import { sql, type SQL } from 'drizzle-orm'
import { rowsOf, type Transaction } from '#server/db/client'
import { notifications } from '#server/db/schema'
import { queueNotificationPushes } from './push-queue'

export { queueNotificationPushes }

export type NewNotification = typeof notifications.$inferInsert

/** The columns a query may fill (the others take their defaults). */
export type NotificationColumn =
  | 'user_id'
  | 'kind'
  | 'tournament_id'
  | 'league_id'
  | 'actor_user_id'
  | 'bet_id'
  | 'coins'
  | 'tier'
  | 'correct'
  | 'total'
  | 'prizes_scaled'

/** Writes the rows and queues their pushes; answers the new ids in the rows' order. */
export async function writeNotifications(
  tx: Transaction,
  rows: readonly NewNotification[],
): Promise<string[]> {
  if (rows.length === 0) return []
  const written = await tx
    .insert(notifications)
    .values([...rows])
    .returning({ id: notifications.id })
  const ids = written.map((row) => row.id)
  await queueNotificationPushes(tx, ids)
  return ids
}

/**
 * `insert into notifications (columns) <select> [on conflict …] returning id, user_id`, for a
 * cause that writes inside one statement of its own; it then queues the returned ids' pushes.
 */
export function insertNotificationsSql(
  columns: readonly NotificationColumn[],
  select: SQL,
  { onConflict }: { onConflict?: SQL } = {},
): SQL {
  return sql`insert into notifications (${sql.raw(columns.join(', '))}) ${select}
    ${onConflict ?? sql``} returning id, user_id`
}

/** Writes the rows a query selects and queues their pushes; answers the new rows. */
export async function writeNotificationsFrom(
  tx: Transaction,
  columns: readonly NotificationColumn[],
  select: SQL,
): Promise<{ id: string; user_id: string }[]> {
  const written = rowsOf<{ id: string; user_id: string }>(
    await tx.execute(insertNotificationsSql(columns, select)),
  )
  await queueNotificationPushes(
    tx,
    written.map((row) => row.id),
  )
  return written
}

/**
 * After a cancel's refunds (decision 102): a refund notification per refunded bet whose fan has
 * none yet (a second cancel refunds nothing and writes nothing). A stopped settlement's
 * settled-with-nothing notice of a fan now refunded is withdrawn.
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
  await writeNotificationsFrom(
    tx,
    ['user_id', 'kind', 'tournament_id', 'coins'],
    sql`select b.user_id, 'refund', b.tournament_id, b.amount
      from bets b
     where b.tournament_id = ${tournamentId}::uuid and b.status = 'refunded'
       and not exists (select 1 from notifications n
                        where n.user_id = b.user_id and n.tournament_id = b.tournament_id
                          and n.kind = 'refund')`,
  )
}
