// Which statuses an admin may move a tournament to by editing it (the status select offers
// exactly these). Cancelling has its own action, which refunds every bet, so it is never a plain
// status change.
import type { TournamentStatus } from './tournament'

export interface TransitionFacts {
  /** A settled tournament has paid out and can no longer change. */
  isSettled: boolean
  /** At least one match has a winner: betting must not reopen on a bracket with results. */
  hasResults: boolean
}

/** The statuses `from` may be saved with, `from` itself first (saving other fields only). */
export function allowedStatusTransitions(
  from: TournamentStatus,
  { isSettled, hasResults }: TransitionFacts,
): TournamentStatus[] {
  if (isSettled || from === 'cancelled') return [from]
  const allowed: TournamentStatus[] = [from]
  for (const to of ['upcoming', 'active', 'completed'] as const) {
    if (to === from) continue
    if (to === 'upcoming' && hasResults) continue
    allowed.push(to)
  }
  return allowed
}

export function canChangeStatus(
  from: TournamentStatus,
  to: TournamentStatus,
  facts: TransitionFacts,
): boolean {
  return allowedStatusTransitions(from, facts).includes(to)
}
