// The brackets bets are validated against, kept in the server process (docs/decisions/062):
// loading a tournament's matches and pairs cost a round trip and a JSON parse on every bet, as
// much as placing the bet itself. Each entry carries the tournament's bracket_version, and
// place_bet refuses a bet validated against another one, so a process never needs to be told
// that an admin (in this process or another) changed the bracket: it finds out and reloads.
// One copy serves both contests (docs/product.md "Second chance"): the second chance's figures come with it.
import { sql } from 'drizzle-orm'
import { indexBracket, type BracketIndex, type MatchRef } from '#domain/bracket/bracket'
import { indexSecondChance } from '#domain/bracket/second-chance'
import type { TournamentStatus } from '#domain/tournament/tournament'
import { rowsOf, type Database } from '#server/db/client'
import {
  matches,
  teams,
  tournamentContests,
  tournaments,
  type StoredPrizePoolConfig,
} from '#server/db/schema'
import { AppError } from '#server/errors'
import { isUuid } from '#server/game/ids'

export interface BettingBracket {
  bracketVersion: number
  tournament: {
    status: TournamentStatus
    bettingDeadline: Date
    prizePoolConfig: StoredPrizePoolConfig
  }
  /** The tournament's matches, arranged as a bracket once, not once per bet. */
  index: BracketIndex
  /** The same matches as a second-chance bracket: from the quarterfinals, their real pairs. */
  secondChanceIndex: BracketIndex
  /** The second chance's figures; null while none is opened. */
  secondChance: { entryFee: number; bettingDeadline: Date; closedAt: Date | null } | null
  teamRows: { id: string; player1Id: string; player2Id: string }[]
}

// Open tournaments at one time are a handful; the bound only keeps a long-lived process from
// collecting every tournament it ever saw.
const MAX_KEPT = 200

// Per database handle, so test databases and processes never share entries.
const keptByDatabase = new WeakMap<Database, Map<string, BettingBracket>>()

function keptFor(db: Database): Map<string, BettingBracket> {
  let kept = keptByDatabase.get(db)
  if (!kept) {
    kept = new Map()
    keptByDatabase.set(db, kept)
  }
  return kept
}

export function keptBracket(db: Database, tournamentId: string): BettingBracket | undefined {
  return keptByDatabase.get(db)?.get(tournamentId)
}

export function keepBracket(db: Database, tournamentId: string, bracket: BettingBracket): void {
  const kept = keptFor(db)
  kept.delete(tournamentId)
  if (kept.size >= MAX_KEPT) {
    // A Map iterates in insertion order: the first key is the longest kept.
    const oldest = kept.keys().next().value
    if (oldest !== undefined) kept.delete(oldest)
  }
  kept.set(tournamentId, bracket)
}

export function forgetBracket(db: Database, tournamentId: string): void {
  keptByDatabase.get(db)?.delete(tournamentId)
}

interface BracketRow extends Record<string, unknown> {
  status: TournamentStatus
  betting_deadline: string | Date
  prize_pool_config: StoredPrizePoolConfig
  bracket_version: number
  matches: MatchRef[]
  teams: { id: string; player1Id: string; player2Id: string }[]
  second_chance: { entryFee: number; bettingDeadline: string; closedAt: string | null } | null
}

/**
 * The tournament's status, deadline, fee and bracket version with its matches and pairs and its
 * second chance's figures, in one round trip. 404 NOT_FOUND for unknown and malformed ids.
 */
export async function loadBettingBracket(
  db: Database,
  tournamentId: string,
): Promise<BettingBracket> {
  if (!isUuid(tournamentId)) throw new AppError('NOT_FOUND', 'Tournament not found.')
  const result = rowsOf<BracketRow>(
    await db.execute(sql`
    select t.status, t.betting_deadline, t.prize_pool_config, t.bracket_version,
      coalesce((
        select json_agg(json_build_object('id', m.id, 'round', m.round,
          'matchNumber', m.match_number, 'team1Id', m.team1_id, 'team2Id', m.team2_id))
        from ${matches} m where m.tournament_id = t.id), '[]') as matches,
      coalesce((
        select json_agg(json_build_object('id', p.id,
          'player1Id', p.player1_id, 'player2Id', p.player2_id))
        from ${teams} p where p.tournament_id = t.id), '[]') as teams,
      (select json_build_object('entryFee', c.entry_fee, 'bettingDeadline', c.betting_deadline,
          'closedAt', c.closed_at)
        from ${tournamentContests} c
        where c.tournament_id = t.id and c.contest = 'second_chance') as second_chance
    from ${tournaments} t where t.id = ${tournamentId}::uuid`),
  )
  const row = result[0]
  if (!row) {
    forgetBracket(db, tournamentId)
    throw new AppError('NOT_FOUND', 'Tournament not found.')
  }
  return {
    bracketVersion: Number(row.bracket_version),
    tournament: {
      status: row.status,
      bettingDeadline: new Date(row.betting_deadline),
      prizePoolConfig: row.prize_pool_config,
    },
    index: indexBracket(row.matches),
    secondChanceIndex: indexSecondChance(row.matches),
    secondChance: row.second_chance && {
      entryFee: Number(row.second_chance.entryFee),
      bettingDeadline: new Date(row.second_chance.bettingDeadline),
      closedAt: row.second_chance.closedAt === null ? null : new Date(row.second_chance.closedAt),
    },
    teamRows: row.teams,
  }
}
