// The model test's one bet command, with the contest as a parameter as the server's bet path
// takes it (decision 156): a fan places a bet on the main bracket or enters the second chance
// through the same service. What differs between the contests (which tournaments take entries,
// which picks a bet makes, which refusal the model expects, where the bet is kept) is the table
// below; the run, the answer's check and the model's update are the same code.
import { expect } from 'vitest'
import { picksFromEntries } from '#domain/bracket/bracket'
import { contestMatches } from '#domain/contest/contest-rounds'
import type { PickInput } from '#shared/schemas/bet'
import type { Contest } from '#shared/schemas/contest'
import { placeBet } from '#server/features/bets/place-bet.service'
import { bracketOutcome } from './bracket-outcome'
import {
  answerOf,
  expectSameState,
  pick,
  pickTournament,
  type ModelCommand,
  type RealSystem,
} from './command-support'
import {
  expectedBetError,
  expectedSecondChanceError,
  type Model,
  type ModelContest,
  type ModelTournament,
  type ModelUser,
} from './model-state'

/** bracketOutcome's bits from the quarterfinals on: 4 + 2 + 1 matches, then the MVP. */
const FIRST_SECOND_CHANCE_BIT = 8

interface ContestBets {
  /** The tournaments whose contest takes entries: an aimed bet picks among them. */
  isTakingEntries(tournament: ModelTournament): boolean
  /** The bet: the tournament's results with the noise's bits flipped, in the contest's matches. */
  picksOf(tournament: ModelTournament, noise: number): { picks: PickInput[]; mvpPlayerId: string }
  expectedError(model: Model, user: ModelUser, tournament: ModelTournament): string | null
  /** Where an accepted bet is kept: the tournament (main) or its second chance. */
  contestOf(tournament: ModelTournament): ModelContest
}

export const CONTEST_BETS: Record<Contest, ContestBets> = {
  main: {
    isTakingEntries: (tournament) =>
      tournament.status === 'upcoming' && !tournament.isDeadlinePassed,
    picksOf: ({ bracket, truthBits }, noise) => bracketOutcome(bracket, truthBits ^ noise),
    expectedError: expectedBetError,
    contestOf: (tournament) => tournament,
  },
  // The quarterfinals' pairs are the real round-of-16 winners (the tournament's results).
  second_chance: {
    isTakingEntries: (tournament) =>
      tournament.status === 'active' &&
      tournament.secondChance !== null &&
      !tournament.secondChance.isDeadlinePassed,
    picksOf: ({ bracket, truthBits }, noise) => {
      const outcome = bracketOutcome(bracket, truthBits ^ (noise << FIRST_SECOND_CHANCE_BIT))
      const predicted = new Set(contestMatches(bracket.matches, 'second_chance').map((m) => m.id))
      const picks = outcome.picks.filter((entry) => predicted.has(entry.matchId))
      return { picks, mvpPlayerId: outcome.mvpPlayerId }
    },
    expectedError: (_model, user, tournament) => expectedSecondChanceError(user, tournament),
    contestOf: (tournament) => tournament.secondChance!,
  },
}

export class PlaceBet implements ModelCommand {
  constructor(
    readonly contest: Contest,
    readonly userIndex: number,
    readonly tournamentIndex: number,
    /** Bits flipped from the tournament's results (the contest's matches): 0 is perfect. */
    readonly noise: number,
    /** Among the tournaments whose contest takes entries only. */
    readonly isAimed: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.users.length > 0 && model.tournaments.length > 0
  async run(model: Model, real: RealSystem) {
    const rules = CONTEST_BETS[this.contest]
    const user = pick(model.users, this.userIndex)
    const tournament = pickTournament(
      model,
      this.tournamentIndex,
      this.isAimed ? rules.isTakingEntries : null,
    )
    const { picks, mvpPlayerId } = rules.picksOf(tournament, this.noise)
    const expectedError = rules.expectedError(model, user, tournament)
    const answer = await answerOf(() =>
      placeBet(real.db, {
        userId: user.id,
        tournamentId: tournament.bracket.tournament.id,
        contest: this.contest,
        picks,
        mvpPlayerId,
      }),
    )
    if (expectedError) {
      expect(answer, this.toString()).toEqual({ error: expectedError })
    } else {
      const contest = rules.contestOf(tournament)
      user.balance -= contest.config.entryFee
      expect(answer, this.toString()).toMatchObject({
        value: { balance: user.balance, bet: { amount: contest.config.entryFee } },
      })
      contest.bets.push({
        id: 'value' in answer ? answer.value.bet.id : '',
        userId: user.id,
        picks: picksFromEntries(picks),
        mvpPlayerId,
        amount: contest.config.entryFee,
        status: 'active',
      })
    }
    await expectSameState(real, model)
  }
  toString = () =>
    `PlaceBet(${this.contest}, user ${this.userIndex}, ${this.isAimed ? 'open ' : ''}tournament ` +
    `${this.tournamentIndex}, noise ${this.noise})`
}
