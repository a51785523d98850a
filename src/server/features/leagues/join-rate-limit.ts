// Joining is rate-limited per client address (docs/decisions/105): every try counts, a wrong
// code included, so invite codes cannot be guessed by brute force (they carry 96 random bits
// anyway). The counter lives in better-auth's rate_limit table, in the database like its own
// counters, so the limit holds across processes and restarts, on PGlite and PostgreSQL alike:
// one upsert per try, a fixed window per key. The limit and window come from the environment
// (LEAGUE_JOIN_RATE_LIMIT_MAX, LEAGUE_JOIN_RATE_LIMIT_WINDOW_SECONDS: 20 a minute by default).
import { sql } from 'drizzle-orm'
import { rowsOf, type Database } from '#server/db/client'
import type { Env } from '#server/env'
import { rateLimited } from '#server/errors'

export type JoinRateLimitEnv = Pick<
  Env,
  'LEAGUE_JOIN_RATE_LIMIT_MAX' | 'LEAGUE_JOIN_RATE_LIMIT_WINDOW_SECONDS'
>

/** Counts the try; throws 429 RATE_LIMITED with Retry-After once the window's tries are spent. */
export async function countJoinAttempt(
  db: Database,
  env: JoinRateLimitEnv,
  clientIp: string,
  now: number = Date.now(),
): Promise<void> {
  const windowMs = env.LEAGUE_JOIN_RATE_LIMIT_WINDOW_SECONDS * 1000
  const key = `league-join:${clientIp}`
  const windowStart = now - windowMs
  // A window that has passed starts again at this try; otherwise the try adds one.
  const rows = rowsOf<{ count: number; last_request: number | string }>(
    await db.execute(sql`
    insert into rate_limit (id, key, count, last_request)
    values (${key}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request < ${windowStart} then 1
                   else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request < ${windowStart} then ${now}
                          else rate_limit.last_request end
    returning count, last_request`),
  )
  const row = rows[0]!
  if (Number(row.count) > env.LEAGUE_JOIN_RATE_LIMIT_MAX) {
    const endsAt = Number(row.last_request) + windowMs
    throw rateLimited((endsAt - now) / 1000)
  }
}
