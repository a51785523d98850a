// The model test's second-chance commands (docs/product.md "Second chance", decision 110): the admin plays
// the round of 16 and opens the second chance through the real admin routes; fans enter it
// through the one bet command (bet-command.ts); time passes its deadline. Each compares the
// answer with the model's, then the whole state and the ledger auditor (expectSameState).
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { expect } from 'vitest'
import { CONTEST_BETS, PlaceBet } from './bet-command'
import {
  asAdmin,
  expectSameState,
  pickTournament,
  type ModelCommand,
  type RealSystem,
  type RouteAnswer,
} from './command-support'
import { type Model, type ModelTournament, type PoolConfig } from './model-state'

/** bracketOutcome's bits from the quarterfinals on: 4 + 2 + 1 matches, then the MVP. */
const SECOND_CHANCE_BITS = 8

const isUpcoming = (tournament: ModelTournament) => tournament.status === 'upcoming'
const isOpenable = (tournament: ModelTournament) =>
  tournament.status === 'active' && !tournament.secondChance
const isTakingEntries = CONTEST_BETS.second_chance.isTakingEntries

/**
 * The admin closes the main bracket (status active, saved with the tournament's own figures) and
 * enters the eight round-of-16 winners of the tournament's results, one match at a time: the
 * server moves each winner into its quarterfinal.
 */
class PlayRound16 implements ModelCommand {
  constructor(readonly tournamentIndex: number) {}
  check = (model: Readonly<Model>) => model.tournaments.some(isUpcoming)
  async run(model: Model, real: RealSystem) {
    const tournament = pickTournament(model, this.tournamentIndex, isUpcoming)
    const { tournament: row } = tournament.bracket
    const saved = await asAdmin(real, 'PUT', `/api/admin/tournaments/${row.id}`, {
      name: row.name,
      status: 'active',
      bettingDeadline: row.bettingDeadline.toISOString(),
      startDate: row.startDate.toISOString(),
      endDate: row.endDate.toISOString(),
      ...tournament.config,
    })
    expect(saved, `${this.toString()}: status`).toEqual({ status: 200 })
    tournament.status = 'active'
    for (const result of tournament.truth.results.filter((match) => match.round === 'round16')) {
      const entered = await asAdmin(real, 'PUT', `/api/admin/matches/${result.id}`, {
        tournamentId: row.id,
        round: result.round,
        matchNumber: result.matchNumber,
        team1Id: result.team1Id,
        team2Id: result.team2Id,
        winnerTeamId: result.winnerTeamId,
      })
      expect(entered, `${this.toString()}: match ${result.matchNumber}`).toEqual({ status: 200 })
    }
    tournament.isRound16Played = true
    await expectSameState(real, model)
  }
  toString = () => `PlayRound16(upcoming tournament ${this.tournamentIndex})`
}

/**
 * What opening the second chance answers: the body's own checks first (a fee of at least 1),
 * then the tournament's, in the service's order.
 */
function expectedOpenAnswer(
  tournament: ModelTournament,
  config: PoolConfig,
  isDeadlinePast: boolean,
): RouteAnswer {
  const conflict = (reason: string) => ({ status: 409, error: { code: 'CONFLICT', reason } })
  if (config.entryFee < 1) return { status: 400, error: { code: 'VALIDATION_FAILED' } }
  if (tournament.status === 'cancelled') return conflict('TOURNAMENT_CANCELLED')
  if (tournament.secondChance) return conflict('SECOND_CHANCE_EXISTS')
  if (tournament.status === 'completed') return conflict('QUARTERFINAL_PLAYED')
  if (!tournament.isRound16Played) return conflict('ROUND_OF_16_INCOMPLETE')
  if (isDeadlinePast) return { status: 400, error: { code: 'VALIDATION_FAILED' } }
  return { status: 201 }
}

