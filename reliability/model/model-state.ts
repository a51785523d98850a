// The in-memory model of the money rules (docs/product.md §10) that the model test runs beside the real
// services: what each command must answer and how balances, bets, statuses and settlements move.
// Payouts come from the pure domain functions, never from the server's own code.
import { computePayouts } from '../../src/domain/prize/payouts'
import { prizePool } from '../../src/domain/prize/prize-pool'
import { DEFAULT_TIERS, NO_TIER, tierFor } from '../../src/domain/prize/tiers'
import { scoreBracket } from '../../src/domain/scoring/scoring'
import type { Picks } from '../../src/domain/bracket/bracket'
import type { BracketTournament } from '../../tests/game-factories'
import type { BracketOutcome } from './bracket-outcome'

/** The amount the database trigger credits to every new account (app_settings default). */
export const WELCOME_BONUS = 1000

export type BetStatus = 'active' | 'won' | 'lost' | 'refunded'

export interface ModelUser {
  id: string
  balance: number
}

export interface ModelBet {
  id: string
  userId: string
  picks: Picks
  mvpPlayerId: string
  amount: number
  status: BetStatus
}

export interface PoolConfig {
  entryFee: number
  basePool: number
  multiplier: number
}

export interface ModelSettlement {
  state: 'in_progress' | 'completed'
  prizePool: number
  participantCount: number
  totalWinners: number
  totalPaid: number
  /** What each bet wins (0: lost), fixed when the settlement starts. */
  amounts: Map<string, number>
}

export interface ModelTournament {
  bracket: BracketTournament
  config: PoolConfig
  /** Created with its betting deadline already past. */
  isDeadlinePassed: boolean
  /** The results the tournament will have once played (known in advance, so bets can aim). */
  truth: BracketOutcome
  /** The bits `truth` was built from (bracketOutcome). */
  truthBits: number
  status: 'upcoming' | 'completed' | 'cancelled'
  /** In placement order, which is the settlement's (created_at, id) order. */
  bets: ModelBet[]
  settlement: ModelSettlement | null
}

export interface Model {
  users: ModelUser[]
  tournaments: ModelTournament[]
  /** Idempotency keys applied: the user and the signed amount they moved. */
  appliedKeys: Map<string, { userId: string; delta: number }>
}

export function emptyModel(): Model {
  return { users: [], tournaments: [], appliedKeys: new Map() }
}

/** What a command answered: its values, or the error code of an AppError. */
export type Outcome = { ok: Record<string, unknown> } | { error: string }

/** The answer place_bet must give, before anything changes. */
export function expectedBetError(
  model: Model,
  user: ModelUser,
  tournament: ModelTournament,
): string | null {
  if (tournament.status !== 'upcoming' || tournament.isDeadlinePassed) return 'BETTING_CLOSED'
  if (tournament.bets.some((bet) => bet.userId === user.id)) return 'ALREADY_BET'
  if (user.balance < tournament.config.entryFee) return 'INSUFFICIENT_FUNDS'
  return null
}

/**
 * Starts the settlement as docs/product.md §10 says: the pool from the participants, each bet scored
 * against the results and paid its tier's prize (scaled when the prizes exceed the pool). A bet
 * that reaches no tier is lost at once, with the start (decision 078): it moves no coins.
 */
export function startSettlement(tournament: ModelTournament): ModelSettlement {
  const { truth, bets, config } = tournament
  const participantCount = bets.filter((bet) => bet.status !== 'refunded').length
  const pool = prizePool({ ...config, participants: participantCount })
  const winners = bets.flatMap((bet) => {
    const score = scoreBracket(bet.picks, truth.results, bet.mvpPlayerId, truth.mvpPlayerId)
    const tier = tierFor(score.correct, score.total, DEFAULT_TIERS)
    return tier === NO_TIER ? [] : [{ betId: bet.id, tierKey: tier }]
  })
  const payout = computePayouts(pool, winners, DEFAULT_TIERS)
  const amounts = new Map(bets.map((bet) => [bet.id, 0]))
  for (const row of payout.payouts) amounts.set(row.betId, row.amount)
  const tierWinners = new Set(winners.map((winner) => winner.betId))
  for (const bet of bets) {
    if (bet.status === 'active' && !tierWinners.has(bet.id)) bet.status = 'lost'
  }
  return {
    state: 'in_progress',
    prizePool: pool,
    participantCount,
    totalWinners: payout.tiers.reduce((sum, row) => sum + (row.prizeEach > 0 ? row.winners : 0), 0),
    totalPaid: 0,
    amounts,
  }
}

/**
 * One settle call after the start: up to maxChunks chunks of chunkSize active bets (tier winners,
 * the losses being settled at the start), in placement order; a chunk that finds nothing left
 * completes the settlement. A winner whose prize floored to 0 is lost.
 */
export function payChunks(
  model: Model,
  tournament: ModelTournament,
  chunkSize: number,
  maxChunks: number,
): void {
  const settlement = tournament.settlement!
  for (let chunk = 0; chunk < maxChunks && settlement.state === 'in_progress'; chunk += 1) {
    const due = tournament.bets.filter((bet) => bet.status === 'active').slice(0, chunkSize)
    if (due.length === 0) {
      settlement.state = 'completed'
      break
    }
    for (const bet of due) {
      const amount = settlement.amounts.get(bet.id) ?? 0
      bet.status = amount > 0 ? 'won' : 'lost'
      settlement.totalPaid += amount
      userById(model, bet.userId).balance += amount
    }
  }
}

export function userById(model: Model, id: string): ModelUser {
  const found = model.users.find((user) => user.id === id)
  if (!found) throw new Error(`model: unknown user ${id}`)
  return found
}
