// The one status a tournament's header shows (issue 29): derived once from the stored status, the
// deadline and the time, so the page never shows "upcoming" beside "betting closed" beside "live".
import { countdown, type Countdown } from './countdown'
import { isBettingOpen, type TournamentStatus } from './tournament'

export type TournamentPhase =
  /** Upcoming and taking brackets: the time left to enter. */
  | { readonly kind: 'open'; readonly countdown: Countdown }
  /** Upcoming, its deadline passed: no more brackets, no result yet. */
  | { readonly kind: 'closed' }
  /** In play: results arrive. */
  | { readonly kind: 'live' }
  | { readonly kind: 'completed' }
  | { readonly kind: 'cancelled' }

export type TournamentPhaseKind = TournamentPhase['kind']

export function tournamentPhase(
  status: TournamentStatus,
  deadline: Date | number,
  now: Date | number,
): TournamentPhase {
  switch (status) {
    case 'upcoming':
      return isBettingOpen(status, deadline, now)
        ? { kind: 'open', countdown: countdown(deadline, now) }
        : { kind: 'closed' }
    case 'active':
      return { kind: 'live' }
    case 'completed':
      return { kind: 'completed' }
    case 'cancelled':
      return { kind: 'cancelled' }
  }
}
