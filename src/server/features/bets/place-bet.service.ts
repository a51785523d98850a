// Placing a bet, in either contest (docs/product.md "What is stored" and §19, decision 156). The bracket is
// validated by the domain in TypeScript against the contest's rules (contest-rules.ts); the money
// part goes to the database in a batch with the bets that arrive beside it (bet-batcher.ts,
// decision 080): the SQL function place_bets re-checks the tournament, the contest and the
// bracket version and debits the wallet conditionally, and each bet gets its own answer.
import type { PlaceBetInput, PlaceBetResult } from '#shared/schemas/bet'
import type { Contest } from '#shared/schemas/contest'
import type { Database } from '#server/db/client'
import { AppError, appErrorBecause } from '#server/errors'
import { placeInBatch } from './bet-batcher'
import { checkedPicks, CONTEST_RULES } from './contest-rules'
import {
  forgetBracket,
  keepBracket,
  keptBracket,
  loadBettingBracket,
  type BettingBracket,
} from './kept-brackets'

export interface PlaceBetArgs extends PlaceBetInput {
  userId: string
  tournamentId: string
  /** The main bracket by default; a second-chance entry with its contest. */
  contest?: Contest
  /** The server clock; tests pass their own. The SQL function re-checks with the database clock. */
  now?: Date
}

/** A refusal that a bracket kept in the process may have caused: reload it and try again. */
const STALE = Symbol('stale bracket')

/**
 * Places the user's one bet in a contest of a tournament: 404 unknown tournament, 409
 * BETTING_CLOSED (for the second chance: none opened, or no longer open), 400 INVALID_BRACKET
 * (details.problems), then the bet's batch (one round trip for all its bets) answers 201 / 409
 * ALREADY_BET / 402 INSUFFICIENT_FUNDS. Nothing is written unless it is placed.
 *
 * The bracket comes from the process's kept copy when there is one (kept-brackets.ts, decision
 * 062); any refusal the copy could have caused is checked again against a fresh load.
 */
export async function placeBet(db: Database, args: PlaceBetArgs): Promise<PlaceBetResult> {
  const kept = keptBracket(db, args.tournamentId)
  if (kept) {
    const outcome = await placeBetOn(db, kept, args, { kept: true })
    if (outcome !== STALE) return outcome
  }
  const fresh = await loadBettingBracket(db, args.tournamentId)
  keepBracket(db, args.tournamentId, fresh)
  const outcome = await placeBetOn(db, fresh, args, { kept: false })
  // Only an admin's change between the load and the bet gets here.
  if (outcome === STALE) {
    throw appErrorBecause('CONFLICT', 'BRACKET_CHANGED')
  }
  return outcome
}

async function placeBetOn(
  db: Database,
  bracket: BettingBracket,
  { userId, tournamentId, contest = 'main', now = new Date(), ...input }: PlaceBetArgs,
  { kept }: { kept: boolean },
): Promise<PlaceBetResult | typeof STALE> {
  const rules = CONTEST_RULES[contest]
  if (!rules.isOpen(bracket, now)) {
    if (kept) return STALE
    throw new AppError('BETTING_CLOSED')
  }
  let picks
  try {
    picks = checkedPicks(contest, bracket, input)
  } catch (error) {
    if (kept) return STALE
    throw error
  }
  const fee = rules.entryFee(bracket)

  const answer = await placeInBatch(db, {
    userId,
    tournamentId,
    contest,
    fee,
    picks,
    mvpPlayerId: input.mvpPlayerId,
    finalTotalGames: input.finalTotalGames ?? null,
    bracketVersion: bracket.bracketVersion,
  })

  switch (answer.result) {
    case 'ok':
      return {
        bet: {
          id: answer.betId!,
          tournamentId,
          amount: fee,
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
      forgetBracket(db, tournamentId)
      throw new AppError('NOT_FOUND', 'Tournament not found.')
    case 'bracket_changed':
      return STALE
    case 'fee_changed':
      if (kept) return STALE
      throw appErrorBecause('CONFLICT', 'ENTRY_FEE_CHANGED')
    case 'insufficient_funds':
      throw new AppError('INSUFFICIENT_FUNDS', undefined, {
        balance: answer.balance ?? 0,
        entryFee: fee,
      })
    case 'no_wallet':
      // Every account gets a wallet with it; without one there is nothing to pay with.
      throw new AppError('INSUFFICIENT_FUNDS', undefined, { balance: 0, entryFee: fee })
    default:
      throw new Error(`place_bets answered ${String(answer.result)}`)
  }
}