class OpenSecondChance implements ModelCommand {
  constructor(
    readonly tournamentIndex: number,
    /** A fee of 0 is refused by the route's validation. */
    readonly config: PoolConfig,
    readonly isDeadlinePast: boolean,
    /** Among the tournaments whose round of 16 is played and second chance not yet open. */
    readonly isAimed: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.tournaments.length > 0
  async run(model: Model, real: RealSystem) {
    const tournament = pickTournament(model, this.tournamentIndex, this.isAimed ? isOpenable : null)
    const expected = expectedOpenAnswer(tournament, this.config, this.isDeadlinePast)
    const hour = 60 * 60 * 1000
    const deadline = new Date(Date.now() + (this.isDeadlinePast ? -hour : hour))
    const answer = await asAdmin(
      real,
      'POST',
      `/api/admin/tournaments/${tournament.bracket.tournament.id}/second-chance`,
      { ...this.config, bettingDeadline: deadline.toISOString() },
    )
    expect(answer, this.toString()).toEqual(expected)
    if (expected.status === 201) {
      tournament.secondChance = {
        config: this.config,
        isDeadlinePassed: false,
        bets: [],
        settlement: null,
      }
    }
    await expectSameState(real, model)
  }
  toString = () =>
    `OpenSecondChance(${this.isAimed ? 'playable ' : ''}tournament ${this.tournamentIndex}, ` +
    `${JSON.stringify(this.config)}, deadline ${this.isDeadlinePast ? 'past' : 'in an hour'})`
}

/** Time passes a second chance's deadline (the server's and the database's clocks both read it). */
class SecondChanceDeadlinePasses implements ModelCommand {
  constructor(readonly tournamentIndex: number) {}
  check = (model: Readonly<Model>) => model.tournaments.some(isTakingEntries)
  async run(model: Model, real: RealSystem) {
    const tournament = pickTournament(model, this.tournamentIndex, isTakingEntries)
    await real.db.execute(sql`
      update tournament_contests set betting_deadline = now() - interval '1 minute'
       where tournament_id = ${tournament.bracket.tournament.id}::uuid`)
    tournament.secondChance!.isDeadlinePassed = true
    await expectSameState(real, model)
  }
  toString = () => `SecondChanceDeadlinePasses(open tournament ${this.tournamentIndex})`
}

const index = fc.nat({ max: 7 })
/** Three in four aimed commands: the rest may hit any tournament and be refused. */
const isAimed = fc.nat({ max: 3 }).map((n) => n > 0)

/** Bits to flip from the QF+ results: mostly none or one (winners), sometimes any (losers). */
const secondChanceNoise = fc.oneof(
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 4, arbitrary: fc.nat({ max: SECOND_CHANCE_BITS - 1 }).map((bit) => 1 << bit) },
  { weight: 2, arbitrary: fc.nat({ max: 2 ** SECOND_CHANCE_BITS - 1 }) },
)

const validFee = fc.oneof(fc.constant(400), fc.integer({ min: 1, max: 600 }))

/** The second chance's figures: any the route takes (multiplier 0 too), and now and then fee 0. */
function secondChanceConfig(entryFee: fc.Arbitrary<number>): fc.Arbitrary<PoolConfig> {
  return fc.record({
    entryFee,
    basePool: fc.oneof(fc.constant(1000), fc.integer({ min: 0, max: 20_000 })),
    // Steps of 0.05: floor(fee × participants × multiplier) must still be exact.
    multiplier: fc.integer({ min: 0, max: 30 }).map((steps) => steps / 20),
  })
}

/** The second chance's commands with their weights, for commands.ts's fc.oneof. */
export const secondChanceArbitraries = [
  { weight: 3, arbitrary: index.map((tournament) => new PlayRound16(tournament)) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        index,
        secondChanceConfig(
          fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 9, arbitrary: validFee }),
        ),
        fc.nat({ max: 7 }),
        isAimed,
      )
      .map(
        ([tournament, config, past, aimed]) =>
          new OpenSecondChance(tournament, config, past === 0, aimed),
      ),
  },
  {
    weight: 10,
    arbitrary: fc
      .tuple(index, index, secondChanceNoise, isAimed)
      .map(
        ([user, tournament, bits, aimed]) =>
          new PlaceBet('second_chance', user, tournament, bits, aimed),
      ),
  },
  { weight: 1, arbitrary: index.map((tournament) => new SecondChanceDeadlinePasses(tournament)) },
]

/**
 * The end of half the runs' prologues: the `upcomingIndex`-th upcoming tournament plays its round
 * of 16, opens its second chance and takes up to 3 entries, so that a few dozen commands can
 * still enter, settle and cancel it (in the other half the commands alone must get there,
 * refusals included).
 */
export function secondChanceOpening(upcomingIndex: number): fc.Arbitrary<ModelCommand[]> {
  const entries = fc.array(
    fc
      .tuple(index, secondChanceNoise)
      .map(([user, bits]) => new PlaceBet('second_chance', user, 0, bits, true)),
    { maxLength: 3 },
  )
  return fc
    .tuple(secondChanceConfig(validFee), entries)
    .map(([config, entered]) => [
      new PlayRound16(upcomingIndex),
      new OpenSecondChance(0, config, false, true),
      ...entered,
    ])
}
