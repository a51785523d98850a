// Failed sign-ins per account (docs/decisions/033): at most SIGN_IN_BURST_MAX failures in
// SIGN_IN_BURST_WINDOW_SECONDS (a short cool-down after a burst) and SIGN_IN_HOURLY_MAX in an
// hour. While throttled, every attempt on the account is answered 429 without looking at the
// password, so guessing goes no faster; once the window has moved on, the right password works.
// Counted in the database, so the limit holds across processes; keyed on the e-mail as typed
// (lower-cased), whether or not an account exists, so the throttle reveals nothing either.
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { signInFailures } from '#server/db/schema'
import type { Env } from '#server/env'

const HOUR_MS = 60 * 60 * 1000
const GLOBAL_PRUNE_EVERY_MS = 60 * 1000

export type ThrottleEnv = Pick<
  Env,
  'SIGN_IN_BURST_MAX' | 'SIGN_IN_BURST_WINDOW_SECONDS' | 'SIGN_IN_HOURLY_MAX'
>

export type Reservation =
  { allowed: true; id: string; accountKey: string } | { allowed: false; retryAfterSeconds: number }

/** What became of an attempt: a wrong password counts; a right one clears the account's count. */
export type AttemptOutcome = 'wrong-password' | 'right-password' | 'not-checked'

export interface SignInThrottle {
  /** Records the attempt up front (so concurrent guesses cannot slip past the count), or refuses. */
  reserve(email: string): Promise<Reservation>
  settle(
    reservation: Extract<Reservation, { allowed: true }>,
    outcome: AttemptOutcome,
  ): Promise<void>
}

export function createSignInThrottle(
  db: Database,
  env: ThrottleEnv,
  now: () => number = () => Date.now(),
): SignInThrottle {
  const burstWindowMs = env.SIGN_IN_BURST_WINDOW_SECONDS * 1000
  let lastGlobalPrune = 0

  async function pruneExpired(at: number): Promise<void> {
    if (at - lastGlobalPrune < GLOBAL_PRUNE_EVERY_MS) return
    lastGlobalPrune = at
    await db.delete(signInFailures).where(lte(signInFailures.failedAt, new Date(at - HOUR_MS)))
  }

  return {
    async reserve(email) {
      const accountKey = email.trim().toLowerCase()
      const at = now()
      await pruneExpired(at)
      return db.transaction(async (tx) => {
        // One attempt at a time per account: count and insert must not interleave.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${accountKey}`}, 0))`,
        )
        const recent = await tx
          .select({ failedAt: signInFailures.failedAt })
          .from(signInFailures)
          .where(
            and(
              eq(signInFailures.accountKey, accountKey),
              sql`${signInFailures.failedAt} > ${new Date(at - HOUR_MS)}`,
            ),
          )
          .orderBy(desc(signInFailures.failedAt))
          .limit(env.SIGN_IN_HOURLY_MAX)
        const times = recent.map((row) => row.failedAt.getTime())
        const waitMs = Math.max(
          waitUntilBelow(times, env.SIGN_IN_BURST_MAX, burstWindowMs, at),
          waitUntilBelow(times, env.SIGN_IN_HOURLY_MAX, HOUR_MS, at),
        )
        if (waitMs > 0)
          return { allowed: false as const, retryAfterSeconds: Math.ceil(waitMs / 1000) }
        const [row] = await tx
          .insert(signInFailures)
          .values({ accountKey, failedAt: new Date(at) })
          .returning({ id: signInFailures.id })
        return { allowed: true as const, id: row!.id, accountKey }
      })
    },

    async settle(reservation, outcome) {
      if (outcome === 'wrong-password') return
      if (outcome === 'right-password') {
        await db.delete(signInFailures).where(eq(signInFailures.accountKey, reservation.accountKey))
        return
      }
      await db.delete(signInFailures).where(inArray(signInFailures.id, [reservation.id]))
    },
  }
}

/**
 * How long until fewer than `max` of the failures (newest first) fall inside `windowMs`: 0 when
 * they already do, else until the max-th newest one leaves the window.
 */
function waitUntilBelow(newestFirst: number[], max: number, windowMs: number, at: number): number {
  const oldestThatCounts = newestFirst[max - 1]
  if (oldestThatCounts === undefined) return 0
  return Math.max(0, oldestThatCounts + windowMs - at)
}
