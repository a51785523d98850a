// The database enums.
import { pgEnum } from 'drizzle-orm/pg-core'

export const tournamentStatus = pgEnum('tournament_status', [
  'upcoming',
  'active',
  'completed',
  'cancelled',
])
export const matchRound = pgEnum('match_round', ['round16', 'quarterfinal', 'semifinal', 'final'])
export const betStatus = pgEnum('bet_status', ['active', 'won', 'lost', 'refunded'])
export const transactionType = pgEnum('transaction_type', [
  'deposit',
  'welcome_bonus',
  'bet_placed',
  'bet_won',
  'bet_lost',
  'bet_refund',
  'withdrawal',
])
// 'cancelled': the tournament was cancelled after its settlement stopped (decision 068).
export const settlementState = pgEnum('settlement_state', ['in_progress', 'completed', 'cancelled'])
