// The state the model test compares after every command: balances of the run's users, and for
// each of the run's tournaments its status and, per contest (main bracket, second chance), the
// pool figures, the bets with their ledger rows, the ledger's totals and the settlement — read
// from the database, or derived from the model, in the same shape.
import { eq, inArray } from 'drizzle-orm'
import type { Contest } from '#shared/schemas/contest'
import type { Database } from '#server/db/client'
import {
  bets,
  leaguePotEntries,
  leaguePots,
  tournamentContests,
  tournamentSettlements,
  tournaments,
  walletTransactions,
  wallets,
} from '#server/db/schema'
import {
  settlementFigures,
  type Model,
  type ModelBet,
  type ModelContest,
  type PoolConfig,
} from './model-state'

/** The ledger rows of a bet (or a contest), summed by type: what it staked, won and got back. */
export interface LedgerSums {
  staked: number
  paid: number
  refunded: number
}

export interface ObservedContest {
  config: PoolConfig
  bets: Record<string, { userId: string; amount: number; status: string; ledger: LedgerSums }>
  ledger: LedgerSums
  settlement: {
    state: string
    prizePool: number
    participantCount: number
    totalWinners: number
    totalPaid: number
  } | null
}

/** A pot of the run's league: its stake, state and each entry's payout (null while open). */
export interface ObservedPot {
  stake: number
  state: string
  entries: Record<string, number | null>
}

export interface ObservedState {
  balances: Record<string, number>
  /** By tournament id. */
  pots: Record<string, ObservedPot>
  /** bet_lost ledger rows of the run's bets: none, a loss is recorded on the bet (decision 078). */
  lossRows: number
  tournaments: Record<
    string,
    { status: string; contests: Partial<Record<Contest, ObservedContest>> }
  >
}

const noLedger = (): LedgerSums => ({ staked: 0, paid: 0, refunded: 0 })

/** The ledger rows the model's rules give a bet: its fee, then its prize or its refund. */
function ledgerOf(bet: ModelBet, contest: ModelContest): LedgerSums {
  return {
    staked: -bet.amount,
    paid: bet.status === 'won' ? (contest.settlement?.amounts.get(bet.id) ?? 0) : 0,
    refunded: bet.status === 'refunded' ? bet.amount : 0,
  }
}

function expectedContest(contest: ModelContest): ObservedContest {
  const observed: ObservedContest = {
    config: contest.config,
    bets: {},
    ledger: noLedger(),
    settlement: contest.settlement && settlementFigures(contest.settlement),
  }
  for (const bet of contest.bets) {
    const ledger = ledgerOf(bet, contest)
    observed.bets[bet.id] = { userId: bet.userId, amount: bet.amount, status: bet.status, ledger }
    addLedger(observed.ledger, ledger)
  }
  return observed
}

function addLedger(total: LedgerSums, more: LedgerSums) {
  total.staked += more.staked
  total.paid += more.paid
  total.refunded += more.refunded
}

export function expectedState(model: Model): ObservedState {
  const state: ObservedState = { balances: {}, pots: {}, lossRows: 0, tournaments: {} }
  for (const user of model.users) state.balances[user.id] = user.balance
  for (const pot of model.pots) {
    state.pots[pot.tournament.bracket.tournament.id] = {
      stake: pot.stake,
      state: pot.state,
      entries: Object.fromEntries(pot.entries.map((entry) => [entry.userId, entry.payout])),
    }
  }
  for (const tournament of model.tournaments) {
    const contests: Partial<Record<Contest, ObservedContest>> = {
      main: expectedContest(tournament),
    }
    if (tournament.secondChance) contests.second_chance = expectedContest(tournament.secondChance)
    state.tournaments[tournament.bracket.tournament.id] = { status: tournament.status, contests }
  }
  return state
}

