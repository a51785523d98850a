// The database enums, each built from the domain's list, so a value exists in the database, the
// wire schemas and the rules alike. Reordering or renaming a list changes the enum: run
// `npx drizzle-kit generate` and check the migration.
import { pgEnum } from 'drizzle-orm/pg-core'
import { BET_STATUSES } from '#domain/bet/bet-status'
import { CONTESTS } from '#shared/schemas/contest'
import { ROUND_ORDER } from '#domain/bracket/bracket'
import { SETTLEMENT_STATES, TOURNAMENT_STATUSES } from '#domain/tournament/tournament'
import { TRANSACTION_TYPES } from '#domain/wallet/transactions'

export const tournamentStatus = pgEnum('tournament_status', TOURNAMENT_STATUSES)
export const matchRound = pgEnum('match_round', ROUND_ORDER)
export const betStatus = pgEnum('bet_status', BET_STATUSES)
export const transactionType = pgEnum('transaction_type', TRANSACTION_TYPES)
// 'cancelled': the tournament was cancelled after its settlement stopped (decision 068).
export const settlementState = pgEnum('settlement_state', SETTLEMENT_STATES)
// The contest a bet enters (docs/product.md "Second chance", decision 110): the main bracket or the second chance.
export const contest = pgEnum('contest', CONTESTS)
