// The way from the last result to the payout (docs/product.md "Where we differ from the seed on purpose"): a tournament is marked
// completed, gets its MVP, then is settled. The results page offers the step that comes next.
import type { AdminTournament, TournamentInput } from '#shared/schemas/admin'

export type FinishStep = 'complete' | 'mvp' | 'settle'

/**
 * The next step once every match has a result, null while results are missing or when nothing
 * is left to do (settled, cancelled, a settlement already under way).
 */
export function finishStepOf(
  tournament: Pick<AdminTournament, 'status' | 'isSettled' | 'mvpPlayerId' | 'settlementStage'>,
  { decided, total }: { decided: number; total: number },
): FinishStep | null {
  if (total === 0 || decided < total) return null
  if (tournament.isSettled || tournament.status === 'cancelled') return null
  if (tournament.settlementStage !== 'not_started') return 'settle'
  if (tournament.status !== 'completed') return 'complete'
  return tournament.mvpPlayerId === null ? 'mvp' : 'settle'
}

/** The tournament as it is, saved as completed: the edit route takes the whole record. */
export function completedInput(tournament: AdminTournament): TournamentInput {
  return {
    name: tournament.name,
    status: 'completed',
    bettingDeadline: tournament.bettingDeadline,
    startDate: tournament.startDate,
    endDate: tournament.endDate,
    basePool: tournament.basePool,
    entryFee: tournament.entryFee,
    multiplier: tournament.multiplier,
    bracketsChangeable: tournament.bracketsChangeable,
  }
}
