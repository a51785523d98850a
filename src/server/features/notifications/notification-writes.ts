// The notifications settlement and cancellation write (decision 102): set-based, one INSERT …
// SELECT per statement of the cause and in its transaction, so a notification exists exactly
// when its payout, loss or refund commits, and a chunk re-run after a crash writes none twice
// (the rolled-back chunk wrote none; the unique index refuses a second of a kind anyway).
import { sql, type SQL } from 'drizzle-orm'
import type { Transaction } from '../../db/client'

interface ResultFigures {
  tournamentId: string
  /** Picks scored: playable matches + the MVP. */
  total: number
}

/**
 * A CTE body for payPrizes over its `chunk` (user_id, amount, tier, correct): a payout for each
 * bet paid, a settled-with-nothing for one whose prize floored to 0. Both await a results mail.
 */
export function chunkNotificationsSql({
  tournamentId,
  total,
  isScaled,
}: ResultFigures & { isScaled: boolean }): SQL {
  return sql`
    insert into notifications (user_id, kind, tournament_id, data, mail_pending)
    select chunk.user_id,
           case when chunk.amount > 0 then 'payout_received' else 'tournament_settled' end,
           ${tournamentId}::uuid,
           case when chunk.amount > 0
             then jsonb_build_object('coins', chunk.amount, 'tier', chunk.tier,
                                     'correct', chunk.correct, 'total', ${total}::integer,
                                     'scaled', ${isScaled}::boolean)
             else jsonb_build_object('correct', chunk.correct, 'total', ${total}::integer)
           end,
           true
      from chunk
    on conflict do nothing`
}

/**
 * Wraps the statement that records the losses (an UPDATE … RETURNING user_id, correct) so the
 * same statement writes each loser's settled-with-nothing notification.
 */
export function loserNotificationsSql(lostBets: SQL, { tournamentId, total }: ResultFigures): SQL {
  return sql`
    with lost as (${lostBets})
    insert into notifications (user_id, kind, tournament_id, data, mail_pending)
    select lost.user_id, 'tournament_settled', ${tournamentId}::uuid,
           jsonb_build_object('correct', lost.correct, 'total', ${total}::integer), true
      from lost
    on conflict do nothing`
}

/**
 * After a cancel's refunds: a refund notification per refunded bet. A stopped settlement's
 * settled-with-nothing notice of a fan now refunded is withdrawn, with its unsent results mail.
 */
export async function writeRefundNotifications(
  tx: Transaction,
  tournamentId: string,
  { wasStopped }: { wasStopped: boolean },
): Promise<void> {
  if (wasStopped) {
    await tx.execute(sql`
    delete from notifications n using bets b
     where n.tournament_id = ${tournamentId}::uuid and n.kind = 'tournament_settled'
       and b.tournament_id = ${tournamentId}::uuid and b.user_id = n.user_id
       and b.status = 'refunded'`)
  }
  await tx.execute(sql`
    insert into notifications (user_id, kind, tournament_id, data)
    select b.user_id, 'refund', b.tournament_id, jsonb_build_object('coins', b.amount)
      from bets b
     where b.tournament_id = ${tournamentId}::uuid and b.status = 'refunded'
    on conflict do nothing`)
}
