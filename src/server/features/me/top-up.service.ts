// The daily top-up (docs/decisions/076): a fan below the lowest entry fee of the tournaments
// open for predictions claims DAILY_TOP_UP coins, once every 24 hours. The claim locks the
// wallet, so concurrent claims run one after another and only the first finds itself eligible;
// the ledger's unique idempotency key (one per top-up number) would refuse a second anyway. The
// coins move through the ledger module (recordTopUp).
import { and, desc, eq, gt, like, sql } from 'drizzle-orm'
import { TOP_UP_INTERVAL_MS, topUpEligibility } from '#domain/wallet/top-up'
import type { TopUpResult, TopUpStatus } from '#shared/schemas/me'
import { type Database, type Executor } from '#server/db/client'
import { getPgError, PG_ERROR } from '#server/db/pg-errors'
import { tournaments, walletTransactions, wallets } from '#server/db/schema'
import { AppError } from '#server/errors'
import { recordTopUp, TOP_UP_KEY_PREFIX } from '#server/ledger/ledger'
import { entryFeeOf } from '#server/game/tournament-figures'

/** The lowest entry fee among the tournaments open for predictions now; null when none is. */
async function lowestOpenEntryFee(db: Executor, now: Date): Promise<number | null> {
  const open = await db
    .select({ config: tournaments.prizePoolConfig })
    .from(tournaments)
    .where(and(eq(tournaments.status, 'upcoming'), gt(tournaments.bettingDeadline, now)))
  if (open.length === 0) return null
  return Math.min(...open.map((row) => entryFeeOf(row.config)))
}

async function topUpsOf(db: Executor, walletId: string) {
  const [last] = await db
    .select({ createdAt: walletTransactions.createdAt })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.walletId, walletId),
        like(walletTransactions.idempotencyKey, `${TOP_UP_KEY_PREFIX}%`),
      ),
    )
    .orderBy(desc(walletTransactions.createdAt))
    .limit(1)
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.walletId, walletId),
        like(walletTransactions.idempotencyKey, `${TOP_UP_KEY_PREFIX}%`),
      ),
    )
  return { lastAt: last?.createdAt ?? null, count: count?.n ?? 0 }
}

async function eligibilityOf(db: Executor, wallet: { id: string; balance: number }, now: Date) {
  const [lowest, topUps] = [await lowestOpenEntryFee(db, now), await topUpsOf(db, wallet.id)]
  return {
    topUps,
    eligibility: topUpEligibility({
      balance: wallet.balance,
      lowestOpenEntryFee: lowest,
      lastTopUpAt: topUps.lastAt,
      now,
    }),
  }
}

async function walletOf(db: Executor, userId: string, lock: boolean) {
  const query = db.select().from(wallets).where(eq(wallets.userId, userId))
  const [wallet] = lock ? await query.for('update') : await query
  // Every account has a wallet from its first moment (trigger).
  if (!wallet) throw new AppError('NOT_FOUND', 'Wallet not found.')
  return wallet
}

/** GET /api/me/top-up */
export async function getTopUpStatus(
  db: Database,
  { userId, amount }: { userId: string; amount: number },
): Promise<TopUpStatus> {
  const wallet = await walletOf(db, userId, false)
  const { eligibility } = await eligibilityOf(db, wallet, new Date())
  if (eligibility.eligible) return { amount, eligible: true, reason: null, nextAt: null }
  return {
    amount,
    eligible: false,
    reason: eligibility.reason,
    nextAt: eligibility.nextAt?.toISOString() ?? null,
  }
}

/** POST /api/me/top-up: 201 with the new balance, or 409 TOP_UP_UNAVAILABLE with the reason. */
export async function claimTopUp(
  db: Database,
  { userId, amount }: { userId: string; amount: number },
): Promise<TopUpResult> {
  try {
    return await db.transaction(async (tx) => {
      const wallet = await walletOf(tx, userId, true)
      const now = new Date()
      const { eligibility, topUps } = await eligibilityOf(tx, wallet, now)
      if (!eligibility.eligible) {
        throw new AppError('TOP_UP_UNAVAILABLE', undefined, {
          reason: eligibility.reason,
          nextAt: eligibility.nextAt?.toISOString() ?? null,
        })
      }
      const moved = await recordTopUp(tx, {
        walletId: wallet.id,
        coins: amount,
        earlierTopUps: topUps.count,
      })
      return {
        amount,
        balance: moved.balance,
        nextAt: new Date(moved.createdAt.getTime() + TOP_UP_INTERVAL_MS).toISOString(),
      }
    })
  } catch (error) {
    // Only a claim racing past the wallet lock could get here: the other one was first.
    if (getPgError(error)?.code === PG_ERROR.UNIQUE_VIOLATION) {
      throw new AppError('TOP_UP_UNAVAILABLE', undefined, { reason: 'too_soon', nextAt: null })
    }
    throw error
  }
}
