// A settlement's in-app notifications (decision 102), written after it by a follow-up job, not in
// its chunks. Each contest of a tournament (docs/product.md "Second chance") has its settlement, and so its
// own cursor here: the settlement's statements pay and record losses only, so notifying a million fans
// costs it nothing (bench/README.md, settlement-ab). Once a settlement has completed — or was
// stopped and cancelled, whose winners paid before the stop keep their payout notice — this job
// walks its bets in the order of bets_tournament_live_idx, a batch at a time, and writes each
// settled bet's notification in the transaction that moves the settlement's cursor
// (settlement_notification_progress), its row locked FOR UPDATE SKIP LOCKED. A crash rolls the
// batch back with the cursor, so a restart resumes where the last commit ended; the unique
// (bet, kind) key makes any batch run twice write nothing.
import { eq, sql } from 'drizzle-orm'
import type { TierCounts } from '#domain/prize/payouts'
import type { TierResult } from '#domain/prize/tiers'
import type { Contest } from '#shared/schemas/contest'
import { rowsOf, type Database, type Transaction } from '#server/db/client'
import { tournaments } from '#server/db/schema'
import {
  betCodesSql,
  correctPicksSql,
  loadSqlScoring,
  payoutsByCorrect,
} from '#server/game/scoring-sql'
import { findSettlement, loadScoring, winnersOf } from '#server/game/scoring'
import { insertNotificationsSql, queueNotificationPushes } from '#server/game/notification-writes'

/** Bets per batch: one INSERT … SELECT by index, a few hundred ms on a busy machine. */
export const SETTLEMENT_NOTIFICATION_BATCH = 5000

/** A finished settlement whose notifications are not all written, its progress row locked. */
async function claimSettlement(tx: Transaction) {
  const due = rowsOf<{ tournament_id: string; contest: Contest }>(
    await tx.execute(sql`
    select s.tournament_id, s.contest::text from tournament_settlements s
      left join settlement_notification_progress p
        on p.tournament_id = s.tournament_id and p.contest = s.contest
     where s.state in ('completed', 'cancelled') and p.done_at is null`),
  )
  for (const { tournament_id: tournamentId, contest } of due) {
    await tx.execute(sql`
      insert into settlement_notification_progress (tournament_id, contest)
      values (${tournamentId}::uuid, ${contest}::contest) on conflict do nothing`)
    const claimed = rowsOf<{ after_created_at: string | null; after_bet_id: string | null }>(
      await tx.execute(sql`
      select after_created_at::text, after_bet_id::text from settlement_notification_progress
       where tournament_id = ${tournamentId}::uuid and contest = ${contest}::contest
         and done_at is null
         for update skip locked`),
    )
    const [progress] = claimed
    if (progress) return { tournamentId, contest, ...progress }
  }
  return null
}

/** Writes one batch of one finished settlement's notifications; answers the bets walked. */
export async function writeDueSettlementNotifications(
  db: Database,
  { batch = SETTLEMENT_NOTIFICATION_BATCH }: { batch?: number } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await claimSettlement(tx)
    if (!claimed) return 0
    const { tournamentId, contest } = claimed
    const [tournament] = await tx.select().from(tournaments).where(eq(tournaments.id, tournamentId))
    const settlement = await findSettlement(tx, tournamentId, contest)
    const scoring = await loadScoring(tx, tournament!, contest)
    const { summary } = winnersOf(
      settlement!.prizePool,
      settlement!.tierCounts as TierCounts,
      scoring.tiers,
    )
    const sqlScoring = await loadSqlScoring(
      tx,
      scoring.results,
      scoring.mvpPlayerId,
      scoring.firstRound,
    )
    const prizeOf = new Map<TierResult, number>(
      summary.tiers.map((row) => [row.tierKey, row.prizeEach]),
    )
    const tiers = payoutsByCorrect(
      sqlScoring.total,
      scoring.tiers,
      (tier) => prizeOf.get(tier) ?? 0,
    )
    const tierOf = `{${tiers.map((payout) => payout.tier).join(',')}}`
    // A won bet: its payout as the ledger holds it, its tier from its score. A lost one (no
    // tier, or a prize that floored to 0): settled with nothing. Refunded and active bets (a
    // cancelled settlement's) are told by the cancel, or not at all.
    const written = rowsOf<{
      walked: number
      told: string[]
      last_created_at: string | null
      last_bet_id: string | null
    }>(
      await tx.execute(sql`
      with walked as materialized (
        select b.id, b.user_id, b.created_at, b.status,
               ${correctPicksSql(sqlScoring, betCodesSql)} as correct
          from bets b
         where b.tournament_id = ${tournamentId}::uuid and b.contest = ${contest}::contest
           and (b.created_at, b.id) > (
                 coalesce(${claimed.after_created_at}::timestamptz, '-infinity'::timestamptz),
                 coalesce(${claimed.after_bet_id}::uuid,
                          '00000000-0000-0000-0000-000000000000'::uuid))
         order by b.created_at, b.id
         limit ${batch}
      ),
      told as (
        ${insertNotificationsSql(
          [
            'user_id',
            'kind',
            'tournament_id',
            'bet_id',
            'coins',
            'tier',
            'correct',
            'total',
            'prizes_scaled',
          ],
          sql`select walked.user_id,
               case when walked.status = 'won' then 'payout_received' else 'tournament_settled' end,
               ${tournamentId}::uuid, walked.id, paid.amount,
               case when walked.status = 'won' then (${tierOf}::text[])[walked.correct + 1] end,
               walked.correct, ${sqlScoring.total}::smallint,
               case when walked.status = 'won' then ${summary.isScaled}::boolean end
          from walked
          left join lateral (
            select t.amount from wallet_transactions t
             where t.related_bet_id = walked.id and t.type = 'bet_won') paid on true
         where walked.status = 'won' or walked.status = 'lost'`,
          { onConflict: sql`on conflict (bet_id, kind) where bet_id is not null do nothing` },
        )}
      )
      select count(*)::integer as walked,
             (select coalesce(array_agg(id::text), '{}') from told) as told,
             (select created_at::text from walked order by created_at desc, id desc limit 1)
               as last_created_at,
             (select id::text from walked order by created_at desc, id desc limit 1) as last_bet_id
        from walked`),
    )
    const { walked, told, last_created_at: lastCreatedAt, last_bet_id: lastBetId } = written[0]!
    await queueNotificationPushes(tx, told)
    await tx.execute(sql`
      update settlement_notification_progress
         set after_created_at = coalesce(${lastCreatedAt}::timestamptz, after_created_at),
             after_bet_id = coalesce(${lastBetId}::uuid, after_bet_id),
             done_at = ${walked < batch ? sql`now()` : sql`null`},
             updated_at = now()
       where tournament_id = ${tournamentId}::uuid and contest = ${contest}::contest`)
    return walked
  })
}
