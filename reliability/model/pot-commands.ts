// The model test's league pot commands (docs/product.md "League pots", decisions 137–138):
// members join the run's league or leave it, its owner (the run's first user) sets a stake on a
// tournament, members join the pot through its service, and the payer closes what can close. The
// model decides every answer and every payout from the rules — the domain's potOutcome over the
// entries' scores, which the model computes from the picks and the results — and the state
// comparison (balances, pots, their entries and payouts) and the ledger audit follow each one.
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { expect } from 'vitest'
import { potOutcome, type PotEntry } from '#domain/league-pot/pot-payouts'
import { scoreBracket } from '#domain/scoring/scoring'
import { leagues } from '#server/db/schema'
import { joinPot, setPotStake } from '#server/features/league-pots/league-pots.service'
import { closeDuePots, setPotsPaidInBackground } from '#server/features/league-pots/pot-freshness'
import { joinLeague, leaveLeague } from '#server/features/leagues/league-membership.service'
import { createLeague } from '#server/features/leagues/leagues.service'
import { createTestEnv } from '#tests/test-app'
import {
  answerOf,
  expectSameState,
  pick,
  pickTournament,
  type ModelCommand,
  type RealSystem,
} from './command-support'
import { userById, type Model, type ModelPot, type ModelTournament } from './model-state'

const env = createTestEnv()

const isOpen = (tournament: ModelTournament) =>
  tournament.status === 'upcoming' && !tournament.isDeadlinePassed

/** The run's league, made on first use with the run's first user as its owner. */
async function leagueOf(model: Model, real: RealSystem) {
  if (model.league) return model.league
  const owner = model.users[0]!
  const league = await createLeague(real.db, owner.id, {
    name: 'Model league',
    visibility: 'private',
  })
  // Pots close only when the model says so (ClosePots), never as a side effect of a read.
  setPotsPaidInBackground(real.db, true)
  model.league = { id: league.id, ownerId: owner.id, members: new Set([owner.id]) }
  return model.league
}

export class JoinLeague implements ModelCommand {
  constructor(readonly userIndex: number) {}
  check = (model: Readonly<Model>) => model.users.length > 0
  async run(model: Model, real: RealSystem) {
    const league = await leagueOf(model, real)
    const user = pick(model.users, this.userIndex)
    const [row] = await real.db
      .select({ code: leagues.inviteCode })
      .from(leagues)
      .where(eq(leagues.id, league.id))
    const answer = await answerOf(() => joinLeague(real.db, user.id, { code: row!.code }))
    expect(answer, this.toString()).toMatchObject({ value: { id: league.id } })
    league.members.add(user.id)
    await expectSameState(real, model)
  }
  toString = () => `JoinLeague(user ${this.userIndex})`
}

class LeaveLeague implements ModelCommand {
  constructor(readonly userIndex: number) {}
  check = (model: Readonly<Model>) => model.league !== null && model.users.length > 0
  async run(model: Model, real: RealSystem) {
    const league = model.league!
    const user = pick(model.users, this.userIndex)
    const answer = await answerOf(() => leaveLeague(real.db, league.id, user.id))
    if (!league.members.has(user.id))
      expect(answer, this.toString()).toEqual({ error: 'NOT_FOUND' })
    else if (user.id === league.ownerId) {
      expect(answer, this.toString()).toEqual({ error: 'CONFLICT' })
    } else {
      expect(answer, this.toString()).toEqual({ value: undefined })
      // Their stakes stay in the pots they joined (decision 137).
      league.members.delete(user.id)
    }
    await expectSameState(real, model)
  }
  toString = () => `LeaveLeague(user ${this.userIndex})`
}

export class SetStake implements ModelCommand {
  constructor(
    readonly tournamentIndex: number,
    readonly stake: number,
  ) {}
  check = (model: Readonly<Model>) => model.users.length > 0 && model.tournaments.length > 0
  async run(model: Model, real: RealSystem) {
    const league = await leagueOf(model, real)
    const tournament = pickTournament(model, this.tournamentIndex, isOpen)
    const tournamentId = tournament.bracket.tournament.id
    const answer = await answerOf(() =>
      setPotStake(
        real.db,
        env,
        { leagueId: league.id, ownerId: league.ownerId, tournamentId },
        { stake: this.stake },
      ),
    )
    const pot = model.pots.find((row) => row.tournament === tournament)
    if (!isOpen(tournament)) {
      expect(answer, this.toString()).toEqual({ error: 'BETTING_CLOSED' })
    } else if (pot && pot.entries.length > 0) {
      expect(answer, this.toString()).toEqual({ error: 'CONFLICT' })
    } else {
      expect(answer, this.toString()).toMatchObject({ value: { stake: this.stake, state: 'open' } })
      if (pot) pot.stake = this.stake
      else model.pots.push({ tournament, stake: this.stake, state: 'open', entries: [] })
    }
    await expectSameState(real, model)
  }
  toString = () => `SetStake(tournament ${this.tournamentIndex}, ${this.stake})`
}

