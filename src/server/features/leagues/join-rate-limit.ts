// Joining is rate-limited per client address (docs/decisions/105): every try counts, a wrong
// code included, so invite codes cannot be guessed by brute force (they carry 96 random bits
// anyway). The counter lives in better-auth's rate_limit table, in the database like its own
// counters, so the limit holds across processes and restarts, on PGlite and PostgreSQL alike:
// one upsert per try, a fixed window per key.
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { rateLimited } from '../../errors'

export const LEAGUE_JOIN_WINDOW_SECONDS = 60
export const LEAGUE_JOIN_MAX_PER_WINDOW = 20

/** Counts the try; throws 429 RATE_LIMITED with Retry-After once the window's tries are spent. */
export async function countJoinAttempt(
  db: Database,
  clientIp: string,
  now: number = Date.now(),
): Promise<void> {
  const key = `league-join:${clientIp}`
  const windowStart = now - LEAGUE_JOIN_WINDOW_SECONDS * 1000
  // A window that has passed starts again at this try; otherwise the try adds one.
  const { rows } = (await db.execute(sql`
    insert into rate_limit (id, key, count, last_request)
    values (${key}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limit.last_request < ${windowStart} then 1
                   else rate_limit.count + 1 end,
      last_request = case when rate_limit.last_request < ${windowStart} then ${now}
                          else rate_limit.last_request end
    returning count, last_request`)) as unknown as {
    rows: { count: number; last_request: number | string }[]
  }
  const row = rows[0]!
  if (Number(row.count) > LEAGUE_JOIN_MAX_PER_WINDOW) {
    const endsAt = Number(row.last_request) + LEAGUE_JOIN_WINDOW_SECONDS * 1000
    throw rateLimited((endsAt - now) / 1000)
  }
}
