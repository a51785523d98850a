// The model test's main-bracket and money commands (the second chance's are in
// second-chance-commands.ts, the one bet command of both contests in bet-command.ts): each runs one real service on the database and the same step on the
// model, then checks that both answered alike, that both hold the same state, and that the ledger
// auditor finds nothing. Users and tournaments are referred to by index (modulo how many the run
// has), so a shrunk command list stays meaningful; toString depends only on generated values, so
// a replayed seed prints the same list.
import fc from 'fast-check'
import { expect } from 'vitest'
import { settleTournament } from '#server/features/settlement/settle.service'
import { defaultPrizePoolConfig, insertUser } from '#tests/factories'
import { closedDeadlineValues, insertBracketTournament } from '#tests/game-factories'
import { PlaceBet } from './bet-command'
import { Adjust, Cancel } from './ledger-commands'
import { bracketOutcome, OUTCOME_BITS, recordResults } from './bracket-outcome'
import {
  answerOf,
  expectSameState,
  pickTournament,
  type ModelCommand,
  type RealSystem,
} from './command-support'
import {
  settleContests,
  settlementFigures,
  startSettlement,
  WELCOME_BONUS,
  type Model,
  type ModelTournament,
  type PoolConfig,
} from './model-state'
import { ClosePots, JoinLeague, JoinPot, potArbitraries, SetStake } from './pot-commands'
import { secondChanceArbitraries, secondChanceOpening } from './second-chance-commands'

/** Results not entered yet: betting, or closed to play the round of 16. */
const isUnplayed = (tournament: ModelTournament) =>
  tournament.status === 'upcoming' || tournament.status === 'active'
const isSettleable = (tournament: ModelTournament) =>
  tournament.status === 'completed' && tournament.settlement?.state !== 'completed'

class SignUp implements ModelCommand {
  check = () => true
  async run(model: Model, real: RealSystem) {
    const created = await insertUser(real.db)
    model.users.push({ id: created.id, balance: WELCOME_BONUS })
    await expectSameState(real, model)
  }
  toString = () => 'SignUp'
}

class CreateTournament implements ModelCommand {
  constructor(
    readonly config: PoolConfig,
    readonly isDeadlinePassed: boolean,
    readonly truthBits: number,
  ) {}
  check = () => true
  async run(model: Model, real: RealSystem) {
    const bracket = await insertBracketTournament(real.db, {
      prizePoolConfig: {
        ...defaultPrizePoolConfig,
        entry_fee: this.config.entryFee,
        base_pool: this.config.basePool,
        multiplier: this.config.multiplier,
      },
      ...(this.isDeadlinePassed ? closedDeadlineValues() : {}),
    })
    model.tournaments.push({
      bracket,
      config: this.config,
      isDeadlinePassed: this.isDeadlinePassed,
      truthBits: this.truthBits,
      truth: bracketOutcome(bracket, this.truthBits),
      status: 'upcoming',
      isRound16Played: false,
      bets: [],
      settlement: null,
      secondChance: null,
    })
    await expectSameState(real, model)
  }
  toString = () =>
    `CreateTournament(${JSON.stringify(this.config)}, closed=${this.isDeadlinePassed}, truth=${this.truthBits})`
}

class EnterResults implements ModelCommand {
  constructor(readonly tournamentIndex: number) {}
  check = (model: Readonly<Model>) => model.tournaments.some(isUnplayed)
  async run(model: Model, real: RealSystem) {
    const tournament = pickTournament(model, this.tournamentIndex, isUnplayed)
    await recordResults(real.db, tournament.bracket.tournament.id, tournament.truth)
    tournament.status = 'completed'
    await expectSameState(real, model)
  }
  toString = () => `EnterResults(unplayed tournament ${this.tournamentIndex})`
}

class Settle implements ModelCommand {
  constructor(
    readonly tournamentIndex: number,
    readonly chunkSize: number,
    /** null: until done; a number: stop after that many chunks, as a crash would. */
    readonly maxChunks: number | null,
    /** Among the tournaments that can be settled (or resumed) only. */
    readonly isAimed: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.tournaments.length > 0
  async run(model: Model, real: RealSystem) {
    const tournament = pickTournament(
      model,
      this.tournamentIndex,
      this.isAimed ? isSettleable : null,
    )
    const maxChunks = this.maxChunks ?? Number.POSITIVE_INFINITY
    const answer = await answerOf(() =>
      settleTournament(
        real.db,
        { actorId: real.adminId, tournamentId: tournament.bracket.tournament.id },
        { chunkSize: this.chunkSize, maxChunks },
      ),
    )
    if (!tournament.settlement && tournament.status !== 'completed') {
      expect(answer, this.toString()).toEqual({ error: 'CONFLICT' })
    } else {
      if (!tournament.settlement) startSettlement(tournament)
      settleContests(model, tournament, this.chunkSize, maxChunks)
      expect(answer, this.toString()).toMatchObject({
        value: settlementFigures(tournament.settlement!),
      })
      // The second chance's figures beside the main bracket's, exactly when it has one.
      const secondChance = tournament.secondChance?.settlement
      const answered = 'value' in answer ? (answer.value.secondChance ?? null) : null
      expect(answered, `${this.toString()}: second chance`).toEqual(
        secondChance ? expect.objectContaining(settlementFigures(secondChance)) : null,
      )
    }
    await expectSameState(real, model)
  }
  toString = () =>
    `Settle(${this.isAimed ? 'settleable ' : ''}tournament ${this.tournamentIndex}, chunks of ${this.chunkSize}, at most ${this.maxChunks ?? 'all'})`
}

const index = fc.nat({ max: 7 })
/** Three in four aimed commands: the rest may hit any tournament and be refused. */
const isAimed = fc.nat({ max: 3 }).map((n) => n > 0)

/** Bits to flip from the results: mostly none or a few (winners), sometimes any (losers). */
const noise = fc.oneof(
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 4, arbitrary: fc.nat({ max: OUTCOME_BITS - 1 }).map((bit) => 1 << bit) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.nat({ max: OUTCOME_BITS - 1 }), fc.nat({ max: OUTCOME_BITS - 1 }))
      .map(([a, b]) => (1 << a) | (1 << b)),
  },
  { weight: 2, arbitrary: fc.nat({ max: 2 ** OUTCOME_BITS - 1 }) },
)

