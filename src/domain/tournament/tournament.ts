// Tournament status rules (spec §4, DESIGN §3 and §7).

export const TOURNAMENT_STATUSES = ['upcoming', 'active', 'completed', 'cancelled'] as const
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number]

export function isTournamentStatus(value: unknown): value is TournamentStatus {
  return typeof value === 'string' && (TOURNAMENT_STATUSES as readonly string[]).includes(value)
}

/**
 * Betting is open only while the status is 'upcoming' and `now` is strictly before the
 * deadline. An invalid date counts as closed.
 */
export function isBettingOpen(
  status: TournamentStatus,
  deadline: Date | number,
  now: Date | number,
): boolean {
  return status === 'upcoming' && toMillis(now) < toMillis(deadline)
}

/** Only a completed tournament can have its MVP set. */
export function canSetMvp(status: TournamentStatus): boolean {
  return status === 'completed'
}

/** A tournament can be cancelled (refunding every active bet) unless completed or cancelled. */
export function canCancel(status: TournamentStatus): boolean {
  return status === 'upcoming' || status === 'active'
}

function toMillis(value: Date | number): number {
  return typeof value === 'number' ? value : value.getTime()
}
