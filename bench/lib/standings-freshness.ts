// Waiting for the server's standings refresher: a tournament's standings are fresh once their
// build stored the digest of the results they were built from (docs/decisions/093).
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { resultsDigestSql } from '#server/features/standings/standings-rebuild'

/**
 * Milliseconds from `since` until the tournament's standings were built from its current
 * results; polls every `pollMs` and gives up after `timeoutMs` from `since`.
 */
export async function waitUntilStandingsFresh(
  db: Database,
  tournamentId: string,
  {
    since = performance.now(),
    pollMs = 20,
    timeoutMs = 15 * 60_000,
  }: { since?: number; pollMs?: number; timeoutMs?: number } = {},
): Promise<number> {
  for (;;) {
    const answer = (await db.execute(sql`
      select results_digest = ${resultsDigestSql(tournamentId)} as fresh
        from standings_builds where tournament_id = ${tournamentId}::uuid`)) as unknown as {
      rows: { fresh: boolean }[]
    }
    if (answer.rows[0]?.fresh) return performance.now() - since
    await new Promise((resolve) => setTimeout(resolve, pollMs))
    if (performance.now() - since > timeoutMs) throw new Error('standings never caught up')
  }
}
