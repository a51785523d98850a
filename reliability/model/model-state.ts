// The in-memory model of the money rules (docs/product.md "Money", §19) that the model test runs
// beside the real services: what each command must answer and how balances, bets, statuses and
// settlements move, in both contests (the main bracket and the second chance). Payouts and
// scores come from the pure domain functions, never from the server's own code.
import { contestMatches } from '#domain/contest/contest-rounds'
import { computePayouts } from '#domain/prize/payouts'
import { prizePool } from '#domain/prize/prize-pool'
import { DEFAULT_TIERS, NO_TIER, tierFor } from '#domain/prize/tiers'
import { scoreBracket, type MatchResult } from '#domain/scoring/scoring'
import type { Picks } from '#domain/bracket/bracket'
import type { BracketTournament } from '#tests/game-factories'
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

/** One contest of a tournament: its pool figures, its bets and its settlement. */
export interface ModelContest {
  config: PoolConfig
  /** In placement order, which is the settlement's (created_at, id) order. */
  bets: ModelBet[]
  settlement: ModelSettlement | null
}

export interface ModelSecondChance extends ModelContest {
  /** Its deadline has passed (time moved on): it takes no more entries. */
  isDeadlinePassed: boolean
}

/** A tournament is its main contest, plus the second chance once an admin opened one. */
export interface ModelTournament extends ModelContest {
  bracket: BracketTournament
  /** Created with its betting deadline already past. */
  isDeadlinePassed: boolean
  /** The results the tournament will have once played (known in advance, so bets can aim). */
  truth: BracketOutcome
  /** The bits `truth` was built from (bracketOutcome). */
  truthBits: number
  /** 'active' once the admin closed it to play the round of 16. */
  status: 'upcoming' | 'active' | 'completed' | 'cancelled'
  /** Every round-of-16 match has its (true) winner, the quarterfinals their pairs. */
  isRound16Played: boolean
  secondChance: ModelSecondChance | null
}

/** A league pot of the run's league on one tournament (decision 137). */
export interface ModelPot {
  tournament: ModelTournament
  stake: number
  state: 'open' | 'paid' | 'refunded'
  /** In joining order; payout is set when the pot closes. */
  entries: { userId: string; betId: string; payout: number | null }[]
}

export interface ModelLeague {
  id: string
  ownerId: string
  members: Set<string>
}

export interface Model {
  users: ModelUser[]
  tournaments: ModelTournament[]
  /** Idempotency keys applied: the user and the signed amount they moved. */
  appliedKeys: Map<string, { userId: string; delta: number }>
  /** The run's one league, made by the first pot command; null before. */
  league: ModelLeague | null
  pots: ModelPot[]
}

export function emptyModel(): Model {
  return { users: [], tournaments: [], appliedKeys: new Map(), league: null, pots: [] }
}

/** The answer place_bet must give, before anything changes. */
export function expectedBetError(
  model: Model,
  user: ModelUser,
  tournament: ModelTournament,
): string | null {
  if (tournament.status !== 'upcoming' || tournament.isDeadlinePassed) return 'BETTING_CLOSED'
  return expectedDebitError(user, tournament)
}

/**
 * The answer a second-chance entry must give: closed unless opened, before its deadline and
 * while the tournament is neither completed nor cancelled (no quarterfinal result: the model
 * enters results all at once, which completes the tournament).
 */
export function expectedSecondChanceError(
  user: ModelUser,
  tournament: ModelTournament,
): string | null {
  const contest = tournament.secondChance
  if (!contest || contest.isDeadlinePassed) return 'BETTING_CLOSED'
  if (tournament.status === 'completed' || tournament.status === 'cancelled') {
    return 'BETTING_CLOSED'
  }
  return expectedDebitError(user, contest)
}

function expectedDebitError(user: ModelUser, contest: ModelContest): string | null {
  if (contest.bets.some((bet) => bet.userId === user.id)) return 'ALREADY_BET'
  if (user.balance < contest.config.entryFee) return 'INSUFFICIENT_FUNDS'
  return null
}

/** The matches and MVP a contest is scored on: the second chance from the quarterfinals. */
function contestResults(tournament: ModelTournament, contest: ModelContest): MatchResult[] {
  const { results } = tournament.truth
  return contest === tournament ? results : contestMatches(results, 'second_chance')
}

/**
 * Starts the settlement as docs/product.md "Money" and §19 say: each contest's pool from its
 * participants, each bet scored against its contest's results and paid its tier's prize (scaled
 * when the prizes exceed the pool); both contests start together. A bet that reaches no tier is
 * lost at once, with the start (decision 078): it moves no coins.
 */
export function startSettlement(tournament: ModelTournament): void {
  const contests = [tournament.secondChance, tournament].filter((contest) => contest !== null)
  for (const contest of contests) {
    contest.settlement = startContest(contest, contestResults(tournament, contest), tournament)
  }
}

function startContest(
  contest: ModelContest,
  results: MatchResult[],
  { truth }: ModelTournament,
): ModelSettlement {
  const { bets, config } = contest
  const participantCount = bets.filter((bet) => bet.status !== 'refunded').length
  const pool = prizePool({ ...config, participants: participantCount })
  const winners = bets.flatMap((bet) => {
    const score = scoreBracket(bet.picks, results, bet.mvpPlayerId, truth.mvpPlayerId)
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
 * One settle call after the start: the second chance first, the main bracket only once the
 * second chance has completed (decision 110), each up to maxChunks chunks.
 */
export function settleContests(
  model: Model,
  tournament: ModelTournament,
  chunkSize: number,
  maxChunks: number,
): void {
  for (const contest of [tournament.secondChance, tournament]) {
    if (!contest) continue
    payChunks(model, contest, chunkSize, maxChunks)
    if (contest.settlement!.state !== 'completed') return
  }
}

/**
 * Up to maxChunks chunks of chunkSize active bets of one contest (tier winners, the losses being
 * settled at the start), in placement order; a chunk that finds nothing left completes the
 * contest's settlement. A winner whose prize floored to 0 is lost.
 */
function payChunks(model: Model, contest: ModelContest, chunkSize: number, maxChunks: number) {
  const settlement = contest.settlement!
  for (let chunk = 0; chunk < maxChunks && settlement.state === 'in_progress'; chunk += 1) {
    const due = contest.bets.filter((bet) => bet.status === 'active').slice(0, chunkSize)
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

/** Cancelling: every active bet of both contests refunded; the refunded bets. */
export function refundContests(model: Model, tournament: ModelTournament): ModelBet[] {
  const contests = [tournament, tournament.secondChance].filter((contest) => contest !== null)
  const active = contests.flatMap((contest) =>
    contest.bets.filter((bet) => bet.status === 'active'),
  )
  for (const bet of active) {
    bet.status = 'refunded'
    userById(model, bet.userId).balance += bet.amount
  }
  tournament.status = 'cancelled'
  return active
}

/** What the settlement answers and stores for one contest (its amounts are the model's own). */
export function settlementFigures(settlement: ModelSettlement) {
  const { amounts: _amounts, ...figures } = settlement
  return figures
}

export function userById(model: Model, id: string): ModelUser {
  const found = model.users.find((user) => user.id === id)
  if (!found) throw new Error(`model: unknown user ${id}`)
  return found
}
