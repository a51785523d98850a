// The state the model test compares after every command: balances of the run's users, and the
// bets, status and settlement of the run's tournaments — read from the database, or derived from
// the model, in the same shape.
import { and, count, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../src/server/db/client'
import {
  bets,
  tournamentSettlements,
  tournaments,
  walletTransactions,
  wallets,
} from '../../src/server/db/schema'
import type { Model } from './model-state'

export interface ObservedState {
  balances: Record<string, number>
  /** bet_lost ledger rows of the run's bets: none, a loss is recorded on the bet (decision 078). */
  lossRows: number
  tournaments: Record<
    string,
    {
      status: string
      bets: Record<string, { userId: string; amount: number; status: string }>
      settlement: {
        state: string
        prizePool: number
        participantCount: number
        totalWinners: number
        totalPaid: number
      } | null
    }
  >
}

export function expectedState(model: Model): ObservedState {
  const state: ObservedState = { balances: {}, lossRows: 0, tournaments: {} }
  for (const user of model.users) state.balances[user.id] = user.balance
  for (const tournament of model.tournaments) {
    const settlement = tournament.settlement
    state.tournaments[tournament.bracket.tournament.id] = {
      status: tournament.status,
      bets: Object.fromEntries(
        tournament.bets.map((bet) => [
          bet.id,
          { userId: bet.userId, amount: bet.amount, status: bet.status },
        ]),
      ),
      settlement: settlement && {
        state: settlement.state,
        prizePool: settlement.prizePool,
        participantCount: settlement.participantCount,
        totalWinners: settlement.totalWinners,
        totalPaid: settlement.totalPaid,
      },
    }
  }
  return state
}

export async function readState(db: Database, model: Model): Promise<ObservedState> {
  const state: ObservedState = { balances: {}, lossRows: 0, tournaments: {} }
  const userIds = model.users.map((user) => user.id)
  const tournamentIds = model.tournaments.map((tournament) => tournament.bracket.tournament.id)
  if (userIds.length > 0) {
    const rows = await db
      .select({ userId: wallets.userId, balance: wallets.balance })
      .from(wallets)
      .where(inArray(wallets.userId, userIds))
    for (const row of rows) state.balances[row.userId] = row.balance
  }
  if (tournamentIds.length === 0) return state
  const [tournamentRows, betRows, settlementRows] = [
    await db
      .select({ id: tournaments.id, status: tournaments.status })
      .from(tournaments)
      .where(inArray(tournaments.id, tournamentIds)),
    await db.select().from(bets).where(inArray(bets.tournamentId, tournamentIds)),
    await db
      .select()
      .from(tournamentSettlements)
      .where(inArray(tournamentSettlements.tournamentId, tournamentIds)),
  ]
  for (const row of tournamentRows) {
    const settlement = settlementRows.find((settled) => settled.tournamentId === row.id)
    state.tournaments[row.id] = {
      status: row.status,
      bets: {},
      settlement: settlement
        ? {
            state: settlement.state,
            prizePool: settlement.prizePool,
            participantCount: settlement.participantCount,
            totalWinners: settlement.totalWinners,
            totalPaid: settlement.totalPaid,
          }
        : null,
    }
  }
  const betIds = betRows.map((bet) => bet.id)
  if (betIds.length > 0) {
    const [losses] = await db
      .select({ n: count() })
      .from(walletTransactions)
      .where(
        and(
          inArray(walletTransactions.relatedBetId, betIds),
          eq(walletTransactions.type, 'bet_lost'),
        ),
      )
    state.lossRows = losses?.n ?? 0
  }
  for (const bet of betRows) {
    state.tournaments[bet.tournamentId]!.bets[bet.id] = {
      userId: bet.userId,
      amount: bet.amount,
      status: bet.status,
    }
  }
  return state
}
