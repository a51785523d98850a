// The brackets bets are validated against, kept in the server process (docs/decisions/062):
// loading a tournament's matches and pairs cost a round trip and a JSON parse on every bet, as
// much as placing the bet itself. Each entry carries the tournament's bracket_version, and
// place_bet refuses a bet validated against another one, so a process never needs to be told
// that an admin (in this process or another) changed the bracket: it finds out and reloads.
import type { BracketIndex } from '../../../domain/bracket/bracket'
import type { TournamentStatus } from '../../../domain/tournament/tournament'
import type { Database } from '../../db/client'
import type { StoredPrizePoolConfig } from '../../db/schema'

export interface BettingBracket {
  bracketVersion: number
  tournament: {
    status: TournamentStatus
    bettingDeadline: Date
    prizePoolConfig: StoredPrizePoolConfig
  }
  /** The tournament's matches, arranged as a bracket once, not once per bet. */
  index: BracketIndex
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
