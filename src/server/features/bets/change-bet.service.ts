// Changing a bracket (docs/product.md "Changing a bracket and quick fill", decisions 108 and 109): the picks are validated by the
// same function as when placing (contest-rules.ts); the SQL function change_bet re-checks the
// tournament, the deadline by the database clock and the bracket version, keeps the versions and
// rewrites the bet's picks and pick codes in one statement. No money moves.
import { sql } from 'drizzle-orm'
import { isBettingOpen } from '#domain/tournament/tournament'
import type { PlaceBetInput } from '#shared/schemas/bet'
import type { ChangeBetResult } from '#shared/schemas/bracket-change'
import { rowsOf, type Database } from '#server/db/client'
import { AppError, appErrorBecause } from '#server/errors'
import { getTournamentRow } from '#server/game/tournament-reads'
import { checkedPicks } from './contest-rules'
import { loadBettingBracket } from './kept-brackets'

export interface ChangeBetArgs extends PlaceBetInput {
  userId: string
  tournamentId: string
  /** The server clock for the early check; the SQL function decides with the database clock. */
  now?: Date
}

interface ChangeAnswerRow extends Record<string, unknown> {
  result: string
  bet_id: string | null
  version: number | null
  changed_ms: number | null
  amount: number | null
  status: ChangeBetResult['bet']['status'] | null
  created_ms: number | null
}

/**
 * Changes the user's bracket on a tournament: 404 unknown tournament, 409 CONFLICT
 * BRACKETS_NOT_CHANGEABLE, 409 BETTING_CLOSED, 400 INVALID_BRACKET, 409 CONFLICT NO_BET_TO_CHANGE;
 * then 200 with the same bet and the version written. Nothing is written unless it changes.
 *
 * Always checked against a freshly loaded bracket, not the process's kept copy: changes are rare,
 * and the changeable flag is not part of the kept copy's version.
 */
export async function changeBet(
  db: Database,
  { userId, tournamentId, picks, mvpPlayerId, finalTotalGames, now = new Date() }: ChangeBetArgs,
): Promise<ChangeBetResult> {
  const tournament = await getTournamentRow(db, tournamentId)
  if (!tournament.bracketsChangeable) {
    throw appErrorBecause('CONFLICT', 'BRACKETS_NOT_CHANGEABLE')
  }
  if (!isBettingOpen(tournament.status, tournament.bettingDeadline, now)) {
    throw new AppError('BETTING_CLOSED')
  }
  const bracket = await loadBettingBracket(db, tournamentId)
  // Checked and stored as placing checks and stores them (the main bracket's rules).
  const storedPicks = checkedPicks('main', bracket, { picks, mvpPlayerId, finalTotalGames })

  const result = rowsOf<ChangeAnswerRow>(
    await db.execute(sql`
    select c.result, c.bet_id, c.version,
      (extract(epoch from c.changed_at) * 1000)::float8 as changed_ms,
      c.amount, c.bet_status as status,
      (extract(epoch from c.bet_created_at) * 1000)::float8 as created_ms
    from change_bet(${userId}, ${tournamentId}::uuid, ${JSON.stringify(storedPicks)}::jsonb,
      ${mvpPlayerId}::uuid, ${finalTotalGames ?? null}::smallint,
      ${bracket.bracketVersion}::integer) c`),
  )
  const answer = result[0]
  switch (answer?.result) {
    case 'ok':
      return {
        bet: {
          id: answer.bet_id!,
          tournamentId,
          amount: Number(answer.amount),
          status: answer.status!,
          createdAt: new Date(Number(answer.created_ms)).toISOString(),
        },
        version: Number(answer.version),
        changedAt: new Date(Number(answer.changed_ms)).toISOString(),
      }
    case 'not_found':
      throw new AppError('NOT_FOUND', 'Tournament not found.')
    case 'not_changeable':
      throw appErrorBecause('CONFLICT', 'BRACKETS_NOT_CHANGEABLE')
    case 'betting_closed':
      throw new AppError('BETTING_CLOSED')
    case 'no_bet':
      throw appErrorBecause('CONFLICT', 'NO_BET_TO_CHANGE')
    case 'bracket_changed':
      // An admin changed the draw between the load and the change: the fan reloads.
      throw appErrorBecause('CONFLICT', 'BRACKET_CHANGED')
    default:
      throw new Error(`change_bet answered ${String(answer?.result)}`)
  }
}