export async function readState(db: Database, model: Model): Promise<ObservedState> {
  const state: ObservedState = { balances: {}, pots: {}, lossRows: 0, tournaments: {} }
  if (model.league) await readPots(db, model.league.id, state)
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
  const [tournamentRows, contestRows, betRows, settlementRows] = [
    await db.select().from(tournaments).where(inArray(tournaments.id, tournamentIds)),
    await db
      .select()
      .from(tournamentContests)
      .where(inArray(tournamentContests.tournamentId, tournamentIds)),
    await db.select().from(bets).where(inArray(bets.tournamentId, tournamentIds)),
    await db
      .select()
      .from(tournamentSettlements)
      .where(inArray(tournamentSettlements.tournamentId, tournamentIds)),
  ]
  const observed = (settlement: (typeof settlementRows)[number] | undefined) =>
    settlement
      ? {
          state: settlement.state,
          prizePool: settlement.prizePool,
          participantCount: settlement.participantCount,
          totalWinners: settlement.totalWinners,
          totalPaid: settlement.totalPaid,
        }
      : null
  const settlementOf = (tournamentId: string, contest: Contest) =>
    observed(
      settlementRows.find((row) => row.tournamentId === tournamentId && row.contest === contest),
    )
  for (const row of tournamentRows) {
    const config = row.prizePoolConfig
    const contests: Partial<Record<Contest, ObservedContest>> = {
      main: {
        config: {
          entryFee: config.entry_fee,
          basePool: config.base_pool,
          multiplier: config.multiplier,
        },
        bets: {},
        ledger: noLedger(),
        settlement: settlementOf(row.id, 'main'),
      },
    }
    const secondChance = contestRows.find((contest) => contest.tournamentId === row.id)
    if (secondChance) {
      contests.second_chance = {
        config: {
          entryFee: secondChance.entryFee,
          basePool: secondChance.basePool,
          multiplier: secondChance.multiplier,
        },
        bets: {},
        ledger: noLedger(),
        settlement: settlementOf(row.id, 'second_chance'),
      }
    }
    state.tournaments[row.id] = { status: row.status, contests }
  }
  const ledgers = await readBetLedgers(
    db,
    betRows.map((bet) => bet.id),
  )
  state.lossRows = ledgers.lossRows
  for (const bet of betRows) {
    // A bet of a contest the tournament has no row for shows up as a contest the model lacks.
    const into = (state.tournaments[bet.tournamentId]!.contests[bet.contest] ??= {
      config: { entryFee: 0, basePool: 0, multiplier: 0 },
      bets: {},
      ledger: noLedger(),
      settlement: null,
    })
    const ledger = ledgers.byBet.get(bet.id) ?? noLedger()
    into.bets[bet.id] = { userId: bet.userId, amount: bet.amount, status: bet.status, ledger }
    addLedger(into.ledger, ledger)
  }
  return state
}

/** Each bet's ledger rows summed by type, and how many bet_lost rows there are. */
async function readBetLedgers(db: Database, betIds: string[]) {
  const byBet = new Map<string, LedgerSums>()
  if (betIds.length === 0) return { byBet, lossRows: 0 }
  const rows = await db
    .select({
      betId: walletTransactions.relatedBetId,
      type: walletTransactions.type,
      amount: walletTransactions.amount,
    })
    .from(walletTransactions)
    .where(inArray(walletTransactions.relatedBetId, betIds))
  let lossRows = 0
  for (const row of rows) {
    const sums = byBet.get(row.betId!) ?? noLedger()
    byBet.set(row.betId!, sums)
    if (row.type === 'bet_placed') sums.staked += row.amount
    else if (row.type === 'bet_won') sums.paid += row.amount
    else if (row.type === 'bet_refund') sums.refunded += row.amount
    else if (row.type === 'bet_lost') lossRows += 1
  }
  return { byBet, lossRows }
}

/** The run's league's pots and their entries. */
async function readPots(db: Database, leagueId: string, state: ObservedState) {
  const pots = await db.select().from(leaguePots).where(eq(leaguePots.leagueId, leagueId))
  const entries = await db
    .select()
    .from(leaguePotEntries)
    .where(eq(leaguePotEntries.leagueId, leagueId))
  for (const pot of pots) {
    state.pots[pot.tournamentId] = {
      stake: pot.stake,
      state: pot.state,
      entries: Object.fromEntries(
        entries
          .filter((entry) => entry.tournamentId === pot.tournamentId)
          .map((entry) => [entry.userId, entry.payout]),
      ),
    }
  }
}
