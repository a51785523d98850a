// Thousands of users and bets written straight into a server's database before (or between) its
// runs: users through tests/bulk-users.ts (one password hash shared by every user), and bets
// through the place_bet SQL function, so the ledger is written exactly as the server writes it.
import { sql } from 'drizzle-orm'
import { predictedMatchups, picksFromEntries } from '#domain/bracket/bracket'
import { rowsOf, type Database } from '#server/db/client'
import { insertUserRange } from '#tests/bulk-users'
import { defaultPrizePoolConfig } from '#tests/factories'
import {
  completeBracket,
  insertBracketTournament,
  type BracketTournament,
} from '#tests/game-factories'

export const BULK_PASSWORD = 'reliability-Fan-Password-2026'

// A low fee: the welcome bonus (1000) then pays for a bet in each of up to 100 trials.
export const RELIABILITY_ENTRY_FEE = 10

export interface BulkUser {
  id: string
  email: string
}

/**
 * `count` confirmed users `<prefix>_<i>`, i from 0 (tests/bulk-users.ts: each with its wallet and
 * the welcome bonus); with `withPassword`, all can sign in with BULK_PASSWORD.
 */
export async function insertBulkUsers(
  db: Database,
  {
    prefix,
    count,
    withPassword = false,
  }: { prefix: string; count: number; withPassword?: boolean },
): Promise<BulkUser[]> {
  const password = withPassword ? BULK_PASSWORD : undefined
  await insertUserRange(db, { prefix: `${prefix}_`, from: 0, to: count - 1, password })
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}_${i}`,
    email: `${prefix}_${i}@example.test`,
  }))
}

/** A 16-pair tournament open for bets, with the low reliability entry fee. */
export function insertOpenTournament(db: Database): Promise<BracketTournament> {
  return insertBracketTournament(db, {
    prizePoolConfig: { ...defaultPrizePoolConfig, entry_fee: RELIABILITY_ENTRY_FEE },
  })
}

/**
 * A varied bracket: variant 0 always picks team 1 (what playOut makes happen, so it is perfect),
 * the others flip the matches whose bit in the variant is set.
 */
export function variantBracket(bracket: BracketTournament, variant: number) {
  let matchIndex = 0
  return completeBracket(bracket, (match) =>
    (variant >> (matchIndex++ % 15)) & 1 ? match.team2Id : match.team1Id,
  )
}

/**
 * One bet per user on the tournament through place_bet, each user on one of `variants` brackets.
 * Returns how many were placed.
 */
export async function placeBulkBets(
  db: Database,
  bracket: BracketTournament,
  users: readonly BulkUser[],
  variants = 16,
): Promise<number> {
  let placed = 0
  for (let variant = 0; variant < variants; variant++) {
    const ids = users.filter((_, i) => i % variants === variant).map((row) => row.id)
    if (ids.length === 0) continue
    const { picks, mvpPlayerId } = variantBracket(bracket, variant)
    const storedPicks = predictedMatchups(bracket.matches, picksFromEntries(picks)).map((m) => ({
      match_id: m.matchId,
      team1_id: m.team1Id ?? '',
      team2_id: m.team2Id ?? '',
      predicted_winner_id: m.winnerTeamId ?? '',
    }))
    const answer = rowsOf<{ placed: number }>(
      await db.execute(sql`
      select count(*)::integer as placed from (
        select (place_bet(u.id, ${bracket.tournament.id}::uuid, ${RELIABILITY_ENTRY_FEE}::integer,
                          ${JSON.stringify(storedPicks)}::jsonb, ${mvpPlayerId}::uuid)).result
          from unnest(${`{${ids.join(',')}}`}::text[]) as u(id)
      ) as placed where result = 'ok'`),
    )
    placed += answer[0]!.placed
  }
  return placed
}
