// The model test's commands that move coins outside a bet: cancelling a tournament (its refunds)
// and an admin's wallet adjustment. Each compares the answer with the model's, then the whole
// state and the ledger auditor (expectSameState).
import { expect } from 'vitest'
import { adjustWallet } from '#server/features/admin/admin-wallets.service'
import { cancelTournament } from '#server/features/settlement/cancel.service'
import {
  answerOf,
  expectSameState,
  pick,
  type ModelCommand,
  type RealSystem,
} from './command-support'
import { refundContests, type Model } from './model-state'

export class Cancel implements ModelCommand {
  constructor(readonly tournamentIndex: number) {}
  check = (model: Readonly<Model>) => model.tournaments.length > 0
  async run(model: Model, real: RealSystem) {
    const tournament = pick(model.tournaments, this.tournamentIndex)
    const answer = await answerOf(() =>
      cancelTournament(real.db, {
        actorId: real.adminId,
        tournamentId: tournament.bracket.tournament.id,
      }),
    )
    if (tournament.settlement) {
      expect(answer, this.toString()).toEqual({ error: 'CONFLICT' })
    } else {
      const active = refundContests(model, tournament)
      expect(answer, this.toString()).toMatchObject({
        value: {
          status: 'cancelled',
          refundedBets: active.length,
          refundedCoins: active.reduce((sum, bet) => sum + bet.amount, 0),
        },
      })
    }
    await expectSameState(real, model)
  }
  toString = () => `Cancel(tournament ${this.tournamentIndex})`
}

export class Adjust implements ModelCommand {
  constructor(
    readonly userIndex: number,
    readonly type: 'deposit' | 'withdrawal',
    readonly amount: number,
    /** A few keys per run, so repeats (replays, or a key of another user) happen. */
    readonly keyIndex: number,
  ) {}
  check = (model: Readonly<Model>) => model.users.length > 0
  async run(model: Model, real: RealSystem) {
    const user = pick(model.users, this.userIndex)
    const key = `${real.runKey}-${this.keyIndex}`
    const answer = await answerOf(() =>
      adjustWallet(real.db, {
        actorId: real.adminId,
        userId: user.id,
        input: { type: this.type, amount: this.amount, reason: 'model test', idempotencyKey: key },
      }),
    )
    const applied = model.appliedKeys.get(key)
    const delta = this.type === 'deposit' ? this.amount : -this.amount
    if (applied && applied.userId !== user.id) {
      expect(answer, this.toString()).toEqual({ error: 'CONFLICT' })
    } else if (applied) {
      expect(answer, this.toString()).toMatchObject({
        value: { isReplay: true, amount: applied.delta, balance: user.balance },
      })
    } else if (user.balance + delta < 0) {
      expect(answer, this.toString()).toEqual({ error: 'INSUFFICIENT_FUNDS' })
    } else {
      user.balance += delta
      model.appliedKeys.set(key, { userId: user.id, delta })
      expect(answer, this.toString()).toMatchObject({
        value: { isReplay: false, amount: delta, balance: user.balance },
      })
    }
    await expectSameState(real, model)
  }
  toString = () =>
    `Adjust(user ${this.userIndex}, ${this.type} ${this.amount}, key ${this.keyIndex})`
}