/** (member, pot) pairs a join could succeed for: an open pot, a bracket, not in it yet. */
function joinable(model: Readonly<Model>) {
  return model.pots.flatMap((pot) =>
    isOpen(pot.tournament) && pot.state === 'open'
      ? pot.tournament.bets
          .filter((bet) => bet.status === 'active' && model.league!.members.has(bet.userId))
          .filter((bet) => !pot.entries.some((entry) => entry.userId === bet.userId))
          .map((bet) => ({ pot, user: userById(model as Model, bet.userId) }))
      : [],
  )
}

export class JoinPot implements ModelCommand {
  constructor(
    readonly userIndex: number,
    readonly potIndex: number,
    /** Among the joins that could succeed only (when there are any). */
    readonly isAimed: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.pots.length > 0
  async run(model: Model, real: RealSystem) {
    // In a prologue whose stake was refused there is no pot to join.
    if (model.pots.length === 0) return expectSameState(real, model)
    const league = model.league!
    const aims = this.isAimed ? joinable(model) : []
    const aim = aims.length > 0 ? pick(aims, this.userIndex + this.potIndex) : null
    const user = aim?.user ?? pick(model.users, this.userIndex)
    const pot = aim?.pot ?? pick(model.pots, this.potIndex)
    const { tournament } = pot
    const answer = await answerOf(() =>
      joinPot(real.db, env, {
        leagueId: league.id,
        userId: user.id,
        tournamentId: tournament.bracket.tournament.id,
      }),
    )
    const bet = tournament.bets.find((row) => row.userId === user.id && row.status === 'active')
    const expected = !league.members.has(user.id)
      ? 'NOT_FOUND'
      : !isOpen(tournament)
        ? 'BETTING_CLOSED'
        : pot.state !== 'open' || !bet || pot.entries.some((entry) => entry.userId === user.id)
          ? 'CONFLICT'
          : user.balance < pot.stake
            ? 'INSUFFICIENT_FUNDS'
            : null
    if (expected) {
      expect(answer, this.toString()).toEqual({ error: expected })
    } else {
      user.balance -= pot.stake
      pot.entries.push({ userId: user.id, betId: bet!.id, payout: null })
      expect(answer, this.toString()).toMatchObject({
        value: { hasJoined: true, total: pot.stake * pot.entries.length },
      })
    }
    await expectSameState(real, model)
  }
  toString = () =>
    `JoinPot(${this.isAimed ? 'aimed ' : ''}user ${this.userIndex}, pot ${this.potIndex})`
}

/** The payer's round: every pot that can close, closes — paid or given back — once. */
export class ClosePots implements ModelCommand {
  check = (model: Readonly<Model>) => model.pots.length > 0
  async run(model: Model, real: RealSystem) {
    const closed = await closeDuePots(real.db, env)
    let expected = 0
    for (const pot of model.pots) if (closeInModel(model, pot)) expected += 1
    expect(closed, this.toString()).toBe(expected)
    await expectSameState(real, model)
  }
  toString = () => 'ClosePots'
}

/** Closes the pot in the model if the rules say it can close now. */
function closeInModel(model: Model, pot: ModelPot): boolean {
  if (pot.state !== 'open') return false
  const { tournament } = pot
  const isCancelled = tournament.status === 'cancelled'
  const isSettled = tournament.settlement?.state === 'completed'
  const isClosedToBets = tournament.isDeadlinePassed || tournament.status !== 'upcoming'
  if (!isCancelled && !isSettled && !(isClosedToBets && pot.entries.length < 2)) return false
  const { results, mvpPlayerId } = tournament.truth
  const entries: PotEntry[] = pot.entries.map((entry, joinedOrder) => {
    const bet = tournament.bets.find((row) => row.id === entry.betId)!
    const correct = isSettled
      ? scoreBracket(bet.picks, results, bet.mvpPlayerId, mvpPlayerId).correct
      : 0
    return { userId: entry.userId, correct, distance: null, joinedOrder }
  })
  const outcome = potOutcome(pot.stake, entries, { isCancelled })
  const shares = outcome.kind === 'won' ? outcome.winners : outcome.refunds
  for (const entry of pot.entries) {
    const coins = shares.find((share) => share.userId === entry.userId)?.coins ?? 0
    entry.payout = coins
    userById(model, entry.userId).balance += coins
  }
  pot.state = outcome.kind === 'won' ? 'paid' : 'refunded'
  return true
}

const index = fc.nat({ max: 7 })

export const potArbitraries = [
  { weight: 2, arbitrary: index.map((user) => new JoinLeague(user)) },
  { weight: 1, arbitrary: index.map((user) => new LeaveLeague(user)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(index, fc.oneof(fc.constantFrom(1, 1000), fc.integer({ min: 1, max: 400 })))
      .map(([tournament, stake]) => new SetStake(tournament, stake)),
  },
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        index,
        index,
        fc.nat({ max: 3 }).map((n) => n > 0),
      )
      .map(([user, pot, aimed]) => new JoinPot(user, pot, aimed)),
  },
  { weight: 3, arbitrary: fc.constant(new ClosePots()) },
]
