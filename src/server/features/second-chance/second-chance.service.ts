// The fan's side of the second chance (docs/product.md §19, decision 110): its state and pool,
// one entry per fan (7 picks + MVP, checked by the domain's bracket rules from the
// quarterfinals), and the fan's own entry. The money goes through place_bets like a main bet,
// with the contest: the SQL function re-checks the contest's open state, deadline and fee.
import { and, eq } from 'drizzle-orm'
import {
  checkSecondChanceBracket,
  indexSecondChance,
  SECOND_CHANCE_PICK_COUNT,
} from '#domain/bracket/second-chance'
import { describeBracketProblem } from '#domain/bracket/validate-bracket'
import type { PlaceBetResult } from '#shared/schemas/bet'
import type {
  MySecondChanceBet,
  PlaceSecondChanceBetInput,
  SecondChance,
} from '#shared/schemas/second-chance'
import { matchResultColumns } from '#server/db/match-results'
import type { Database } from '#server/db/client'
import { bets, matches, teams, type StoredPick } from '#server/db/schema'
import { AppError, appErrorBecause } from '#server/errors'
import { placeInBatch } from '#server/features/bets/index'
import { getMyBet } from '#server/features/bets/index'
import { getTournamentRow } from '#server/game/tournament-reads'
import {
  countSecondChanceEntries,
  findSecondChanceConfig,
  isSecondChanceOpen,
  secondChancePool,
  secondChanceStateOf,
} from '#server/game/second-chance-config'

/** GET /api/tournaments/:id/second-chance: 404 for an unknown tournament, not_open when none. */
export async function getSecondChance(
  db: Database,
  tournamentId: string,
  { userId, now = new Date() }: { userId: string | null; now?: Date },
): Promise<SecondChance> {
  const tournament = await getTournamentRow(db, tournamentId)
  const config = await findSecondChanceConfig(db, tournamentId)
  const state = await secondChanceStateOf(db, {
    config,
    tournamentId,
    status: tournament.status,
    now,
  })
  const participantCount = config
    ? await countSecondChanceEntries(db, tournamentId, tournament.status)
    : 0
  let hasBet = false
  if (userId && config) {
    const [row] = await db
      .select({ id: bets.id })
      .from(bets)
      .where(
        and(
          eq(bets.userId, userId),
          eq(bets.tournamentId, tournamentId),
          eq(bets.contest, 'second_chance'),
        ),
      )
    hasBet = row !== undefined
  }
  return {
    tournamentId,
    state,
    isBettingOpen: state === 'open',
    entryFee: config?.entryFee ?? null,
    basePool: config?.basePool ?? null,
    multiplier: config?.multiplier ?? null,
    bettingDeadline: config ? config.bettingDeadline.toISOString() : null,
    currentPrizePool: config ? secondChancePool(config, participantCount) : null,
    participantCount,
    hasBet,
    serverTime: now.toISOString(),
  }
}

/**
 * POST /api/tournaments/:id/second-chance/bets: 404 unknown tournament, 409 BETTING_CLOSED (none
 * opened, or no longer open), 400 INVALID_BRACKET (exactly 7 picks from the quarterfinals, the
 * MVP a player of the predicted champion), then 201 / 409 ALREADY_BET / 402 INSUFFICIENT_FUNDS
 * from place_bets. Nothing is written unless the entry is placed.
 */
export async function placeSecondChanceBet(
  db: Database,
  {
    userId,
    tournamentId,
    picks,
    mvpPlayerId,
    finalTotalGames,
    now = new Date(),
  }: PlaceSecondChanceBetInput & { userId: string; tournamentId: string; now?: Date },
): Promise<PlaceBetResult> {
  const tournament = await getTournamentRow(db, tournamentId)
  const config = await findSecondChanceConfig(db, tournamentId)
  if (!config) throw new AppError('BETTING_CLOSED')
  if (!isSecondChanceOpen(config, tournament.status, now)) {
    throw new AppError('BETTING_CLOSED')
  }
  const matchRows = await db
    .select(matchResultColumns)
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
  const teamRows = await db
    .select({ id: teams.id, player1Id: teams.player1Id, player2Id: teams.player2Id })
    .from(teams)
    .where(eq(teams.tournamentId, tournamentId))
  const { problems, predicted } = checkSecondChanceBracket(
    indexSecondChance(matchRows),
    picks,
    mvpPlayerId,
    teamRows,
  )
  const described: { code: string; message: string }[] = problems.map((problem) => ({
    ...problem,
    message: describeBracketProblem(problem),
  }))
  // A well-formed bracket has 7 playable matches from the quarterfinals, so the domain's problems
  // already tell any other count; this holds for a malformed one too.
  if (picks.length !== SECOND_CHANCE_PICK_COUNT) {
    described.push({
      code: 'pick_count',
      message: `A second chance has exactly ${SECOND_CHANCE_PICK_COUNT} picks, not ${picks.length}`,
    })
  }
  if (described.length > 0) {
    throw new AppError('INVALID_BRACKET', undefined, { problems: described })
  }

  const storedPicks: StoredPick[] = predicted.map((match) => ({
    match_id: match.matchId,
    team1_id: match.team1Id ?? '',
    team2_id: match.team2Id ?? '',
    predicted_winner_id: match.winnerTeamId ?? '',
  }))
  const answer = await placeInBatch(db, {
    userId,
    tournamentId,
    contest: 'second_chance',
    fee: config.entryFee,
    picks: storedPicks,
    mvpPlayerId,
    finalTotalGames: finalTotalGames ?? null,
    // The bracket the picks were checked against: a result entered since refuses the entry.
    bracketVersion: tournament.bracketVersion,
  })
  switch (answer.result) {
    case 'ok':
      return {
        bet: {
          id: answer.betId!,
          tournamentId,
          amount: config.entryFee,
          status: 'active',
          createdAt: answer.betCreatedAt!.toISOString(),
        },
        balance: answer.balance!,
      }
    case 'already_bet':
      throw new AppError('ALREADY_BET')
    case 'betting_closed':
      throw new AppError('BETTING_CLOSED')
    case 'not_found':
      throw new AppError('NOT_FOUND', 'Tournament not found.')
    case 'bracket_changed':
      throw appErrorBecause('CONFLICT', 'BRACKET_CHANGED')
    case 'fee_changed':
      throw appErrorBecause('CONFLICT', 'ENTRY_FEE_CHANGED')
    case 'insufficient_funds':
      throw new AppError('INSUFFICIENT_FUNDS', undefined, {
        balance: answer.balance ?? 0,
        entryFee: config.entryFee,
      })
    case 'no_wallet':
      throw new AppError('INSUFFICIENT_FUNDS', undefined, { balance: 0, entryFee: config.entryFee })
    default:
      throw new Error(`place_bets answered ${String(answer.result)}`)
  }
}

/** GET /api/tournaments/:id/second-chance/my-bet: the fan's entry, bet null when none. */
export async function getMySecondChanceBet(
  db: Database,
  { userId, tournamentId }: { userId: string; tournamentId: string },
): Promise<MySecondChanceBet> {
  const myBet = await getMyBet(db, { userId, tournamentId, contest: 'second_chance' })
  // The route adds the share link, which needs the server's share-id key.
  return { ...myBet, shareId: null }
}
