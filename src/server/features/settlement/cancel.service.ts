// Cancelling a tournament with refunds (docs/product.md "Cancellation", docs/decisions/054,
// 068): status cancelled and every bet not settled refunded through the ledger (refundBets), in
// both contests (docs/product.md "Second chance"), each refund row naming its contest.
import { and, asc, eq, or, sql } from 'drizzle-orm'
import { cancelProblem } from '#domain/tournament/tournament'
import type { CancellationResult } from '#shared/schemas/admin'
import { CONTESTS, type Contest } from '#shared/schemas/contest'
import type { Database } from '#server/db/client'
import { bets, tournamentSettlements, tournaments, wallets } from '#server/db/schema'
import { appErrorBecause } from '#server/errors'
import { contestLabel, refundBets, refundDescription } from '#server/ledger/ledger'
import { assertUuid } from '#server/game/ids'
import { writeAudit } from '#server/game/audit'
import { settlementStageOf } from '#server/game/scoring'
import { findSettlement, lockTournament } from '#server/game/scoring'
import { writeRefundNotifications } from '#server/game/notification-writes'
import { publishLiveEvent } from '#server/game/live-events'

/**
 * A loss a stopped settlement recorded at its start (decision 078): it moved no coins and has no
 * ledger row, so cancelling refunds it like a bet never settled, and the fan is not the poorer
 * for which half of a stopped settlement their bet fell in. A loss with its old bet_lost row (a
 * settlement stopped before decision 078) stays a loss.
 */
const lostOnTheBetAlone = and(
  eq(bets.status, 'lost'),
  sql`not exists (select 1 from wallet_transactions t
                   where t.related_bet_id = ${bets.id} and t.type = 'bet_lost')`,
)

type Refund = { betId: string; walletId: string; amount: number }

/**
 * POST /api/admin/tournaments/:id/cancel: one transaction that holds the tournament row, so
 * concurrent cancels refund each bet once and no bet slips in between. 409 for a settled
 * tournament or a settlement that is running.
 */
export async function cancelTournament(
  db: Database,
  { actorId, tournamentId }: { actorId: string; tournamentId: string },
): Promise<CancellationResult> {
  assertUuid(tournamentId, 'Tournament not found.')
  return db.transaction(async (tx) => {
    const tournament = await lockTournament(tx, tournamentId)
    const settlement = await findSettlement(tx, tournamentId)
    const stage = settlementStageOf(settlement ?? null)
    const problem = cancelProblem(tournament.status, stage)
    // Cancelling twice is a replay: the second finds nothing left to refund (decision 054).
    if (problem === 'settled' || problem === 'settlement_running') {
      throw appErrorBecause(
        'CONFLICT',
        problem === 'settled' ? 'SETTLED_NOT_CANCELLABLE' : 'SETTLEMENT_RUNNING',
        { reason: problem },
      )
    }
    // A stop may fall while the second chance pays (it pays first, decision 110): whichever
    // contest had not completed is given up; one that completed keeps its results.
    const secondChance = await findSettlement(tx, tournamentId, 'second_chance')
    if (stage === 'stopped') {
      // The prizes it paid stay paid; every other bet is refunded below.
      await tx
        .update(tournamentSettlements)
        .set({ state: 'cancelled' })
        .where(
          and(
            eq(tournamentSettlements.tournamentId, tournamentId),
            eq(tournamentSettlements.state, 'in_progress'),
          ),
        )
    }
    const refundsByContest: { contest: Contest; rows: Refund[] }[] = []
    for (const contest of CONTESTS) {
      const wasStopped =
        contest === 'main' ? stage === 'stopped' : secondChance?.state === 'in_progress'
      const rows = await tx
        .select({ betId: bets.id, walletId: wallets.id, amount: bets.amount })
        .from(bets)
        .innerJoin(wallets, eq(wallets.userId, bets.userId))
        .where(
          and(
            eq(bets.tournamentId, tournamentId),
            eq(bets.contest, contest),
            wasStopped
              ? or(eq(bets.status, 'active'), lostOnTheBetAlone)
              : eq(bets.status, 'active'),
          ),
        )
        .orderBy(asc(wallets.id))
      refundsByContest.push({ contest, rows })
    }
    if (tournament.status !== 'cancelled') {
      await tx
        .update(tournaments)
        .set({ status: 'cancelled' })
        .where(eq(tournaments.id, tournamentId))
      await publishLiveEvent(tx, tournamentId, 'status', { status: 'cancelled' })
    }
    // Each contest's refunds in wallet order, then the next contest's: every statement locks its
    // wallets in id order, as every writer of wallets does.
    for (const { contest, rows } of refundsByContest) {
      await refundBets(tx, rows, refundDescription(contestLabel(tournament.name, contest)))
    }
    const refunds = refundsByContest.flatMap(({ rows }) => rows)
    await writeRefundNotifications(tx, tournamentId, { wasStopped: stage === 'stopped' })
    const refundedCoins = refunds.reduce((sum, row) => sum + row.amount, 0)
    await writeAudit(tx, {
      actorId,
      action: 'cancel',
      entity: 'tournament',
      entityId: tournamentId,
      before: { status: tournament.status, settlement: stage },
      after: { status: 'cancelled', refundedBets: refunds.length, refundedCoins },
    })
    return {
      tournamentId,
      status: 'cancelled' as const,
      refundedBets: refunds.length,
      refundedCoins,
    }
  })
}