const poolConfig: fc.Arbitrary<PoolConfig> = fc.record({
  entryFee: fc.oneof(fc.constantFrom(50, 1000), fc.integer({ min: 1, max: 600 })),
  basePool: fc.oneof(fc.constant(5000), fc.integer({ min: 0, max: 20_000 })),
  // Multiples of 0.1 from 0.1, as the admin's tournament form takes them: PlayRound16 saves the
  // tournament with its own figures. (The second chance's multiplier also covers 0 and 0.05s.)
  multiplier: fc.integer({ min: 1, max: 15 }).map((steps) => steps / 10),
})

const createTournament = fc
  .tuple(poolConfig, fc.boolean(), fc.boolean(), fc.nat({ max: 2 ** OUTCOME_BITS - 1 }))
  // One in four tournaments has its betting deadline already passed.
  .map(([config, a, b, truth]) => new CreateTournament(config, a && b, truth))

/**
 * Every command, weighted so that a run of a few dozen commands bets (in both contests), enters
 * results and settles far more often than it cancels (a cancelled tournament has nothing left to
 * test).
 */
export const commandArbitraries: fc.Arbitrary<ModelCommand>[] = [
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(new SignUp()) },
    { weight: 2, arbitrary: createTournament },
    {
      weight: 12,
      arbitrary: fc
        .tuple(index, index, noise, isAimed)
        .map(
          ([user, tournament, bits, aimed]) => new PlaceBet('main', user, tournament, bits, aimed),
        ),
    },
    { weight: 4, arbitrary: index.map((tournament) => new EnterResults(tournament)) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(
          index,
          fc.integer({ min: 1, max: 3 }),
          fc.option(fc.integer({ min: 1, max: 3 })),
          isAimed,
        )
        .map(
          ([tournament, chunkSize, maxChunks, aimed]) =>
            new Settle(tournament, chunkSize, maxChunks, aimed),
        ),
    },
    { weight: 1, arbitrary: index.map((tournament) => new Cancel(tournament)) },
    ...secondChanceArbitraries,
    ...potArbitraries,
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          index,
          fc.constantFrom('deposit' as const, 'withdrawal' as const),
          fc.integer({ min: 1, max: 2000 }),
          fc.nat({ max: 4 }),
        )
        .map(([user, type, amount, key]) => new Adjust(user, type, amount, key)),
    },
  ),
]

/**
 * Half the runs' prologues end with one more tournament that takes a few main bets, then plays
 * its round of 16 and opens its second chance: both contests of one tournament to settle or
 * cancel. `created` are the prologue's other tournaments, all still upcoming.
 */
function secondChanceTournament(created: CreateTournament[]): fc.Arbitrary<ModelCommand[]> {
  // Its index among the tournaments open for betting (aimed bets), and among the upcoming ones.
  const openIndex = created.filter((tournament) => !tournament.isDeadlinePassed).length
  const bets = fc.array(
    fc.tuple(index, noise).map(([user, bits]) => new PlaceBet('main', user, openIndex, bits, true)),
    { maxLength: 4 },
  )
  return fc
    .tuple(createTournament, bets, secondChanceOpening(created.length))
    .map(([tournament, placed, opening]) => [
      new CreateTournament(tournament.config, false, tournament.truthBits),
      ...placed,
      ...opening,
    ])
}

/**
 * A third of the runs' prologues fill a league pot: every user joins the run's league, its owner
 * puts a stake on the first open tournament, fans bet on it and join the pot, and the payer looks
 * once (nothing to close yet, unless the pot is refused).
 */
function potPrologue(users: number): fc.Arbitrary<ModelCommand[]> {
  const fans = Array.from({ length: users }, (_, user) => user)
  return fc
    .tuple(
      fc.integer({ min: 1, max: 300 }),
      fc.array(noise, { minLength: users, maxLength: users }),
    )
    .map(([stake, noises]) => [
      ...fans.map((user) => new JoinLeague(user)),
      new SetStake(0, stake),
      ...fans.map((user) => new PlaceBet('main', user, 0, noises[user]!, true)),
      ...fans.map((user) => new JoinPot(user, 0, true)),
      new ClosePots(),
    ])
}

/** What every run starts with, so that its commands find users and tournaments to act on. */
export const prologueArbitrary: fc.Arbitrary<ModelCommand[]> = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.array(createTournament, { minLength: 1, maxLength: 3 }))
  .chain(([users, created]) =>
    fc
      .oneof(fc.constant<ModelCommand[]>([]), secondChanceTournament(created), potPrologue(users))
      .map((secondChance) => [
        ...Array.from({ length: users }, () => new SignUp()),
        ...created,
        ...secondChance,
      ]),
  )
