// The one rule for saving a tournament with a status (docs/product.md "Statuses, deadlines and the wizard", docs/decisions/068):
// the server refuses a save it breaks, and the admin status select offers exactly the statuses it
// allows. Cancelling has its own action, which refunds every bet, so it is never a plain save.
import { TOURNAMENT_STATUSES, isBettingOpen, type TournamentStatus } from './tournament'

/** The statuses a new tournament may start in: every one but cancelled. */
export const CREATION_STATUSES = TOURNAMENT_STATUSES.filter(
  (status): status is Exclude<TournamentStatus, 'cancelled'> => status !== 'cancelled',
)

export function isCreationStatus(status: TournamentStatus): boolean {
  return (CREATION_STATUSES as readonly TournamentStatus[]).includes(status)
}

export interface StatusFacts {
  /** A settled tournament has paid out and can no longer change. */
  isSettled: boolean
  /** At least one match has a winner: betting must not reopen on a bracket with results. */
  hasResults: boolean
}

export interface StatusChange extends StatusFacts {
  from: TournamentStatus
  to: TournamentStatus
  /** The betting deadline the tournament is saved with. */
  bettingDeadline: Date | number
  now: Date | number
}

/**
 * - settled: a settled tournament is never edited.
 * - cancelled: a cancelled tournament stays cancelled.
 * - cancel_by_route: only the cancel action (with its refunds) makes a tournament cancelled.
 * - results_exist: once a result exists, betting never opens again — no way back to 'upcoming',
 *   and no deadline moved into the future of an upcoming tournament.
 */
export type StatusChangeProblem = 'settled' | 'cancelled' | 'cancel_by_route' | 'results_exist'

/** Why a tournament saved as `from` may not be saved as `to` with this deadline, null when it may. */
export function statusChangeProblem({
  from,
  to,
  isSettled,
  hasResults,
  bettingDeadline,
  now,
}: StatusChange): StatusChangeProblem | null {
  if (isSettled) return 'settled'
  if (from === 'cancelled') return to === 'cancelled' ? null : 'cancelled'
  if (to === 'cancelled') return 'cancel_by_route'
  if (!hasResults) return null
  if (to === 'upcoming' && from !== 'upcoming') return 'results_exist'
  if (isBettingOpen(to, bettingDeadline, now)) return 'results_exist'
  return null
}

/**
 * The statuses the status select offers for a tournament saved as `from`: `from` itself first
 * (saving other fields only; the server still refuses a settled one), then every other status the
 * rule allows. The deadline part of the rule only ever refuses staying 'upcoming', which is `from`
 * itself, so the list does not depend on the deadline or the time.
 */
export function allowedStatusTransitions(
  from: TournamentStatus,
  facts: StatusFacts,
): TournamentStatus[] {
  const whateverDeadline = { bettingDeadline: 0, now: 0 }
  const others = TOURNAMENT_STATUSES.filter(
    (to) =>
      to !== from && statusChangeProblem({ from, to, ...facts, ...whateverDeadline }) === null,
  )
  return [from, ...others]
}
