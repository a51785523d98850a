// The notifications settlement and cancellation write (decision 102): set-based, one INSERT …
// SELECT inside the statement or transaction of the cause, so a notification exists exactly when
// its payout, loss or refund commits. None is written twice: a chunk's bets leave status active
// in the same statement (a re-run after a crash finds only what the rolled-back chunk left), the
// losses are recorded once at the start, and a refund is written only for a fan without one.
import { sql, type SQL } from 'drizzle-orm'
import type { Transaction } from '../../db/client'

interface ResultFigures {
  tournamentId: string
  /** Picks scored: playable matches + the MVP. */
  total: number
}

/**
 * A data-modifying CTE for payPrizes over its `chunk` (user_id, amount, tier, correct): a
 * payout for each bet paid, a settled-with-nothing for one whose prize floored to 0.
 */
export function chunkNotificationsSql({
  tournamentId,
  total,
  isScaled,
}: ResultFigures & { isScaled: boolean }): SQL {
  return sql`
    insert into notifications (user_id, kind, tournament_id, coins, tier, correct, total,
                               prizes_scaled)
    select chunk.user_id,
           case when chunk.amount > 0 then 'payout_received' else 'tournament_settled' end,
           ${tournamentId}::uuid,
           nullif(chunk.amount, 0),
           case when chunk.amount > 0 then chunk.tier end,
           chunk.correct, ${total}::smallint,
           case when chunk.amount > 0 then ${isScaled}::boolean end
      from chunk`
}

/**
 * Wraps the statement that records the losses (an UPDATE … RETURNING user_id, correct) so the
 * same statement writes each loser's settled-with-nothing notification.
 */
export function loserNotificationsSql(lostBets: SQL, { tournamentId, total }: ResultFigures): SQL {
  return sql`
    with lost as (${lostBets})
    insert into notifications (user_id, kind, tournament_id, correct, total)
    select lost.user_id, 'tournament_settled', ${tournamentId}::uuid, lost.correct,
           ${total}::smallint
      from lost`
}

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
  await tx.execute(sql`
    insert into notifications (user_id, kind, tournament_id, coins)
    select b.user_id, 'refund', b.tournament_id, b.amount
      from bets b
     where b.tournament_id = ${tournamentId}::uuid and b.status = 'refunded'
       and not exists (select 1 from notifications n
                        where n.user_id = b.user_id and n.tournament_id = b.tournament_id
                          and n.kind = 'refund')`)
}
