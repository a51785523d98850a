// Which sessions were revoked lately, as far as this process knows (docs/decisions/066). The
// routes that trust the signed session cache cookie (placing a bet, the leaderboard) ask here
// first: a cache is trusted only when this list was read from the database at most `syncMs` ago
// and does not name its session. A trigger on `session` writes every deleted session into
// `revoked_sessions` within the deleting transaction, so the list covers every way a session
// ends: sign-out, password reset or change, ban, "sign out other devices", an operator's DELETE.
//
// The list is read lazily: the first cached-session check after `syncMs` reads the rows revoked
// since the previous read (one small indexed query that every request waiting meanwhile shares),
// so an idle process reads nothing and a busy one reads at most 1000 / syncMs times a second.
// After a request in this process that may have revoked sessions, `markStale()` makes the next
// check read again, so a revocation holds at once where it was made.
import { lt, sql } from 'drizzle-orm'
import { rowsOf, type Database } from '#server/db/client'
import { revokedSessions } from '#server/db/schema'
import { SESSION_CACHE_SECONDS } from './auth'

/**
 * Each read also takes the rows of this long before the previous one: a row carries the moment
 * of its deletion, and its transaction may commit later (statement timeout 15 s, decision 013).
 */
const COMMIT_DELAY_ALLOWANCE_MS = 60_000
/** A session revoked longer ago than this has no cache cookie left that could be trusted. */
const REMEMBER_MS = SESSION_CACHE_SECONDS * 1000 + COMMIT_DELAY_ALLOWANCE_MS
/** Rows this old are deleted now and then by whichever process reads. */
const PRUNE_EVERY_MS = 60_000

export interface SessionRevocations {
  /**
   * True when the cached copy of this session may be trusted: the list is fresh (read again if
   * not) and does not name the session. False (never an error) when the list cannot be read:
   * the caller then reads the session row, which decides.
   */
  mayTrustCache(sessionId: string): Promise<boolean>
  /** The next check reads the database again (after a request that may have revoked sessions). */
  markStale(): void
}

interface Read {
  generation: number
  done: Promise<void>
}

interface RevocationRow {
  now_ms: number
  session_id: string | null
  revoked_ms: number | null
}

export function createSessionRevocations(db: Database, syncMs: number): SessionRevocations {
  /** Session id → when it was revoked (database clock, ms). */
  const revoked = new Map<string, number>()
  /** Bumped by markStale(): a read that began under an older generation may have missed it. */
  let generation = 0
  /** The generation and start (this process's clock) of the latest read that succeeded. */
  let fresh = { generation: -1, at: 0 }
  /** Where the next read starts (database clock, ms); null: the whole window. */
  let readFromMs: number | null = null
  let lastPruneMs = 0
  let reading: Read | undefined

  const read = async (startedAt: number, atGeneration: number) => {
    const sinceMs = readFromMs ?? startedAt - REMEMBER_MS
    // One round trip: the database's clock, joined with the rows revoked since `sinceMs`.
    const rows = rowsOf<RevocationRow>(
      await db.execute(sql`
      select (extract(epoch from now()) * 1000)::float8 as now_ms,
             r.session_id,
             (extract(epoch from r.revoked_at) * 1000)::float8 as revoked_ms
      from (select 1) as clock
      left join ${revokedSessions} as r on r.revoked_at >= to_timestamp(${sinceMs / 1000})`),
    )
    const databaseNowMs = Number(rows[0]!.now_ms)
    for (const row of rows) {
      if (row.session_id !== null) revoked.set(row.session_id, Number(row.revoked_ms))
    }
    readFromMs = databaseNowMs - COMMIT_DELAY_ALLOWANCE_MS
    for (const [sessionId, revokedMs] of revoked) {
      if (revokedMs < databaseNowMs - REMEMBER_MS) revoked.delete(sessionId)
    }
    if (atGeneration >= fresh.generation) fresh = { generation: atGeneration, at: startedAt }
    if (databaseNowMs - lastPruneMs > PRUNE_EVERY_MS) {
      lastPruneMs = databaseNowMs
      // Housekeeping only: a failure here changes nothing the list says.
      await db
        .delete(revokedSessions)
        .where(lt(revokedSessions.revokedAt, new Date(databaseNowMs - 2 * REMEMBER_MS)))
        .catch(() => undefined)
    }
  }

  const isFresh = (now: number) => fresh.generation === generation && now - fresh.at <= syncMs

  const refresh = (now: number): Promise<void> => {
    // A read already under way counts only if it began after the last local revocation.
    if (reading?.generation === generation) return reading.done
    const current: Read = {
      generation,
      done: read(now, generation).finally(() => {
        if (reading === current) reading = undefined
      }),
    }
    reading = current
    return current.done
  }

  return {
    async mayTrustCache(sessionId) {
      if (!isFresh(Date.now())) {
        try {
          await refresh(Date.now())
        } catch {
          return false
        }
      }
      return !revoked.has(sessionId)
    },
    markStale() {
      generation++
    },
  }
}
