// The standings benchmarks' data and their "result reflected" clock (standings.bench.ts,
// curves.bench.ts, guard.ts): one tournament of N brackets with betting closed, and results
// committed as the admin's route writes them, each timed until the standings reflect it.
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client'
import { publishLiveEvent } from '#server/game/live-events'
import type { BenchDatabase } from './bench-database'
import { insertBenchTournament } from './bracket-bets'
import { insertBulkBets, insertBulkUsers, vacuumAndCheckpoint } from './bulk-data'
import { startBenchServer } from './bench-server'
import { insertSignedInUsers } from './sessions'
import { waitUntilStandingsFresh } from './standings-freshness'

/**
 * `brackets` bets on one tournament, the first `signedInCount` by users with sessions (prefix
 * 'sb'), the rest by bulk users ('sa'); then play starts: betting closes, the standings open.
 */
export async function loadStandings(
  database: BenchDatabase,
  brackets: number,
  signedInCount: number,
) {
  const { db } = database.handle
  const tournament = await insertBenchTournament(db, 'Standings bench')
  const signedIn = await insertSignedInUsers(db, { count: signedInCount, prefix: 'sb' })
  await insertBulkUsers(database.loader, { prefix: 'sa', count: brackets - signedInCount })
  const bet = {
    tournamentId: tournament.id,
    fee: tournament.fee,
    brackets: tournament.storedPicks,
  }
  await insertBulkBets(database.loader, { users: { prefix: 'sb', count: signedInCount }, ...bet })
  await insertBulkBets(database.loader, {
    users: { prefix: 'sa', count: brackets - signedInCount },
    ...bet,
  })
  // Every tiebreaker from 12 to 39, spread by the bet's id.
  await database.loader.query(
    `update bets set final_total_games = 12 + abs(hashtext(id::text)) % 28
      where tournament_id = $1`,
    [tournament.id],
  )
  // Play starts: betting closes, the standings open.
  await database.loader.query(`update tournaments set status = 'active' where id = $1`, [
    tournament.id,
  ])
  await vacuumAndCheckpoint(database.loader)
  return { tournament, signedIn }
}

/**
 * Commits a winner for each of the first `count` round-of-16 matches, one at a time, and times
 * each until the standings reflect it; then takes them back, so the next measurement starts from
 * the same standings.
 */
export async function timeResultsReflected(
  db: Database,
  tournamentId: string,
  count: number,
): Promise<number[]> {
  const matches = (await db.execute(sql`
    select id, team1_id from matches where tournament_id = ${tournamentId}::uuid
      and round = 'round16' order by match_number`)) as unknown as {
    rows: { id: string; team1_id: string }[]
  }
  const measured = matches.rows.slice(0, count)
  // As the admin's result route writes it: the result and its live event in one transaction.
  const setWinner = (matchId: string, winner: string | null) =>
    db.transaction(async (tx) => {
      await tx.execute(
        sql`update matches set winner_team_id = ${winner}::uuid where id = ${matchId}::uuid`,
      )
      await publishLiveEvent(tx, tournamentId, 'result', { matchId })
    })
  const reflectedMs: number[] = []
  for (const match of measured) {
    const committedAt = performance.now()
    await setWinner(match.id, match.team1_id)
    reflectedMs.push(await waitUntilStandingsFresh(db, tournamentId, { since: committedAt }))
  }
  // Taken back, so the next variant starts from the same standings.
  for (const match of measured) await setWinner(match.id, null)
  await waitUntilStandingsFresh(db, tournamentId)
  return reflectedMs
}

/**
 * A server of `bundle` (default this build) on the loaded standings: its first build awaited,
 * then `count` results timed until reflected (timeResultsReflected).
 */
export async function measureResultsReflected(
  database: BenchDatabase,
  tournamentId: string,
  count: number,
  bundle?: string,
): Promise<number[]> {
  const server = await startBenchServer({
    databaseUrl: database.url,
    ...(bundle ? { bundle } : {}),
  })
  try {
    await waitUntilStandingsFresh(database.handle.db, tournamentId)
    return await timeResultsReflected(database.handle.db, tournamentId, count)
  } finally {
    await server.stop()
  }
}
